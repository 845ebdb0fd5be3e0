/** The invoice resource as the API returns it (every member listed: the serializer drops the rest). */
import { Type, type Static } from 'typebox';
import { listQuery } from '../../platform/http/pagination.ts';
import { Metadata, NullableTimestamp, Timestamp } from '../../platform/http/schemas.ts';
import { FiscalProfile } from '../fiscal-profiles/index.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const NullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const EmailLanguage = Type.Union([Type.Literal('es'), Type.Literal('en')], { description: 'es (Spanish) or en (English).' });

const Tax = Type.Object({
  type: Type.String({ description: 'IVA, ISR or IEPS.' }),
  factor: Type.String({ description: 'Tasa, Cuota or Exento.' }),
  rate: NullableString('Six decimals; null for Exento.'),
  withholding: Type.Boolean(),
  base: Type.String(),
  amount: NullableString('Tax amount, rounded to the currency decimals; null for Exento.'),
});

const Item = Type.Object({
  product_id: NullableString('The saved product (`prod_…`) this item was filled from, or null.'),
  product_key: Type.String(),
  unit_key: Type.String(),
  unit: NullableString('Your unit name.'),
  sku: NullableString('Your product code.'),
  description: Type.String(),
  quantity: Type.String(),
  unit_price: Type.String(),
  discount: NullableString('Discount on the item.'),
  tax_object: Type.String({ description: 'c_ObjetoImp.' }),
  amount: Type.String({ description: 'quantity × unit_price, rounded to the currency decimals.' }),
  taxes: Type.Array(Tax),
});

const PaymentDocument = Type.Object({
  uuid: Type.String(),
  invoice: NullableString('The paid invoice of this account, when given by id.'),
  serie: NullableString('Serie of the paid CFDI.'),
  folio: NullableString('Folio of the paid CFDI.'),
  currency: Type.String(),
  equivalence: Type.String(),
  installment: Type.Integer(),
  previous_balance: Type.String(),
  amount_paid: Type.String(),
  balance: Type.String({ description: 'Balance left after this payment (ImpSaldoInsoluto).' }),
  tax_object: Type.String(),
  taxes: Type.Array(Tax),
});

const Payment = Type.Object({
  date: Type.String(),
  payment_form: Type.String(),
  currency: Type.String(),
  exchange_rate: Type.String(),
  amount: Type.String(),
  operation_number: NullableString('Bank operation number.'),
  documents: Type.Array(PaymentDocument),
});

const Cancellation = Type.Object({
  status: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('rejected')], {
    description: 'none → pending (waiting for the SAT or the receptor, who has 72 business hours) → accepted (the invoice is cancelled) or rejected.',
  }),
  reason: NullableString('Motivo 01-04.'),
  substitute_invoice_id: NullableString('Reason 01: the invoice that replaces this one.'),
  acuse_available: Type.Boolean({ description: 'True when GET /v1/invoices/{id}/acuse returns the SAT acuse.' }),
  requested_at: NullableTimestamp,
  resolved_at: NullableTimestamp,
});

export const Invoice = Type.Object(
  {
    object: Type.Literal('invoice'),
    id: Type.String(),
    livemode: Type.Boolean(),
    status: Type.Union([Type.Literal('draft'), Type.Literal('stamping'), Type.Literal('stamped'), Type.Literal('cancelled')], {
      description: 'draft → stamping (PAC call in flight) → stamped → cancelled. A failed stamp leaves it draft with `error` set.',
    }),
    type: Type.String({ description: 'I income, E credit note, P payment, T transfer.' }),
    fiscal_profile_id: Type.String(),
    serie: NullableString('Your series; null when the invoice has none.'),
    folio: Type.String(),
    customer_id: NullableString('The saved customer (`cus_…`) the receptor was filled from, or null; `customer` is what the invoice itself carries.'),
    customer: Type.Object({
      rfc: Type.String(),
      name: Type.String(),
      zip: Type.String(),
      tax_regime: Type.String(),
      use: Type.String(),
      country: NullableString('Foreign customers: country of tax residence.'),
      tax_id: NullableString('Foreign customers: tax id.'),
      email: NullableString('Where the invoice is e-mailed by default (not part of the CFDI).'),
    }),
    email: Type.Union(
      [
        Type.Object({
          send_on_stamp: Type.Optional(Type.Boolean()),
          send_on_cancel: Type.Optional(Type.Boolean()),
          recipients: Type.Optional(Type.Array(Type.String())),
          language: Type.Optional(EmailLanguage),
        }),
        Type.Null(),
      ],
      { description: "The invoice's own automatic e-mail settings as given (null when it follows its fiscal profile's `email_settings` in everything)." },
    ),
    currency: Type.String(),
    exchange_rate: NullableString('MXN per unit of `currency`.'),
    payment_form: NullableString('c_FormaPago.'),
    payment_method: NullableString('PUE or PPD.'),
    conditions: NullableString('Payment conditions.'),
    export: Type.String(),
    items: Type.Array(Item),
    related: Type.Array(Type.Object({ relationship: Type.String(), uuids: Type.Array(Type.String()) })),
    global: Nullable(Type.Object({ periodicity: Type.String(), months: Type.String(), year: Type.String() })),
    payments: Nullable(Type.Array(Payment)),
    subtotal: Type.String({ description: 'Decimal string.' }),
    discount: NullableString('Sum of the item discounts.'),
    total_taxes_transferred: NullableString('Sum of the transferred taxes (traslados).'),
    total_taxes_withheld: NullableString('Sum of the withheld taxes (retenciones).'),
    total: Type.String({ description: 'Decimal string.' }),
    uuid: NullableString('Fiscal folio (UUID), set on stamping.'),
    stamped_at: NullableTimestamp,
    sello_cfd: NullableString('The issuer seal.'),
    sello_sat: NullableString('The SAT/PAC seal of the stamp.'),
    no_certificado_sat: NullableString('Number of the certificate that sealed the stamp.'),
    cancellation: Cancellation,
    error: NullableString('Why the last stamp attempt failed (`code: detail`); null otherwise.'),
    xml_url: Type.String({ format: 'uri' }),
    pdf_url: Type.String({ format: 'uri' }),
    metadata: Metadata,
    fiscal_profile: FiscalProfile,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Invoice', description: 'A CFDI 4.0 invoice.' },
);
export type InvoiceObject = Static<typeof Invoice>;

const DateBound = Type.String({
  minLength: 1,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
  description: 'ISO date or date-time, inclusive. A bare date covers that whole UTC day.',
});

/** The list's filters (an export of invoices takes the same). */
export const InvoiceFilterProperties = {
  status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('stamping'), Type.Literal('stamped'), Type.Literal('cancelled')])),
  fiscal_profile_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  customer_rfc: Type.Optional(Type.String({ minLength: 1, maxLength: 13 })),
  uuid: Type.Optional(Type.String({ minLength: 1, maxLength: 36 })),
  serie: Type.Optional(Type.String({ minLength: 1, maxLength: 25 })),
  folio: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 254,
      description: "Search: part of the customer's RFC or name (any case), or exactly a folio, a serie and folio written together (`F123`) or a UUID.",
    }),
  ),
  'created[gte]': Type.Optional(DateBound),
  'created[lte]': Type.Optional(DateBound),
};
export const InvoiceListQuery = listQuery(InvoiceFilterProperties);
export type InvoiceListQuery = Static<typeof InvoiceListQuery>;

export const DeletedInvoice = Type.Object({ object: Type.Literal('invoice'), id: Type.String(), deleted: Type.Literal(true) });

export const SendInvoiceEmailBody = Type.Object(
  {
    recipients: Type.Optional(
      Type.Array(Type.String({ format: 'email', maxLength: 254 }), {
        minItems: 1,
        maxItems: 10,
        description: "Who receives it; default the invoice's `customer.email` (422 `invoice.email_no_recipients` when it has none).",
      }),
    ),
    language: Type.Optional(EmailLanguage),
  },
  { additionalProperties: false },
);

export const InvoiceEmail = Type.Object(
  {
    object: Type.Literal('invoice_email'),
    id: Type.String({ description: '`iem_` id.' }),
    invoice_id: Type.String(),
    kind: Type.Union([Type.Literal('invoice'), Type.Literal('cancellation')], {
      description: 'The invoice with its PDF and XML, or the notice of its cancellation (with the acuse when there is one).',
    }),
    recipients: Type.Array(Type.String()),
    language: EmailLanguage,
    status: Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed'), Type.Literal('skipped')], {
      description:
        'queued (waiting or retrying), sent (the mail server accepted it), failed (refused for good, or attempts exhausted), skipped (an automatic e-mail with nowhere to go: see `skipped_reason`).',
    }),
    message_id: NullableString('The Message-ID header of the message, once sent.'),
    attempts: Type.Array(
      Type.Object({
        at: Timestamp,
        outcome: Type.Union([Type.Literal('sent'), Type.Literal('failed')]),
        error: NullableString("The mail server's refusal, or why it could not be reached."),
      }),
      { description: 'Every attempt to hand the message to the mail server, oldest first.' },
    ),
    automatic: Type.Boolean({
      description:
        "True when the invoice's stamp or cancellation queued it (`email.send_on_stamp`, `email.send_on_cancel`); false when POST /v1/invoices/{id}/email did.",
    }),
    skipped_reason: NullableString('Why an automatic e-mail was not sent (no recipient, no mail server); null otherwise.'),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'One e-mail of an invoice and its delivery log.' },
);

const PreviewTax = Type.Object({
  type: Type.String({ description: 'IVA, ISR or IEPS.' }),
  factor: NullableString('Tasa, Cuota or Exento; null for a withheld tax (the CFDI totals withholdings by tax only).'),
  rate: NullableString('Six decimals; null for Exento and for a withheld tax.'),
  withholding: Type.Boolean(),
  base: NullableString('The base of a transferred tax; null for a withheld tax.'),
  amount: NullableString('Null for Exento.'),
});

export const InvoicePreview = Type.Object(
  {
    object: Type.Literal('invoice_preview'),
    livemode: Type.Boolean(),
    valid: Type.Boolean({ description: 'True when POST /v1/invoices would accept this body as it is (`errors` is empty).' }),
    type: Type.String({ description: 'I, E, P or T.' }),
    currency: Type.String({ description: 'XXX for a payment (type P).' }),
    subtotal: NullableString('Null while some amount cannot be computed (see `errors`).'),
    discount: NullableString('Sum of the item discounts; null without discounts.'),
    taxes: Type.Array(PreviewTax, {
      description: 'The invoice-level taxes as the CFDI groups them: transferred by tax, factor and rate, withheld by tax.',
    }),
    total_taxes_transferred: NullableString('Sum of the transferred taxes (traslados).'),
    total_taxes_withheld: NullableString('Sum of the withheld taxes (retenciones).'),
    total: NullableString('Null while some amount cannot be computed. A payment (type P) is 0: see `payments_total`.'),
    payments_total: NullableString('Type P: the sum of the payments in MXN (MontoTotalPagos); null otherwise.'),
    errors: Type.Array(Type.Object({ path: Type.String(), code: Type.String(), message: Type.String() }), {
      description: 'Every failing field, as the 422 `cfdi.invalid_input` of a create would list it, in the language of `Accept-Language`.',
    }),
  },
  { $id: 'InvoicePreview', description: "An invoice request's computed amounts and failing fields; nothing is stored." },
);
export type InvoicePreviewObject = Static<typeof InvoicePreview>;

export const PayableInvoice = Type.Object(
  {
    object: Type.Literal('payable_invoice'),
    invoice_id: Type.String(),
    uuid: Type.String(),
    serie: NullableString('Serie of the invoice.'),
    folio: Type.String(),
    currency: Type.String(),
    total: Type.String(),
    paid: Type.String({ description: 'What the stamped payments of this account applied to it.' }),
    balance: Type.String({ description: 'Saldo insoluto: the balance the last stamped payment left, or the total before any.' }),
    next_installment: Type.Integer({ description: "The next payment's installment number (NumParcialidad)." }),
    taxes: Type.Array(Type.Object({ type: Type.String(), factor: Type.String(), rate: NullableString('Null for Exento.'), withholding: Type.Boolean() }), {
      description: "The invoice's distinct item taxes, as a payment's `documents[].taxes` takes them.",
    }),
    stamped_at: Timestamp,
  },
  { description: 'A stamped PPD invoice with a balance left, as a payment (type P) applies to it.' },
);
export type PayableInvoiceObject = Static<typeof PayableInvoice>;

export const PayableInvoicesQuery = Type.Object(
  { customer_rfc: Type.String({ minLength: 12, maxLength: 13, description: "The customer's RFC." }) },
  { additionalProperties: false },
);
