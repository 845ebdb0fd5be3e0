import { Type, type TSchema } from 'typebox';

/** Shared schema pieces for route definitions and the OpenAPI document. */
export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC timestamp.' });
// A type list rather than anyOf: the response serializer tells the two apart by type, where an
// anyOf would run a schema validator (with its date-time format check) on every response.
export const NullableTimestamp = Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time', description: 'ISO 8601 UTC timestamp, or null.' });
export const Metadata = Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 500 }), {
  maxProperties: 50,
  description: 'Your own key-value pairs (at most 50 keys), echoed back.',
});

export function IdParam(description: string) {
  return Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description }) }, { additionalProperties: false });
}

export function ListOf<T extends TSchema>(item: T) {
  return Type.Object({
    object: Type.Literal('list'),
    url: Type.Optional(Type.String({ description: 'Path the list was requested from (from version 2026-07-15).' })),
    data: Type.Array(item),
    has_more: Type.Boolean(),
  });
}

export const Problem = Type.Object(
  {
    type: Type.String({ format: 'uri' }),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String(),
    detail: Type.String(),
    remediation: Type.String(),
    doc_url: Type.Optional(Type.String({ format: 'uri' })),
    request_id: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), code: Type.String(), message: Type.String() }))),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details.' },
);
