import { useEffect, useState } from 'preact/hooks';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { CatalogSearch, entries } from '../../kit/catalogs.tsx';
import { type Option, SelectField, TextField } from '../../kit/fields.tsx';
import type { FormState } from '../../kit/form.tsx';
import { type Product, taxLabel } from '../products/types.ts';
import { ISR_WITHHOLDINGS, IVA_WITHHOLDINGS, taxChoices } from './invoice-body.ts';
import { SavedPicker } from './SavedPicker.tsx';

/**
 * A saved product fills the item, sent as `product_id` with the fields as overrides. Taxes the
 * form's choices cannot express are left to the product (the IVA choice reads «Del producto»);
 * they are kept in `product_taxes` for the running total.
 */
function pickProduct(form: FormState, index: number, product: Product): void {
  const at = (name: string) => `items.${index}.${name}`;
  form.set(at('product_id'), product.id);
  form.set(at('product_key'), product.product_key);
  form.set(at('unit_key'), product.unit_key);
  form.set(at('description'), product.description);
  form.set(at('unit_price'), product.price);
  const choices = taxChoices(product.taxes);
  form.set(at('product_taxes'), choices ? '' : JSON.stringify(product.taxes));
  for (const [name, value] of Object.entries(choices ?? { iva: 'product', ieps: '', ieps_cuota: '', ret_iva: '', ret_isr: '' })) form.set(at(name), value);
}

const percent = (rate: string) => `${Number((Number(rate) * 100).toFixed(4))} %`;

/** The IEPS tasas c_TasaOCuota lists for transferred IEPS (fixed values), from the catalog. */
function useIepsRates(): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let alive = true;
    void entries('tasa_o_cuota').then((found) => {
      const rates = found
        .filter((entry) => entry.data?.tax_code === '003' && entry.data.factor === 'Tasa' && entry.data.kind === 'fixed' && entry.data.transfer === true)
        .map((entry) => String(entry.data?.value))
        .sort((a, b) => Number(a) - Number(b));
      if (alive) setOptions(rates.map((rate) => ({ value: rate, label: `IEPS ${percent(rate)}` })));
    });
    return () => {
      alive = false;
    };
  }, []);
  return options;
}

/**
 * One item of the invoice form (fields named `items.N.…`, the API's paths), with its saved-product
 * search and, unless `priced` is false (a transfer, type T, has neither), its discount and taxes.
 */
export function ItemFields({ form, index, priced = true }: { form: FormState; index: number; priced?: boolean }) {
  const at = (name: string) => `items.${index}.${name}`;
  const productId = form.values[at('product_id')];
  const fromProduct = form.values[at('iva')] === 'product';
  const productTaxes = form.values[at('product_taxes')];
  const iepsRates = useIepsRates();
  return (
    <fieldset class="item">
      <legend>{t('invoices.item', { number: index + 1 })}</legend>
      <SavedPicker<Product>
        id={`saved-product-${index}`}
        path="/v1/products"
        label={t('picker.product')}
        hint={t('picker.productHint')}
        describe={(product) => `${product.description} · ${product.product_key}${product.sku ? ` · ${product.sku}` : ''}`}
        onPick={(product) => pickProduct(form, index, product)}
        chosen={
          productId ? (
            <a href={href(`/products/${productId}`)}>{t('picker.chosenProduct', { description: form.values[at('description')] ?? '' })}</a>
          ) : undefined
        }
        onClear={() => {
          form.set(at('product_id'), '');
          form.set(at('product_taxes'), '');
          if (fromProduct) form.set(at('iva'), '0.160000');
        }}
      />
      <CatalogSearch form={form} name={at('product_key')} label={t('invoices.productKey')} catalog="clave_prod_serv" />
      <CatalogSearch form={form} name={at('unit_key')} label={t('invoices.unitKey')} catalog="clave_unidad" />
      <TextField form={form} name={at('description')} label={t('invoices.description')} />
      <div class="form-grid">
        <TextField form={form} name={at('quantity')} label={t('invoices.quantity')} inputMode="decimal" />
        <TextField form={form} name={at('unit_price')} label={t('invoices.unitPrice')} inputMode="decimal" hint={t('invoices.unitPriceHint')} />
        {priced && <TextField form={form} name={at('discount')} label={t('invoiceForm.discount')} inputMode="decimal" hint={t('invoiceForm.discountHint')} />}
        {priced && (
          <SelectField
            form={form}
            name={at('iva')}
            label={t('invoices.iva')}
            hint={t('invoiceForm.ivaHint')}
            options={[
              { value: '0.160000', label: t('invoiceForm.iva16') },
              { value: '0.080000', label: t('invoiceForm.iva8') },
              { value: '0.000000', label: t('invoiceForm.iva0') },
              { value: 'exento', label: t('invoices.ivaExempt') },
              { value: 'none', label: t('invoiceForm.ivaNone') },
              ...(productId ? [{ value: 'product', label: t('invoices.ivaProduct') }] : []),
            ]}
          />
        )}
        {priced && !fromProduct && (
          <>
            <SelectField
              form={form}
              name={at('ieps')}
              label={t('invoiceForm.ieps')}
              options={[{ value: '', label: t('invoiceForm.iepsNone') }, ...iepsRates, { value: 'cuota', label: t('invoiceForm.iepsCuota') }]}
            />
            {form.values[at('ieps')] === 'cuota' && (
              <TextField
                form={form}
                name={at('ieps_cuota')}
                label={t('invoiceForm.iepsCuotaAmount')}
                inputMode="decimal"
                hint={t('invoiceForm.iepsCuotaHint')}
              />
            )}
            <SelectField
              form={form}
              name={at('ret_iva')}
              label={t('invoiceForm.retIva')}
              options={[
                { value: '', label: t('invoiceForm.retNone') },
                ...IVA_WITHHOLDINGS.map((rate) => ({ value: rate, label: t(`invoiceForm.retIva${rate.slice(2)}` as 'invoiceForm.retIva106667') })),
              ]}
            />
            <SelectField
              form={form}
              name={at('ret_isr')}
              label={t('invoiceForm.retIsr')}
              options={[
                { value: '', label: t('invoiceForm.retNone') },
                ...ISR_WITHHOLDINGS.map((rate) => ({ value: rate, label: t(`invoiceForm.retIsr${rate.slice(2)}` as 'invoiceForm.retIsr100000') })),
              ]}
            />
          </>
        )}
      </div>
      {priced && fromProduct && productTaxes && (
        <p class="hint">
          {t('invoiceForm.productTaxes', {
            taxes: (JSON.parse(productTaxes) as Product['taxes']).map(taxLabel).join(', '),
          })}
        </p>
      )}
    </fieldset>
  );
}
