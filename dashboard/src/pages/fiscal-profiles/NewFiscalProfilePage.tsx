import { api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { href, navigate } from '../../core/router.ts';
import { CatalogSelect } from '../../kit/catalogs.tsx';
import { FileField, TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { Page } from '../../kit/Page.tsx';
import { type FiscalProfile, multipart } from './types.ts';

export function NewFiscalProfilePage() {
  const form = useForm({ tax_regime: '', zip: '', legal_name: '', csd_password: '', fiel_password: '', manifest_email: '' });
  async function submit() {
    const profile = await api.upload<FiscalProfile>('POST', '/v1/fiscal_profiles', multipart(form.values, form.files));
    navigate(`/fiscal-profiles/${profile.id}`);
  }
  return (
    <Page title={t('profiles.create')} subtitle={t('profiles.createIntro')}>
      <Form
        form={form}
        onSubmit={submit}
        submitLabel={t('profiles.createSubmit')}
        label={t('profiles.create')}
        secondary={
          <a class="button subtle" href={href('/fiscal-profiles')}>
            {t('form.cancel')}
          </a>
        }
      >
        <fieldset>
          <legend>{t('profiles.csd')}</legend>
          <FileField form={form} name="csd_cer" label={t('profiles.cerFile')} accept=".cer" />
          <FileField form={form} name="csd_key" label={t('profiles.keyFile')} accept=".key" />
          <TextField form={form} name="csd_password" label={t('profiles.keyPassword')} type="password" autoComplete="off" />
        </fieldset>
        <fieldset>
          <legend>{t('profiles.taxData')}</legend>
          <CatalogSelect form={form} name="tax_regime" label={t('field.taxRegime')} catalog="regimen_fiscal" />
          <TextField form={form} name="zip" label={t('profiles.zip')} inputMode="numeric" maxLength={5} hint={t('profiles.zipHint')} />
          <TextField form={form} name="legal_name" label={t('field.legalName')} hint={t('profiles.legalNameHint')} />
        </fieldset>
        <fieldset>
          <legend>{t('profiles.fielOptional')}</legend>
          <p class="hint">{t('profiles.fielIntro')}</p>
          <FileField form={form} name="fiel_cer" label={t('profiles.cerFile')} accept=".cer" />
          <FileField form={form} name="fiel_key" label={t('profiles.keyFile')} accept=".key" />
          <TextField form={form} name="fiel_password" label={t('profiles.keyPassword')} type="password" autoComplete="off" />
          <TextField form={form} name="manifest_email" label={t('profiles.manifestEmail')} type="email" />
        </fieldset>
      </Form>
    </Page>
  );
}
