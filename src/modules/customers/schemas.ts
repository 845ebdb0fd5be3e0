import { Type, type Static } from 'typebox';
import { listQuery } from '../../platform/http/pagination.ts';
import { Metadata, NullableTimestamp, Timestamp } from '../../platform/http/schemas.ts';

const text = (description: string, maxLength: number, minLength = 0) => Type.String({ minLength, maxLength, description });
const nullable = (description: string, maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()], { description });

const Address = Type.Object(
  {
    street: Type.Optional(text('Street.', 200)),
    exterior: Type.Optional(text('Exterior number.', 50)),
    interior: Type.Optional(text('Interior number.', 50)),
    neighborhood: Type.Optional(text('Colonia.', 120)),
    city: Type.Optional(text('City or locality.', 120)),
    municipality: Type.Optional(text('Municipio or alcaldía.', 120)),
    state: Type.Optional(text('State.', 120)),
    country: Type.Optional(text('Country (c_Pais, e.g. MEX).', 3)),
  },
  { additionalProperties: false, description: 'Postal address, for your records and the PDF; the CFDI carries only the fiscal postal code.' },
);

const Emails = Type.Array(Type.String({ format: 'email', maxLength: 254 }), {
  minItems: 1,
  maxItems: 10,
  description: 'Where invoices for this customer are sent, 1 to 10 addresses.',
});

const fields = {
  rfc: text('RFC as the SAT registered it: 12 characters (persona moral) or 13 (persona física); XAXX010101000 or XEXX010101000 for the generic ones.', 13, 12),
  legal_name: text('Name exactly as in the Constancia de Situación Fiscal, without the capital regime (no "S.A. de C.V.").', 254, 1),
  tax_regime: text('c_RegimenFiscal of the customer (3 digits), one allowed for its persona física or moral.', 3, 3),
  postal_code: text('Postal code of the fiscal address (DomicilioFiscalReceptor), 5 digits.', 5, 5),
  cfdi_use: Type.Optional(text('Default c_UsoCFDI of its invoices (e.g. G03), one allowed for its régimen; an invoice may override it.', 4, 3)),
  emails: Type.Optional(Emails),
  address: Type.Optional(Address),
  country: Type.Optional(text('Foreign customers (XEXX010101000): c_Pais of tax residence, e.g. USA.', 3, 3)),
  tax_id: Type.Optional(text('Foreign customers: their tax identification number at home.', 40, 1)),
  metadata: Type.Optional(Metadata),
};

export const CreateCustomerBody = Type.Object(fields, { additionalProperties: false });

export const UpdateCustomerBody = Type.Object(
  {
    ...Type.Partial(Type.Object(fields)).properties,
    cfdi_use: Type.Optional(Type.Union([text('Default c_UsoCFDI; null removes it.', 4, 3), Type.Null()])),
    emails: Type.Optional(Type.Union([Emails, Type.Null()], { description: 'Replaces the list; null removes every address.' })),
    address: Type.Optional(Type.Union([Address, Type.Null()], { description: 'Replaces the address; null removes it.' })),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description: 'Fields to change; the others keep their values. Metadata merges key by key; an empty string removes a key.',
  },
);

export const Customer = Type.Object(
  {
    object: Type.Literal('customer'),
    id: Type.String(),
    rfc: Type.String(),
    legal_name: Type.String(),
    tax_regime: Type.String(),
    postal_code: Type.String(),
    cfdi_use: nullable('Default c_UsoCFDI, or null.', 4),
    emails: Type.Array(Type.String()),
    address: Type.Union([Address, Type.Null()]),
    country: nullable('c_Pais of a foreign customer, or null.', 3),
    tax_id: nullable('Tax id of a foreign customer, or null.', 40),
    tax_validation: Type.Object(
      {
        status: Type.Union([Type.Literal('verified'), Type.Literal('unverified')], {
          description:
            '`verified`: the RFC validation found the RFC with this name and postal code (test mode: the simulator). `unverified`: no RFC validation was available (live mode); only the format and catalog rules were checked.',
        }),
        checked_at: NullableTimestamp,
      },
      { description: 'What the RFC, name and postal code were checked against when last saved.' },
    ),
    livemode: Type.Boolean(),
    metadata: Metadata,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'A customer: the receptor of invoices, saved once and used by `customer_id`.' },
);

export const DeletedCustomer = Type.Object({ object: Type.Literal('customer'), id: Type.String(), deleted: Type.Literal(true) });

export const ListCustomersQuery = listQuery({
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Part of the RFC or of the legal name, any case.' })),
  rfc: Type.Optional(Type.String({ minLength: 12, maxLength: 13, description: 'Exactly this RFC.' })),
  tax_regime: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: 'Only customers in this régimen fiscal.' })),
});

export type CreateCustomerBody = Static<typeof CreateCustomerBody>;
export type UpdateCustomerBody = Static<typeof UpdateCustomerBody>;
export type ListCustomersQuery = Static<typeof ListCustomersQuery>;
export type CustomerAddress = Static<typeof Address>;
