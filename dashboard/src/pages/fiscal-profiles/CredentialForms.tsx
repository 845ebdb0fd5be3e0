import { apiPath, api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { FileField, TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { base64Of, type FiscalProfile, multipart } from './types.ts';

interface Props {
  profile: FiscalProfile;
  onDone: (profile: FiscalProfile) => void;
}

/** Signs the carta manifiesto: with the FIEL already on the profile, or one chosen here. */
export function ManifestForm({ profile, onDone }: Props) {
  const form = useForm({ 'fiel.password': '', email: '' });
  async function submit() {
    const cer = form.files['fiel.cer_base64'];
    const key = form.files['fiel.key_base64'];
    const body: Record<string, unknown> = {};
    if (form.values.email.trim()) body.email = form.values.email.trim();
    if (cer || key || form.values['fiel.password']) {
      body.fiel = { cer_base64: cer ? await base64Of(cer) : '', key_base64: key ? await base64Of(key) : '', password: form.values['fiel.password'] };
    }
    onDone(await api.post<FiscalProfile>(apiPath`/v1/fiscal_profiles/${profile.id}/manifest`, body));
  }
  return (
    <section class="panel" aria-labelledby="manifest-title">
      <h2 id="manifest-title">{t('profiles.signManifest')}</h2>
      <p class="hint">{t(profile.has_fiel ? 'profiles.manifestWithStoredFiel' : 'profiles.manifestIntro')}</p>
      <Form form={form} onSubmit={submit} submitLabel={t('profiles.signManifestSubmit')} label={t('profiles.signManifest')}>
        {!profile.has_fiel && (
          <>
            <FileField form={form} name="fiel.cer_base64" label={t('profiles.fielCer')} accept=".cer" />
            <FileField form={form} name="fiel.key_base64" label={t('profiles.fielKey')} accept=".key" />
            <TextField form={form} name="fiel.password" label={t('profiles.keyPassword')} type="password" autoComplete="off" />
          </>
        )}
        <TextField form={form} name="email" label={t('profiles.manifestEmail')} type="email" />
      </Form>
    </section>
  );
}

/** Adds or replaces the FIEL (PATCH, multipart). */
export function FielForm({ profile, onDone }: Props) {
  const form = useForm({ fiel_password: '' });
  async function submit() {
    onDone(await api.upload<FiscalProfile>('PATCH', apiPath`/v1/fiscal_profiles/${profile.id}`, multipart(form.values, form.files)));
    form.reset();
  }
  return (
    <details class="panel">
      <summary>
        <h2>{t(profile.has_fiel ? 'profiles.replaceFiel' : 'profiles.addFiel')}</h2>
      </summary>
      <Form form={form} onSubmit={submit} submitLabel={t('profiles.uploadFiel')} label={t('profiles.addFiel')}>
        <FileField form={form} name="fiel_cer" label={t('profiles.fielCer')} accept=".cer" />
        <FileField form={form} name="fiel_key" label={t('profiles.fielKey')} accept=".key" />
        <TextField form={form} name="fiel_password" label={t('profiles.keyPassword')} type="password" autoComplete="off" />
      </Form>
    </details>
  );
}
