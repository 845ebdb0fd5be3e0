import { apiPath, api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { FileField, TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { BrandingPreview } from './BrandingPreview.tsx';
import { type FiscalProfile, multipart } from './types.ts';

const COLOR = /^#[0-9A-Fa-f]{6}$/;

/** Logo and brand colour of the profile's PDFs, beside the PDF they give (BrandingPreview). */
export function Branding({ profile, onDone }: { profile: FiscalProfile; onDone: (profile: FiscalProfile) => void }) {
  const form = useForm({ brand_color: profile.brand_color });
  async function submit() {
    const changed: Record<string, string> = form.values.brand_color !== profile.brand_color ? { brand_color: form.values.brand_color } : {};
    onDone(await api.upload<FiscalProfile>('PATCH', apiPath`/v1/fiscal_profiles/${profile.id}`, multipart(changed, form.files)));
  }
  // A half-typed colour keeps the last complete one: the API would refuse it.
  const color = COLOR.test(form.values.brand_color ?? '') ? form.values.brand_color!.toUpperCase() : profile.brand_color;
  return (
    <section class="panel" aria-labelledby="branding-title">
      <h2 id="branding-title">{t('profiles.branding')}</h2>
      <div class="branding">
        <Form form={form} onSubmit={submit} submitLabel={t('profiles.saveBranding')} label={t('profiles.branding')}>
          <FileField form={form} name="logo" label={t('profiles.logo')} accept="image/png,image/jpeg" hint={t('profiles.logoHint')} />
          <div class="color-row">
            <label class="visually-hidden" for="brand-color-picker">
              {t('profiles.colorPicker')}
            </label>
            <input id="brand-color-picker" type="color" value={color} onInput={(event) => form.set('brand_color', event.currentTarget.value)} />
            <TextField form={form} name="brand_color" label={t('profiles.brandColor')} maxLength={7} />
          </div>
        </Form>
        <BrandingPreview profileId={profile.id} color={color} savedAt={profile.updated_at} />
      </div>
    </section>
  );
}
