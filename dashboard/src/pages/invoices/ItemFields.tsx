import { t } from '../../core/i18n.ts';
import { CatalogSearch } from '../../kit/catalogs.tsx';
import { SelectField, TextField } from '../../kit/fields.tsx';
import type { FormState } from '../../kit/form.tsx';

/** One item of the invoice form (fields named `items.N.…`, the API's paths). */
export function ItemFields({ form, index }: { form: FormState; index: number }) {
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
