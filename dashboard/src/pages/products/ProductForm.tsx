import { useState } from 'preact/hooks';
import { apiPath, api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { CatalogSearch, CatalogSelect } from '../../kit/catalogs.tsx';
import { SelectField, TextField } from '../../kit/fields.tsx';
import { Form, type FormState, useForm, type Values } from '../../kit/form.tsx';
import type { Product, ProductTax } from './types.ts';

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

/** The form's flat values of a product (taxes as `taxes.N.type`…, the API's own paths). */
function valuesOf(product: Product | undefined): Values {
  const taxes: ProductTax[] = product ? product.taxes : [{ type: 'IVA', factor: 'Tasa', rate: '0.160000' }];
  const values: Values = {
    description: product?.description ?? '',
    product_key: product?.product_key ?? '',
    unit_key: product?.unit_key ?? '',
    unit_name: product?.unit_name ?? '',
    price: product?.price ?? '',
    tax_object: product?.tax_object ?? '',
    sku: product?.sku ?? '',
  };
  taxes.forEach((tax, index) => {
    values[`taxes.${index}.type`] = tax.type;
    values[`taxes.${index}.factor`] = tax.factor ?? 'Tasa';
    values[`taxes.${index}.rate`] = tax.rate ?? '';
    values[`taxes.${index}.withholding`] = tax.withholding ? 'true' : 'false';
  });
  return values;
}

/** The taxes of the request body as the form holds them (the API checks each type and factor). */
function taxesOf(values: Values, count: number) {
  return Array.from({ length: count }, (_, index) => {
    const at = (name: string) => text(values[`taxes.${index}.${name}`]);
    const factor = at('factor') ?? 'Tasa';
    return {
      type: at('type') ?? 'IVA',
      factor,
      ...(factor === 'Exento' ? {} : { rate: at('rate') }),
      withholding: values[`taxes.${index}.withholding`] === 'true',
    };
  });
}

function TaxFields({ form, index }: { form: FormState; index: number }) {
  const at = (name: string) => `taxes.${index}.${name}`;
  return (
    <fieldset class="item">
      <legend>{t('products.tax', { number: index + 1 })}</legend>
      <div class="form-grid">
        <SelectField
          form={form}
          name={at('withholding')}
          label={t('products.kind')}
          options={[
            { value: 'false', label: t('products.transferred') },
            { value: 'true', label: t('products.withheld') },
          ]}
        />
        <SelectField
          form={form}
          name={at('type')}
          label={t('products.taxType')}
          options={['IVA', 'ISR', 'IEPS'].map((type) => ({ value: type, label: type }))}
        />
        <SelectField
          form={form}
          name={at('factor')}
          label={t('products.factor')}
          options={['Tasa', 'Cuota', 'Exento'].map((factor) => ({ value: factor, label: factor }))}
        />
        {form.values[at('factor')] !== 'Exento' && (
          <TextField form={form} name={at('rate')} label={t('products.rate')} hint={t('products.rateHint')} inputMode="decimal" />
        )}
      </div>
    </fieldset>
  );
}

/**
 * Creates a product, or changes a saved one (PATCH). The catalog keys are searched in the SAT
 * catalogs; taxes are the API's own list (traslados and retenciones, Tasa, Cuota or Exento), and
 * every problem the API finds lands on its field.
 */
export function ProductForm({ product, onDone }: { product?: Product; onDone: (product: Product) => void }) {
  const form = useForm(valuesOf(product));
  const [taxCount, setTaxCount] = useState(product ? product.taxes.length : 1);
  async function submit() {
    const { values } = form;
    const body = {
      description: values.description?.trim() ?? '',
      product_key: values.product_key?.trim() ?? '',
      unit_key: values.unit_key?.trim() ?? '',
      price: values.price?.trim() ?? '',
      taxes: taxesOf(values, taxCount),
      // Left out on create when empty; an edit that empties them removes them.
      unit_name: text(values.unit_name) ?? (product ? null : undefined),
      tax_object: text(values.tax_object) ?? (product ? null : undefined),
      sku: text(values.sku) ?? (product ? null : undefined),
    };
    onDone(product ? await api.patch<Product>(apiPath`/v1/products/${product.id}`, body) : await api.post<Product>('/v1/products', body));
  }
  function addTax() {
    form.set(`taxes.${taxCount}.type`, 'IVA');
    form.set(`taxes.${taxCount}.factor`, 'Tasa');
    form.set(`taxes.${taxCount}.withholding`, 'false');
    setTaxCount(taxCount + 1);
  }
  const label = product ? t('products.edit') : t('products.create');
  return (
    <Form form={form} onSubmit={submit} submitLabel={product ? t('products.save') : t('products.createSubmit')} label={label}>
      <TextField form={form} name="description" label={t('products.description')} />
      <CatalogSearch form={form} name="product_key" label={t('products.productKey')} catalog="clave_prod_serv" />
      <div class="form-grid">
        <CatalogSearch form={form} name="unit_key" label={t('products.unitKey')} catalog="clave_unidad" />
        <TextField form={form} name="unit_name" label={t('products.unitName')} hint={t('products.unitNameHint')} maxLength={20} />
        <TextField form={form} name="price" label={t('products.price')} hint={t('products.priceHint')} inputMode="decimal" />
        <TextField form={form} name="sku" label={t('products.sku')} autoComplete="off" />
      </div>
      <CatalogSelect form={form} name="tax_object" label={t('products.taxObject')} hint={t('products.taxObjectHint')} catalog="objeto_imp" />
      <fieldset>
        <legend>{t('products.taxes')}</legend>
        {taxCount === 0 && <p class="hint">{t('products.taxesNone')}</p>}
        {Array.from({ length: taxCount }, (_, index) => (
          <TaxFields key={index} form={form} index={index} />
        ))}
        <div class="form-row">
          <button type="button" class="button" onClick={addTax}>
            {t('products.addTax')}
          </button>
          {taxCount > 0 && (
            <button type="button" class="button subtle" onClick={() => setTaxCount(taxCount - 1)}>
              {t('products.removeTax')}
            </button>
          )}
        </div>
      </fieldset>
    </Form>
  );
}
