/**
 * The invoice request bodies. The schema fixes shapes and the API's own vocabulary (types of
 * tax, factors); everything that depends on the SAT catalogs or the CFDI rules is checked by the
 * mapper and the engine, so that one 422 `cfdi.invalid_input` lists every failing field at once.
 */
import { Type, type Static, type TNull, type TOptional, type TSchema, type TUnion } from 'typebox';
import { Metadata } from '../../platform/http/schemas.ts';

const text = (description: string, maxLength = 1000) => Type.String({ maxLength, description });
const decimal = (description: string) => Type.String({ maxLength: 40, description: `${description} Decimal string, e.g. "1500.00".` });

export const TaxInput = Type.Object(
  {
    type: Type.Union([Type.Literal('IVA'), Type.Literal('ISR'), Type.Literal('IEPS')], { description: 'The tax: IVA, ISR (withholding only) or IEPS.' }),
    factor: Type.Optional(
      Type.Union([Type.Literal('Tasa'), Type.Literal('Cuota'), Type.Literal('Exento')], {
        description: 'Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only).',
      }),
    ),
    rate: Type.Optional(
      Type.String({ maxLength: 20, description: 'Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six).' }),
    ),
    withholding: Type.Optional(Type.Boolean({ description: 'True for a withheld tax (retención); false or absent for a transferred one (traslado).' })),
    base: Type.Optional(decimal('Overrides the taxable base (default: the item amount minus its discount), e.g. litres for an IEPS Cuota.')),
  },
  { additionalProperties: false },
);

export const ItemInput = Type.Object(
  {
    product_id: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'A saved product (`prod_…`) whose fields fill this item; the other fields given here override them (quantity, unit_price, discount…).',
      }),
    ),
    product_key: Type.Optional(text('SAT product or service key (c_ClaveProdServ, 8 digits).', 8)),
    unit_key: Type.Optional(text('SAT unit key (c_ClaveUnidad), e.g. E48 or H87.', 3)),
    unit: Type.Optional(text('Your own unit name, printed beside the unit key.', 20)),
    sku: Type.Optional(text('Your product code (NoIdentificacion).', 100)),
    description: Type.Optional(text('What was sold.')),
    quantity: Type.Optional(decimal('Up to six decimals, greater than 0; default "1".')),
    unit_price: Type.Optional(decimal('Price per unit before taxes, up to six decimals.')),
    discount: Type.Optional(decimal("Discount on this item, in the currency's decimals.")),
    tax_object: Type.Optional(text('c_ObjetoImp: 01 not subject, 02 subject (needs taxes), 03, 04… Default 02 with taxes, 01 without.', 2)),
    taxes: Type.Optional(Type.Array(TaxInput, { maxItems: 10 })),
  },
  { additionalProperties: false },
);

/** The customer's fields beside its RFC, each optional in a create; an update may clear any with null. */
const customerFields = {
  name: text('Name exactly as registered at the SAT (without the capital regime, e.g. "S.A. de C.V.").', 254),
  tax_regime: text("The customer's c_RegimenFiscal code (3 digits).", 3),
  postal_code: text("The customer's fiscal address postal code (5 digits).", 5),
  cfdi_use: text('c_UsoCFDI code, e.g. G03. Defaults: S01 for the general public, CP01 for payments.', 4),
  use: text('Same as `cfdi_use`.', 4),
  country: text('Foreign customers (XEXX010101000): c_Pais country of tax residence, e.g. USA.', 3),
  tax_id: text('Foreign customers: their tax identification number at home.', 40),
  email: Type.String({
    format: 'email',
    maxLength: 254,
    description: 'Where `POST /v1/invoices/{id}/email` sends the invoice when the request names no recipients. Not part of the CFDI.',
  }),
};

const customerRfc = Type.String({
  minLength: 1,
  maxLength: 13,
  description: "The customer's RFC; XAXX010101000 for the general public, XEXX010101000 for a foreign customer.",
});

const CustomerInput = Type.Object({ rfc: customerRfc, ...Type.Partial(Type.Object(customerFields)).properties }, { additionalProperties: false });

const RelatedInput = Type.Object(
  {
    relationship: text('c_TipoRelacion, e.g. 01 (nota de crédito), 04 (sustitución), 07 (anticipo).', 2),
    uuids: Type.Optional(Type.Array(Type.String({ maxLength: 36 }), { maxItems: 100, description: 'Fiscal folios (UUIDs) of the related CFDIs.' })),
    invoices: Type.Optional(
      Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100, description: 'Ids of stamped invoices of this account; their UUIDs are used.' }),
    ),
  },
  { additionalProperties: false },
);

const GlobalInput = Type.Object(
  {
    periodicity: text('c_Periodicidad: 01 daily, 02 weekly, 03 fortnightly, 04 monthly, 05 bimonthly.', 2),
    months: text('c_Meses: 01-12 for a month, 13-18 for a bimester.', 2),
    year: text('The year of the operations, YYYY.', 4),
  },
  { additionalProperties: false },
);

export const PaymentDocumentInput = Type.Object(
  {
    uuid: Type.Optional(Type.String({ maxLength: 36, description: 'UUID of the paid CFDI (give this or `invoice`).' })),
    invoice: Type.Optional(
      Type.String({ maxLength: 200, description: 'Id of the paid invoice of this account; fills `uuid`, `serie`, `folio` and `currency`.' }),
    ),
    serie: Type.Optional(text('Serie of the paid CFDI.', 25)),
    folio: Type.Optional(text('Folio of the paid CFDI.', 40)),
    currency: Type.Optional(text("Currency of the paid CFDI; default the payment's.", 3)),
    equivalence: Type.Optional(decimal('Units of the document currency per unit of the payment currency; required when they differ.')),
    installment: Type.Optional(Type.Integer({ minimum: 1, maximum: 999, description: 'Installment number, 1 for the first payment.' })),
    previous_balance: Type.Optional(decimal('Balance of the document before this payment.')),
    amount_paid: Type.Optional(decimal('Amount of this payment applied to the document.')),
    tax_object: Type.Optional(text('c_ObjetoImp of the document; default 02 with taxes, 01 without.', 2)),
    taxes: Type.Optional(Type.Array(TaxInput, { maxItems: 10 })),
  },
  { additionalProperties: false },
);

export const PaymentInput = Type.Object(
  {
    date: text('When the payment was received, local time: YYYY-MM-DDTHH:mm:ss (or YYYY-MM-DD for noon).', 19),
    payment_form: text('c_FormaPago of the payment (not 99), e.g. 03 transfer.', 2),
    currency: Type.Optional(text('Payment currency; default MXN.', 3)),
    exchange_rate: Type.Optional(decimal('MXN per unit of the payment currency; required unless MXN.')),
    amount: Type.Optional(decimal("Amount received; default the sum of the documents' amount_paid.")),
    operation_number: Type.Optional(text('Bank operation or check number.', 100)),
    documents: Type.Array(PaymentDocumentInput, { minItems: 1, maxItems: 500 }),
  },
  { additionalProperties: false },
);

/** The invoice's own automatic e-mails, over its fiscal profile's `email_settings` (docs/guides/email.md). */
const EmailInput = Type.Object(
  {
    send_on_stamp: Type.Optional(
      Type.Boolean({ description: "E-mail the invoice when it is stamped; default the fiscal profile's `email_settings.send_on_stamp`." }),
    ),
    send_on_cancel: Type.Optional(
      Type.Boolean({
        description:
          "E-mail the cancellation notice (with the acuse) when its cancellation completes; default the fiscal profile's `email_settings.send_on_cancel`.",
      }),
    ),
    recipients: Type.Optional(
      Type.Array(Type.String({ format: 'email', maxLength: 254 }), {
        minItems: 1,
        maxItems: 10,
        description: "Who receives the automatic e-mails; default the invoice's `customer.email`, or the e-mails of its saved customer. No address twice.",
      }),
    ),
    language: Type.Optional(
      Type.Union([Type.Literal('es'), Type.Literal('en')], {
        description: "es (Spanish) or en (English); default the fiscal profile's `email_settings.language`.",
      }),
    ),
  },
  { additionalProperties: false, description: 'Automatic e-mails of this invoice; what is left out follows the fiscal profile. Not part of the CFDI.' },
);

/** The invoice's optional fields that an update may clear with null. */
const optionalFields = {
  payment_form: text('c_FormaPago (2 digits), e.g. 03 transfer; 99 with PPD. Types I and E.', 2),
  payment_method: text('PUE (paid in one installment, default) or PPD (installments or deferred). Types I and E.', 3),
  currency: text('ISO 4217 code in the SAT c_Moneda catalog; default MXN. Absent for P.', 3),
  exchange_rate: decimal('MXN per unit of `currency`; required unless MXN.'),
  use: text('Same as `customer.cfdi_use`.', 4),
  global: GlobalInput,
  serie: Type.String({ minLength: 1, maxLength: 25, description: 'Your series, e.g. "A".' }),
  conditions: text('Payment conditions (CondicionesDePago). Types I and E.'),
  export: text('c_Exportacion; default 01 (no export).', 2),
};

/** Each of `properties` optional, or null: in an update, null removes the draft's value, as if the create had left the field out. */
function clearable<P extends Record<string, TSchema>>(properties: P): { [K in keyof P]: TOptional<TUnion<[P[K], TNull]>> } {
  const nullable = (schema: TSchema) => {
    const description = (schema as { description?: string }).description;
    return Type.Optional(Type.Union([schema, Type.Null()], { description: `${description ? `${description} ` : ''}null clears it.` }));
  };
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, nullable(schema)])) as {
    [K in keyof P]: TOptional<TUnion<[P[K], TNull]>>;
  };
}

const fields = {
  type: Type.Optional(
    Type.Union([Type.Literal('I'), Type.Literal('E'), Type.Literal('P'), Type.Literal('T')], {
      description: 'I income (default), E credit note, P payment, T transfer.',
    }),
  ),
  customer: CustomerInput,
  customer_id: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'A saved customer (`cus_…`) whose RFC, name, régimen, postal code and default uso fill `customer`; fields given in `customer` override them.',
    }),
  ),
  items: Type.Optional(Type.Array(ItemInput, { maxItems: 1000, description: 'Required for types I, E and T; absent for P.' })),
  payment_form: Type.Optional(optionalFields.payment_form),
  payment_method: Type.Optional(optionalFields.payment_method),
  currency: Type.Optional(optionalFields.currency),
  exchange_rate: Type.Optional(optionalFields.exchange_rate),
  use: Type.Optional(optionalFields.use),
  related: Type.Optional(Type.Array(RelatedInput, { maxItems: 20 })),
  global: Type.Optional(optionalFields.global),
  payments: Type.Optional(Type.Array(PaymentInput, { maxItems: 100, description: 'Type P only: the payments received.' })),
  serie: Type.Optional(optionalFields.serie),
  folio: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'Default: the next number of the serie for this fiscal profile.' })),
  conditions: Type.Optional(optionalFields.conditions),
  export: Type.Optional(optionalFields.export),
  metadata: Type.Optional(Metadata),
  email: Type.Optional(EmailInput),
};

export const CreateInvoiceBody = Type.Object(
  { fiscal_profile_id: Type.String({ minLength: 1, maxLength: 200, description: 'The issuing fiscal profile (`fp_…`).' }), ...fields },
  { additionalProperties: false },
);

/** The create request: `customer` may be left out, or partial, when `customer_id` names a saved customer. */
export const CreateInvoiceRequest = Type.Object(
  { ...CreateInvoiceBody.properties, customer: Type.Optional(Type.Partial(CustomerInput, { additionalProperties: false })) },
  { additionalProperties: false },
);

export const UpdateInvoiceBody = Type.Object(
  {
    ...fields,
    ...clearable(optionalFields),
    customer: Type.Optional(Type.Object({ rfc: Type.Optional(customerRfc), ...clearable(customerFields) }, { additionalProperties: false })),
  },
  {
    additionalProperties: false,
    description:
      'Fields to change; `customer` and `metadata` are merged, the others replaced. null clears an optional field (the draft goes back to its default, as if the create had left it out); an empty string in metadata removes the key.',
  },
);

export const CancelInvoiceBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: 2,
      description:
        'Motivo: 01 replaced by `substitute_invoice_id` (with errors), 02 with errors and no replacement, 03 operation not carried out, 04 nominative operation in a global invoice.',
    }),
    substitute_invoice_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Reason 01 only: the stamped invoice that replaces this one (it relates to it with TipoRelacion 04).',
      }),
    ),
  },
  { additionalProperties: false },
);

export type TaxInput = Static<typeof TaxInput>;
export type ItemInput = Static<typeof ItemInput>;
export type PaymentInput = Static<typeof PaymentInput>;
export type PaymentDocumentInput = Static<typeof PaymentDocumentInput>;
export type CreateInvoiceBody = Static<typeof CreateInvoiceBody>;
export type CreateInvoiceRequest = Static<typeof CreateInvoiceRequest>;
export type UpdateInvoiceBody = Static<typeof UpdateInvoiceBody>;
export type CancelInvoiceBody = Static<typeof CancelInvoiceBody>;
/** What `invoices.input` keeps: the create body, with PATCHes merged in. */
export type InvoiceInput = CreateInvoiceBody;
