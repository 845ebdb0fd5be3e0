import type { Values } from '../../kit/form.tsx';

/** The IVA choices of an item, as the API's taxes[] entries. */
const IVA_CHOICES: Record<string, { type: 'IVA'; factor?: 'Exento'; rate?: string }[]> = {
  '0.160000': [{ type: 'IVA', rate: '0.160000' }],
  '0.080000': [{ type: 'IVA', rate: '0.080000' }],
  '0.000000': [{ type: 'IVA', rate: '0.000000' }],
  exento: [{ type: 'IVA', factor: 'Exento' }],
  none: [],
};

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

/**
 * The create body from the form's flat values. Empty fields are left out so the API applies its
 * defaults and names what is missing by the same paths the form uses.
 */
export function invoiceBody(values: Values, itemCount: number): Record<string, unknown> {
  const items = Array.from({ length: itemCount }, (_, index) => {
    const at = (name: string) => text(values[`items.${index}.${name}`]);
    const taxes = IVA_CHOICES[values[`items.${index}.iva`] ?? 'none'] ?? [];
    return {
      product_key: at('product_key'),
      unit_key: at('unit_key'),
      description: at('description'),
      quantity: at('quantity'),
      unit_price: at('unit_price'),
      ...(taxes.length > 0 ? { taxes } : {}),
    };
  });
  return {
    fiscal_profile_id: values.fiscal_profile_id ?? '',
    customer: {
      rfc: values['customer.rfc']?.trim() ?? '',
      name: text(values['customer.name']),
      tax_regime: text(values['customer.tax_regime']),
      postal_code: text(values['customer.postal_code']),
      cfdi_use: text(values['customer.cfdi_use']),
    },
    payment_form: text(values.payment_form),
    payment_method: text(values.payment_method),
    serie: text(values.serie),
    items,
  };
}
