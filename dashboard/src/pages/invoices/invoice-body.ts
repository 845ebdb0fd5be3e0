import type { Item } from '../../api/types.ts';
import type { Invoice } from './types.ts';

/** The form's flat values (kit/form.tsx's `Values`), written out so that this module needs no JSX and node tests can import it. */
type Values = Record<string, string>;

/** One tax as the API's `items[].taxes[]` takes it (request-schemas.ts TaxInput). */
interface TaxInput {
  type: 'IVA' | 'ISR' | 'IEPS';
  factor?: 'Tasa' | 'Cuota' | 'Exento';
  rate?: string;
  withholding?: boolean;
  base?: string;
}

/** The transferred IVA choices of an item: 16 %, 8 % (región fronteriza), 0 %, exento, or none. */
const IVA_CHOICES: Record<string, TaxInput[]> = {
  '0.160000': [{ type: 'IVA', rate: '0.160000' }],
  '0.080000': [{ type: 'IVA', rate: '0.080000' }],
  '0.000000': [{ type: 'IVA', rate: '0.000000' }],
  exento: [{ type: 'IVA', factor: 'Exento' }],
  none: [],
};

/**
 * Withholdings the form offers, each a rate c_TasaOCuota allows (IVA 0–16 %, ISR 0–35 %):
 * IVA two thirds of 16 % (honorarios, arrendamiento) or of 8 % (región fronteriza), 6 %
 * (servicios de personal), 4 % (autotransporte) and the whole 16 %; ISR 10 % (honorarios,
 * arrendamiento) and 1.25 % (RESICO).
 */
export const IVA_WITHHOLDINGS = ['0.106667', '0.053333', '0.060000', '0.040000', '0.160000'] as const;
export const ISR_WITHHOLDINGS = ['0.100000', '0.012500'] as const;

/** The tipos de relación a credit note (type E) offers: 01 nota de crédito, 03 devolución, 07 aplicación de anticipo. */
export const CREDIT_NOTE_RELATIONSHIPS = ['01', '03', '07'] as const;

/** Ids kept in one form value, separated by commas. */
export function listedIds(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** A credit note's related invoices, as the API takes them; none for other types or without a choice. */
function relatedOf(values: Values): { relationship: string; invoices: string[] }[] | undefined {
  const invoices = listedIds(values['related.invoices']);
  if (values.type !== 'E' || invoices.length === 0) return undefined;
  return [{ relationship: text(values['related.relationship']) ?? '01', invoices }];
}

/** GET /v1/payable_invoices's entry. */
export type PayableInvoice = Item<'listPayableInvoices'>;

/** A paid invoice as a payment's document: its next installment, its saldo insoluto as the previous balance, the amount paid and its taxes. */
function paidDocument(values: Values, id: string): Record<string, unknown> {
  const document = JSON.parse(values[`paid.${id}.document`] ?? '{}') as Partial<PayableInvoice>;
  return {
    invoice: id,
    installment: document.next_installment,
    previous_balance: document.balance,
    amount_paid: text(values[`paid.${id}`]),
    taxes: (document.taxes ?? []).map(({ type, factor, rate, withholding }) => ({
      type,
      ...(factor === 'Tasa' ? {} : { factor }),
      ...(rate === null ? {} : { rate }),
      ...(withholding ? { withholding } : {}),
    })),
  };
}

/** A payment (type P): its one payment with the chosen invoices, and no items. */
function paymentBody(values: Values, common: Record<string, unknown>): Record<string, unknown> {
  const currency = text(values['payments.0.currency'])?.toUpperCase();
  const customer = common.customer as Record<string, unknown>;
  return {
    ...common,
    type: 'P',
    // A payment's uso CFDI is always CP01 (the API's default for type P).
    customer: { ...customer, cfdi_use: undefined },
    payments: [
      {
        date: values['payments.0.date'] ?? '',
        payment_form: values['payments.0.payment_form'] ?? '',
        currency,
        exchange_rate: needsExchangeRate(currency ?? 'MXN') ? text(values['payments.0.exchange_rate']) : undefined,
        operation_number: text(values['payments.0.operation_number']),
        documents: listedIds(values['paid.invoices']).map((id) => paidDocument(values, id)),
      },
    ],
  };
}

/** The general public's RFC: a global invoice's receptor, whose other data the API fills in. */
const GENERAL_PUBLIC_RFC = 'XAXX010101000';

/** A transfer's items (type T): no discount and no taxes, a saved product's taxes left out too (objeto 01). */
function transferItems(items: Record<string, unknown>[]): Record<string, unknown>[] {
  return items.map(({ discount: _discount, taxes: _taxes, tax_object: _object, ...item }) =>
    item.product_id === undefined ? item : { ...item, taxes: [], tax_object: '01' },
  );
}

/** Currencies without an exchange rate: MXN (the rate is 1) and XXX (no currency). */
export function needsExchangeRate(currency: string): boolean {
  return currency !== '' && currency !== 'MXN' && currency !== 'XXX';
}

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

/** A rate as c_TasaOCuota writes it, with six decimals ("0.16" → "0.160000"). */
const sixDecimals = (rate: string) => (/^\d+(\.\d{1,6})?$/.test(rate) ? Number(rate).toFixed(6) : rate);

/**
 * An item's taxes from its choices, in the API's shape: the transferred IVA, then IEPS (a tasa,
 * or a cuota per unit whose base is the quantity), then the withheld IVA and ISR.
 */
function chosenTaxes(values: Values, index: number): TaxInput[] {
  const at = (name: string) => text(values[`items.${index}.${name}`]);
  const taxes: TaxInput[] = [...(IVA_CHOICES[at('iva') ?? 'none'] ?? [])];
  const ieps = at('ieps');
  if (ieps === 'cuota') taxes.push({ type: 'IEPS', factor: 'Cuota', rate: at('ieps_cuota') ?? '', base: at('quantity') ?? '1' });
  else if (ieps !== undefined) taxes.push({ type: 'IEPS', rate: ieps });
  const retIva = at('ret_iva');
  if (retIva !== undefined) taxes.push({ type: 'IVA', rate: retIva, withholding: true });
  const retIsr = at('ret_isr');
  if (retIsr !== undefined) taxes.push({ type: 'ISR', rate: retIsr, withholding: true });
  return taxes;
}

/**
 * An item's taxes and c_ObjetoImp. Without a saved product, no tax leaves both out (the API's
 * default, objeto 01). With one, «Del producto» leaves them to the product, and no tax must say
 * so, or the product's taxes would apply.
 */
function itemTaxes(values: Values, index: number, saved: boolean): { taxes?: TaxInput[]; tax_object?: string } {
  if (saved && values[`items.${index}.iva`] === 'product') return {};
  const taxes = chosenTaxes(values, index);
  if (taxes.length > 0) return { taxes };
  return saved ? { taxes: [], tax_object: '01' } : {};
}

/**
 * The create body from the form's flat values. Empty fields are left out so the API applies its
 * defaults and names what is missing by the same paths the form uses.
 */
export function invoiceBody(values: Values, itemCount: number): Record<string, unknown> {
  const items = Array.from({ length: itemCount }, (_, index) => {
    const at = (name: string) => text(values[`items.${index}.${name}`]);
    const productId = at('product_id');
    return {
      product_id: productId,
      product_key: at('product_key'),
      unit_key: at('unit_key'),
      description: at('description'),
      quantity: at('quantity'),
      unit_price: at('unit_price'),
      discount: at('discount'),
      ...itemTaxes(values, index, productId !== undefined),
    };
  });
  const currency = text(values.currency)?.toUpperCase();
  const common = {
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
    serie: text(values.serie),
  };
  if (values.type === 'P') return paymentBody(values, common);
  if (values.type === 'T') return { ...common, type: 'T', items: transferItems(items) };
  if (values.global === 'on' && values.type !== 'E') {
    return {
      ...common,
      customer_id: undefined,
      customer: { rfc: GENERAL_PUBLIC_RFC, email: text(values['customer.email']) },
      global: { periodicity: values['global.periodicity'] ?? '', months: values['global.months'] ?? '', year: values['global.year'] ?? '' },
      payment_form: text(values.payment_form),
      payment_method: text(values.payment_method),
      currency,
      exchange_rate: needsExchangeRate(currency ?? 'MXN') ? text(values.exchange_rate) : undefined,
      items,
    };
  }
  return {
    ...common,
    // Type I is the API's default, so an income invoice's body names no type.
    type: values.type === 'E' ? 'E' : undefined,
    related: relatedOf(values),
    payment_form: text(values.payment_form),
    payment_method: text(values.payment_method),
    currency,
    exchange_rate: needsExchangeRate(currency ?? 'MXN') ? text(values.exchange_rate) : undefined,
    items,
  };
}

/** The form's fields of an item's tax choices (iva, ieps, ieps_cuota, ret_iva, ret_isr). */
export type TaxChoices = Record<'iva' | 'ieps' | 'ieps_cuota' | 'ret_iva' | 'ret_isr', string>;

/**
 * The form's choices for an item's taxes; undefined when the form cannot express them (more than
 * one tax of a kind, a withholding it does not offer, an IEPS withholding). A tax's `base` is not
 * looked at: an invoice reports every tax's base.
 */
export function taxChoices(
  taxes: readonly { type: string; factor?: string | null; rate?: string | null; withholding?: boolean | null; base?: string | null }[],
): TaxChoices | undefined {
  const choices: TaxChoices = { iva: 'none', ieps: '', ieps_cuota: '', ret_iva: '', ret_isr: '' };
  const seen = new Set<string>();
  for (const tax of taxes) {
    const factor = tax.factor ?? 'Tasa';
    const rate = tax.rate ? sixDecimals(tax.rate) : '';
    const kind = `${tax.type}${tax.withholding ? '-withheld' : ''}`;
    if (seen.has(kind)) return undefined;
    seen.add(kind);
    if (kind === 'IVA' && factor === 'Exento') choices.iva = 'exento';
    else if (kind === 'IVA' && factor === 'Tasa' && rate in IVA_CHOICES) choices.iva = rate;
    else if (kind === 'IEPS' && factor === 'Tasa' && rate !== '') choices.ieps = rate;
    else if (kind === 'IEPS' && factor === 'Cuota' && rate !== '') Object.assign(choices, { ieps: 'cuota', ieps_cuota: tax.rate ?? '' });
    else if (kind === 'IVA-withheld' && factor === 'Tasa' && (IVA_WITHHOLDINGS as readonly string[]).includes(rate)) choices.ret_iva = rate;
    else if (kind === 'ISR-withheld' && factor === 'Tasa' && (ISR_WITHHOLDINGS as readonly string[]).includes(rate)) choices.ret_isr = rate;
    else return undefined;
  }
  return choices;
}

/** Drafts of type I (global ones too) and T whose items the form can show without losing a tax. */
export function editable(invoice: Invoice): boolean {
  return invoice.status === 'draft' && (invoice.type === 'I' || invoice.type === 'T') && invoice.items.every((item) => taxChoices(item.taxes) !== undefined);
}

/** A draft as the form's flat values (the inverse of invoiceBody for what the form shows). */
export function draftValues(invoice: Invoice): Values {
  const values: Values = {
    type: invoice.type,
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
    currency: invoice.currency,
    exchange_rate: invoice.exchange_rate ?? '',
    serie: invoice.serie ?? '',
  };
  if (invoice.global) {
    Object.assign(values, {
      global: 'on',
      'global.periodicity': invoice.global.periodicity,
      'global.months': invoice.global.months,
      'global.year': invoice.global.year,
    });
  }
  invoice.items.forEach((item, index) => {
    values[`items.${index}.product_id`] = item.product_id ?? '';
    values[`items.${index}.product_key`] = item.product_key;
    values[`items.${index}.unit_key`] = item.unit_key;
    values[`items.${index}.description`] = item.description;
    values[`items.${index}.quantity`] = item.quantity;
    values[`items.${index}.unit_price`] = item.unit_price;
    values[`items.${index}.discount`] = item.discount ?? '';
    for (const [name, value] of Object.entries(taxChoices(item.taxes) ?? { iva: 'none' })) values[`items.${index}.${name}`] = value;
  });
  return values;
}
