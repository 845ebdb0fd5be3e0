import { Type } from 'typebox';
import { NullableTimestamp, Timestamp } from '../../platform/http/schemas.ts';

const Mode = Type.Union([Type.Literal('test'), Type.Literal('live')]);

export const ApiKey = Type.Object(
  {
    object: Type.Literal('api_key'),
    id: Type.String(),
    name: Type.String(),
    mode: Mode,
    livemode: Type.Boolean(),
    prefix: Type.String({ description: 'Non-secret identifying prefix, `sk_live_XXXX` / `sk_test_XXXX`.' }),
    key: Type.Optional(Type.String({ description: 'The secret. Returned only by the create call.' })),
    last_used_at: NullableTimestamp,
    revoked_at: NullableTimestamp,
    version: Type.Union([Type.String(), Type.Null()], { description: 'Pinned API version, if any.' }),
    created_at: Timestamp,
  },
  { description: 'An API key.' },
);

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    mode: Mode,
  },
  { additionalProperties: false },
);

export const UpdateApiKeyBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    version: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()], { description: 'A supported API version, or null to unpin.' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const RevokedApiKey = Type.Object({
  object: Type.Literal('api_key'),
  id: Type.String(),
  revoked: Type.Literal(true),
  warning: Type.Optional(Type.String()),
});
