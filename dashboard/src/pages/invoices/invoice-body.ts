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

/**
 * A credit note's related CFDIs, as the API takes them: the invoices chosen in the list by id, and
 * the UUIDs an edited draft already carried (`related.uuids`). Without any the list is empty, so
 * that an update drops the relations a draft had; other types send none.
 */
function relatedOf(values: Values): { relationship: string; invoices?: string[]; uuids?: string[] }[] | undefined {
  if (values.type !== 'E') return undefined;
  const invoices = listedIds(values['related.invoices']);
  const uuids = listedIds(values['related.uuids']);
  if (invoices.length === 0 && uuids.length === 0) return [];
  return [
    {
      relationship: text(values['related.relationship']) ?? '01',
      ...(invoices.length > 0 ? { invoices } : {}),
      ...(uuids.length > 0 ? { uuids } : {}),
    },
  ];
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

/**
 * The payment's date as the form holds it (YYYY-MM-DD, noon for the API), with the time of day
 * an edited draft carried (`payments.0.time`), which the date field does not show.
 */
function paymentDate(values: Values): string {
  const date = values['payments.0.date'] ?? '';
  const time = text(values['payments.0.time']);
  return time !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T${time}` : date;
}

/** A payment (type P): its one payment with the chosen invoices, and no items. */
function paymentBody(values: Values, common: Record<string, unknown>): Record<string, unknown> {
  const currency = text(values['payments.0.currency'])?.toUpperCase();
  const customer = common.customer as Record<string, unknown>;
  return {
    ...common,
    type: 'P',
    // A payment's uso CFDI is always CP01, whatever the customer's (a saved customer's included).
    customer: { ...customer, cfdi_use: 'CP01' },
    payments: [
      {
        date: paymentDate(values),
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
      // The form holds the uso in cfdi_use alone: its other names stay empty.
      use: undefined,
      email: text(values['customer.email']),
    },
    use: undefined,
    serie: text(values.serie),
  };
  if (values.type === 'P') return paymentBody(values, common);
  if (values.type === 'T') return { ...common, type: 'T', items: transferItems(items) };
  if (values.global === 'on' && values.type !== 'E') {
    return {
      ...common,
      customer_id: undefined,
      // The API fills in the general public's other data.
      customer: {
        rfc: GENERAL_PUBLIC_RFC,
        name: undefined,
        tax_regime: undefined,
        postal_code: undefined,
        cfdi_use: undefined,
        use: undefined,
        email: text(values['customer.email']),
      },
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
    global: undefined,
    payment_form: text(values.payment_form),
    payment_method: text(values.payment_method),
    currency,
    exchange_rate: needsExchangeRate(currency ?? 'MXN') ? text(values.exchange_rate) : undefined,
    items,
  };
}

/** The fields an update clears with null (the API's UpdateInvoiceBody), at the top and in `customer`. */
const CLEARABLE = ['payment_form', 'payment_method', 'currency', 'exchange_rate', 'use', 'global', 'serie', 'conditions', 'export'];
const CLEARABLE_CUSTOMER = ['name', 'tax_regime', 'postal_code', 'cfdi_use', 'use', 'country', 'tax_id', 'email'];

/** `fields` with each of `names` that is there but empty (undefined) as null. */
function cleared(fields: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value === undefined && names.includes(name) ? null : value]));
}

/**
 * What the edit form sends with PATCH for a draft: the create body without the issuer (a draft
 * keeps its own), where each field the form holds for the type and the user left empty is null,
 * as an update keeps the value of a field it leaves out. Fields the form does not hold for the
 * type (a transfer's currency, a foreign customer's country) are left out, so the draft keeps them.
 */
export function updateBody(values: Values, itemCount: number): Record<string, unknown> {
  const { fiscal_profile_id: _issuer, customer, ...changes } = invoiceBody(values, itemCount);
  return { ...cleared(changes, CLEARABLE), customer: cleared(customer as Record<string, unknown>, CLEARABLE_CUSTOMER) };
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

/** A decimal string in millionths, exactly ("580.5" → 580500000n); the API's amounts have at most six decimals. */
function millionths(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(`${whole}${fraction.padEnd(6, '0').slice(0, 6)}`);
}

type Payment = NonNullable<Invoice['payments']>[number];

/**
 * A payment the form can show: one `payments` entry whose documents are invoices of this account
 * (named by id), each once, in the payment's currency (the form sends no equivalence), with the objeto de
 * impuesto their taxes imply, and whose amount is the sum of the amounts paid (the API's default,
 * as the form sends none).
 */
function paymentEditable(payments: Invoice['payments']): boolean {
  if (payments?.length !== 1) return false;
  const [payment] = payments as [Payment];
  const documentsFit = payment.documents.every(
    (document) => document.invoice !== null && document.currency === payment.currency && document.tax_object === (document.taxes.length > 0 ? '02' : '01'),
  );
  // The form holds one amount per paid invoice.
  const once = new Set(payment.documents.map((document) => document.invoice)).size === payment.documents.length;
  const paid = payment.documents.reduce((sum, document) => sum + millionths(document.amount_paid), 0n);
  return documentsFit && once && paid === millionths(payment.amount);
}

/** A credit note's relations the form can show: at most one group, of a tipo de relación it offers. */
function relatedEditable(related: Invoice['related']): boolean {
  return related.length <= 1 && related.every((group) => (CREDIT_NOTE_RELATIONSHIPS as readonly string[]).includes(group.relationship));
}

/**
 * Drafts the form can show without losing anything: type I (global ones too) and T, and credit
 * notes (E, not global) with their relations, whose items' taxes are among the form's choices;
 * payments (P) whose one payment the form can show.
 */
export function editable(invoice: Invoice): boolean {
  if (invoice.status !== 'draft') return false;
  if (invoice.type === 'P') return paymentEditable(invoice.payments);
  const itemsFit = invoice.items.every((item) => taxChoices(item.taxes) !== undefined);
  if (invoice.type === 'E') return itemsFit && invoice.global === null && relatedEditable(invoice.related);
  return (invoice.type === 'I' || invoice.type === 'T') && itemsFit;
}

/**
 * A payment draft's values: its date (the time of day kept apart), form, currency, operation
 * number, and each paid invoice as the list would have given it (`paid.<id>.document`: the
 * draft's installment and previous balance, the invoice's UUID, serie, folio and taxes) with its
 * amount paid.
 */
function paymentValues(payment: Payment): Values {
  const [date = '', time = ''] = payment.date.split('T');
  const values: Values = {
    'payments.0.date': date,
    'payments.0.time': time,
    'payments.0.payment_form': payment.payment_form,
    'payments.0.currency': payment.currency,
    'payments.0.exchange_rate': needsExchangeRate(payment.currency) ? payment.exchange_rate : '',
    'payments.0.operation_number': payment.operation_number ?? '',
    'paid.invoices': payment.documents.map((document) => document.invoice).join(','),
  };
  for (const document of payment.documents) {
    const id = document.invoice ?? '';
    const listed: Partial<PayableInvoice> = {
      invoice_id: id,
      uuid: document.uuid,
      serie: document.serie,
      folio: document.folio ?? '',
      currency: document.currency,
      balance: document.previous_balance,
      next_installment: document.installment,
      taxes: document.taxes.map(({ type, factor, rate, withholding }) => ({ type, factor, rate, withholding })),
    };
    values[`paid.${id}`] = document.amount_paid;
    values[`paid.${id}.document`] = JSON.stringify(listed);
  }
  return values;
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
  if (invoice.type === 'P') {
    const [payment] = invoice.payments ?? [];
    return payment ? { ...values, ...paymentValues(payment) } : values;
  }
  if (invoice.type === 'E') {
    // The relations' UUIDs stay UUIDs: the list of the customer's invoices shows them checked.
    values['related.relationship'] = invoice.related[0]?.relationship ?? '01';
    values['related.uuids'] = invoice.related.flatMap((group) => group.uuids).join(',');
  }
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
