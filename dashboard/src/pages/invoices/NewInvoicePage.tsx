import { useEffect, useState } from 'preact/hooks';
import { api, type Page as ApiPage } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { href, navigate } from '../../core/router.ts';
import { CatalogSearch, CatalogSelect } from '../../kit/catalogs.tsx';
import { SelectField, TextField } from '../../kit/fields.tsx';
import { Form, type FormState, useForm } from '../../kit/form.tsx';
import { Page } from '../../kit/Page.tsx';
import { useResource } from '../../kit/resource.ts';
import type { FiscalProfile } from '../fiscal-profiles/types.ts';
import { invoiceBody } from './invoice-body.ts';
import type { Invoice } from './types.ts';

export function NewInvoicePage() {
  const profiles = useResource<ApiPage<FiscalProfile>>('/v1/fiscal_profiles', { query: { limit: 100 } });
  const [itemCount, setItemCount] = useState(1);
  const form = useForm({ fiscal_profile_id: '', payment_method: 'PUE', 'items.0.quantity': '1', 'items.0.iva': '0.160000' } as Record<string, string>);
  const profileOptions = (profiles.data?.data ?? []).map((profile) => ({ value: profile.id, label: `${profile.rfc} · ${profile.legal_name}` }));
  // The first profile is preselected, so the select never shows a value the form does not hold.
  const firstProfile = profileOptions[0]?.value;
  useEffect(() => {
    if (firstProfile && !form.values.fiscal_profile_id) form.set('fiscal_profile_id', firstProfile);
  }, [firstProfile]);
  async function submit() {
    const body = invoiceBody({ ...form.values, fiscal_profile_id: form.values.fiscal_profile_id || firstProfile || '' }, itemCount);
    const invoice = await api.post<Invoice>('/v1/invoices', body);
    navigate(`/invoices/${invoice.id}`);
  }
  function addItem() {
    form.set(`items.${itemCount}.quantity`, '1');
    form.set(`items.${itemCount}.iva`, '0.160000');
    setItemCount(itemCount + 1);
  }
  return (
    <Page title={t('invoices.create')} subtitle={t('invoices.createIntro')}>
      <Form
        form={form}
        onSubmit={submit}
        submitLabel={t('invoices.createSubmit')}
        label={t('invoices.create')}
        secondary={
          <a class="button subtle" href={href('/invoices')}>
            {t('form.cancel')}
          </a>
        }
      >
        <fieldset>
          <legend>{t('invoices.issuer')}</legend>
          {profiles.data && profileOptions.length === 0 && (
            <p class="notice warn">
              {t('invoices.noProfile')} <a href={href('/fiscal-profiles/new')}>{t('profiles.create')}</a>
            </p>
          )}
          <SelectField form={form} name="fiscal_profile_id" label={t('profiles.one')} options={profileOptions} />
        </fieldset>
        <fieldset>
          <legend>{t('invoices.customer')}</legend>
          <TextField form={form} name="customer.rfc" label={t('field.rfc')} autoComplete="off" maxLength={13} />
          <TextField form={form} name="customer.name" label={t('invoices.customerName')} hint={t('invoices.customerNameHint')} />
          <CatalogSelect form={form} name="customer.tax_regime" label={t('field.taxRegime')} catalog="regimen_fiscal" />
          <TextField form={form} name="customer.postal_code" label={t('invoices.postalCode')} inputMode="numeric" maxLength={5} />
          <CatalogSelect form={form} name="customer.cfdi_use" label={t('invoices.cfdiUse')} catalog="uso_cfdi" />
        </fieldset>
        <fieldset>
          <legend>{t('invoices.payment')}</legend>
          <CatalogSelect form={form} name="payment_form" label={t('invoices.paymentForm')} catalog="forma_pago" />
          <SelectField
            form={form}
            name="payment_method"
            label={t('invoices.paymentMethod')}
            options={[
              { value: 'PUE', label: t('invoices.pue') },
              { value: 'PPD', label: t('invoices.ppd') },
            ]}
          />
          <TextField form={form} name="serie" label={t('invoices.serie')} hint={t('invoices.serieHint')} />
        </fieldset>
        {Array.from({ length: itemCount }, (_, index) => (
          <ItemFields key={index} form={form} index={index} />
        ))}
        <div class="form-row">
          <button type="button" class="button" onClick={addItem}>
            {t('invoices.addItem')}
          </button>
          {itemCount > 1 && (
            <button type="button" class="button subtle" onClick={() => setItemCount(itemCount - 1)}>
              {t('invoices.removeItem')}
            </button>
          )}
        </div>
      </Form>
    </Page>
  );
}

function ItemFields({ form, index }: { form: FormState; index: number }) {
  const at = (name: string) => `items.${index}.${name}`;
  return (
    <fieldset class="item">
      <legend>{t('invoices.item', { number: index + 1 })}</legend>
      <CatalogSearch form={form} name={at('product_key')} label={t('invoices.productKey')} catalog="clave_prod_serv" />
      <CatalogSearch form={form} name={at('unit_key')} label={t('invoices.unitKey')} catalog="clave_unidad" />
      <TextField form={form} name={at('description')} label={t('invoices.description')} />
      <div class="form-grid">
        <TextField form={form} name={at('quantity')} label={t('invoices.quantity')} inputMode="decimal" />
        <TextField form={form} name={at('unit_price')} label={t('invoices.unitPrice')} inputMode="decimal" hint={t('invoices.unitPriceHint')} />
        <SelectField
          form={form}
          name={at('iva')}
          label={t('invoices.iva')}
          options={[
            { value: '0.160000', label: 'IVA 16 %' },
            { value: '0.080000', label: 'IVA 8 %' },
            { value: '0.000000', label: 'IVA 0 %' },
            { value: 'exento', label: t('invoices.ivaExempt') },
            { value: 'none', label: t('invoices.ivaNone') },
          ]}
        />
      </div>
    </fieldset>
  );
}
