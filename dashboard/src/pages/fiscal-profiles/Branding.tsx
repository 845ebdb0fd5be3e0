import { useEffect, useState } from 'preact/hooks';
import { api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { FileField, TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { type FiscalProfile, multipart } from './types.ts';

const COLOR = /^#[0-9A-Fa-f]{6}$/;

/**
 * Logo and brand colour of the profile's PDFs. The API has no PDF preview for a profile, so the
 * preview is the invoice header drawn here in HTML with the chosen logo and colour.
 */
export function Branding({ profile, onDone }: { profile: FiscalProfile; onDone: (profile: FiscalProfile) => void }) {
  const form = useForm({ brand_color: profile.brand_color });
  const [logoUrl, setLogoUrl] = useState<string | undefined>();
  const logo = form.files.logo;
  useEffect(() => {
    if (!logo) return setLogoUrl(undefined);
    const url = URL.createObjectURL(logo);
    setLogoUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);
  async function submit() {
    const changed: Record<string, string> = form.values.brand_color !== profile.brand_color ? { brand_color: form.values.brand_color } : {};
    onDone(await api.upload<FiscalProfile>('PATCH', `/v1/fiscal_profiles/${profile.id}`, multipart(changed, form.files)));
  }
  const color = COLOR.test(form.values.brand_color ?? '') ? form.values.brand_color! : profile.brand_color;
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
        <figure class="invoice-preview" style={{ '--brand': color }} aria-label={t('profiles.previewLabel')}>
          <div class="invoice-preview-band">
            {logoUrl ? (
              <img src={logoUrl} alt={t('profiles.logo')} />
            ) : (
              <span class="logo-placeholder">{profile.has_logo ? t('profiles.logoOnFile') : t('profiles.noLogo')}</span>
            )}
            <div>
              <strong>{profile.legal_name}</strong>
              <span>
                {t('field.rfc')} {profile.rfc} · {t('field.taxRegime')} {profile.tax_regime}
              </span>
            </div>
            <span class="invoice-preview-title">{t('profiles.previewTitle')}</span>
          </div>
          <div class="invoice-preview-body">
            <span>{t('profiles.previewRow')}</span>
            <span>$1,740.00</span>
          </div>
          <figcaption class="hint">{t('profiles.previewCaption')}</figcaption>
        </figure>
      </div>
    </section>
  );
}
