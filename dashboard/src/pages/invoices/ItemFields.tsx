import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { CatalogSearch } from '../../kit/catalogs.tsx';
import { SelectField, TextField } from '../../kit/fields.tsx';
import type { FormState } from '../../kit/form.tsx';
import type { Product } from '../products/types.ts';
import { ivaChoice } from './invoice-body.ts';
import { SavedPicker } from './SavedPicker.tsx';

/**
 * A saved product fills the item, sent as `product_id` with the fields as overrides. Taxes the IVA
 * choice cannot express are left to the product (the choice reads «Del producto»).
 */
function pickProduct(form: FormState, index: number, product: Product): void {
  const at = (name: string) => `items.${index}.${name}`;
  form.set(at('product_id'), product.id);
  form.set(at('product_key'), product.product_key);
  form.set(at('unit_key'), product.unit_key);
  form.set(at('description'), product.description);
  form.set(at('unit_price'), product.price);
  form.set(at('iva'), ivaChoice(product.taxes.map((tax) => ({ factor: 'Tasa', rate: null, withholding: false, ...tax }))) ?? 'product');
}

/** One item of the invoice form (fields named `items.N.…`, the API's paths), with its saved-product search. */
export function ItemFields({ form, index }: { form: FormState; index: number }) {
  const at = (name: string) => `items.${index}.${name}`;
  const productId = form.values[at('product_id')];
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
          if (form.values[at('iva')] === 'product') form.set(at('iva'), '0.160000');
        }}
      />
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
            ...(productId ? [{ value: 'product', label: t('invoices.ivaProduct') }] : []),
          ]}
        />
      </div>
    </fieldset>
  );
}
