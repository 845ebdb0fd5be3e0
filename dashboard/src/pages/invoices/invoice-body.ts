import type { Invoice } from './types.ts';

/** The form's flat values (kit/form.tsx's `Values`), written out so that this module needs no JSX and node tests can import it. */
type Values = Record<string, string>;

/** The IVA choices of an item, as the API's taxes[] entries. */
const IVA_CHOICES: Record<string, { type: 'IVA'; factor?: 'Exento'; rate?: string }[]> = {
  '0.160000': [{ type: 'IVA', rate: '0.160000' }],
  '0.080000': [{ type: 'IVA', rate: '0.080000' }],
  '0.000000': [{ type: 'IVA', rate: '0.000000' }],
  exento: [{ type: 'IVA', factor: 'Exento' }],
  none: [],
};

/**
 * An item's taxes from its IVA choice. Without a saved product, no choice leaves taxes out (the
 * API's default, objeto 01). With one, «Del producto» leaves them to the product, and
 * «none» must say so, or the product's taxes would apply.
 */
function itemTaxes(choice: string, saved: boolean): { taxes?: (typeof IVA_CHOICES)[string]; tax_object?: string } {
  if (saved && choice === 'product') return {};
  const taxes = IVA_CHOICES[choice] ?? [];
  if (taxes.length > 0) return { taxes };
  return saved ? { taxes: [], tax_object: '01' } : {};
}

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

/**
 * The create body from the form's flat values. Empty fields are left out so the API applies its
 * defaults and names what is missing by the same paths the form uses.
 */
export function invoiceBody(values: Values, itemCount: number): Record<string, unknown> {
  const items = Array.from({ length: itemCount }, (_, index) => {
    const at = (name: string) => text(values[`items.${index}.${name}`]);
    const productId = at('product_id');
    const choice = values[`items.${index}.iva`] ?? 'none';
    return {
      product_id: productId,
      product_key: at('product_key'),
      unit_key: at('unit_key'),
      description: at('description'),
      quantity: at('quantity'),
      unit_price: at('unit_price'),
      ...itemTaxes(choice, productId !== undefined),
    };
  });
  return {
    fiscal_profile_id: values.fiscal_profile_id ?? '',
    customer_id: text(values.customer_id),
    customer: {
      rfc: values['customer.rfc']?.trim() ?? '',
      name: text(values['customer.name']),
      tax_regime: text(values['customer.tax_regime']),
      postal_code: text(values['customer.postal_code']),
      cfdi_use: text(values['customer.cfdi_use']),
      email: text(values['customer.email']),
    },
    payment_form: text(values.payment_form),
    payment_method: text(values.payment_method),
    serie: text(values.serie),
    items,
  };
}

/** The form's IVA choice for an item's taxes; undefined when the form cannot express them. */
export function ivaChoice(taxes: Invoice['items'][number]['taxes']): string | undefined {
  if (taxes.length === 0) return 'none';
  const [tax] = taxes;
  if (taxes.length > 1 || !tax || tax.type !== 'IVA' || tax.withholding) return undefined;
  if (tax.factor === 'Exento') return 'exento';
  return tax.rate !== null && tax.rate in IVA_CHOICES ? tax.rate : undefined;
}

/** Drafts of type I whose items the form can show without losing a tax or a discount. */
export function editable(invoice: Invoice): boolean {
  return (
    invoice.status === 'draft' &&
    invoice.type === 'I' &&
    invoice.global === null &&
    invoice.items.every((item) => item.discount === null && ivaChoice(item.taxes) !== undefined)
  );
}

/** A draft as the form's flat values (the inverse of invoiceBody for what the form shows). */
export function draftValues(invoice: Invoice): Values {
  const values: Values = {
    fiscal_profile_id: invoice.fiscal_profile_id,
    customer_id: invoice.customer_id ?? '',
    'customer.rfc': invoice.customer.rfc,
    'customer.name': invoice.customer.name,
    'customer.tax_regime': invoice.customer.tax_regime,
    'customer.postal_code': invoice.customer.zip,
    'customer.cfdi_use': invoice.customer.use,
    'customer.email': invoice.customer.email ?? '',
    payment_form: invoice.payment_form ?? '',
    payment_method: invoice.payment_method ?? 'PUE',
    serie: invoice.serie ?? '',
  };
  invoice.items.forEach((item, index) => {
    values[`items.${index}.product_id`] = item.product_id ?? '';
    values[`items.${index}.product_key`] = item.product_key;
    values[`items.${index}.unit_key`] = item.unit_key;
    values[`items.${index}.description`] = item.description;
    values[`items.${index}.quantity`] = item.quantity;
    values[`items.${index}.unit_price`] = item.unit_price;
    values[`items.${index}.iva`] = ivaChoice(item.taxes) ?? 'none';
  });
  return values;
}
