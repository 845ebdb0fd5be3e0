import type { Invoice } from './types.ts';

const present = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/** Invoices the form's copy can reproduce: the item-based types, not global invoices nor payments. */
export function copyable(invoice: Invoice): boolean {
  return ['I', 'E', 'T'].includes(invoice.type) && invoice.global === null;
}

/**
 * A create body that repeats an invoice (customer, items, taxes, payment terms) as a new draft,
 * with the next folio of its serie. `related` replaces the original's relations: a substitute
 * (motivo 01) relates to the invoice it replaces with type 04.
 */
export function copyBody(invoice: Invoice, related?: { relationship: string; uuids: string[] }[]): Record<string, unknown> {
  const { customer } = invoice;
  return {
    type: invoice.type,
    fiscal_profile_id: invoice.fiscal_profile_id,
    customer: {
      rfc: customer.rfc,
      name: customer.name,
      tax_regime: customer.tax_regime,
      postal_code: customer.zip,
      cfdi_use: customer.use,
      country: present(customer.country),
      tax_id: present(customer.tax_id),
    },
    serie: present(invoice.serie),
    currency: invoice.currency,
    exchange_rate: present(invoice.exchange_rate),
    payment_form: present(invoice.payment_form),
    payment_method: present(invoice.payment_method),
    conditions: present(invoice.conditions),
    export: invoice.export,
    related: related ?? invoice.related,
    items: invoice.items.map((item) => ({
      product_key: item.product_key,
      unit_key: item.unit_key,
      unit: present(item.unit),
      sku: present(item.sku),
      description: item.description,
      quantity: item.quantity,
      unit_price: item.unit_price,
      discount: present(item.discount),
      tax_object: item.tax_object,
      taxes: item.taxes.map((tax) => ({ type: tax.type, factor: tax.factor, rate: present(tax.rate), withholding: tax.withholding })),
    })),
  };
}
