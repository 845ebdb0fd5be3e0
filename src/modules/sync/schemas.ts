import { Type } from 'typebox';
import { NullableTimestamp } from '../../platform/http/schemas.ts';

export const EnableSyncBody = Type.Object(
  {
    sync_from: Type.Optional(
      Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description:
          'Start of the backfill, `yyyy-mm-dd`; clamped to 71 months back and floored to the 1st of its month. Default: all the history the SAT keeps.',
      }),
    ),
    max_monthly_documents: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000,
        description:
          "About how many CFDIs the taxpayer issues plus receives a month; months above 100,000 are asked in parts, so no request meets the SAT's cap.",
      }),
    ),
    phone: Type.Optional(
      Type.String({
        maxLength: 20,
        pattern: '^\\+[1-9][0-9 ]{6,18}$',
        description: 'A contact phone in international format (`+52 55 1234 5678`), at most 20 characters; kept, never called.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const FiscalProfileSync = Type.Object(
  {
    object: Type.Literal('fiscal_profile_sync'),
    fiscal_profile_id: Type.String(),
    rfc: Type.String(),
    enabled: Type.Boolean({ description: 'Whether automatic synchronization is on.' }),
    status: Type.Union([Type.Literal('inactive'), Type.Literal('pending'), Type.Literal('healthy'), Type.Literal('stalled')], {
      description:
        '`inactive` (off), `pending` (on, nothing complete yet), `healthy` (the watermark moves), `stalled` (work waits and the watermark has not moved for a day: the SAT is down or slow; the service keeps retrying).',
    }),
    sync_from: Type.Union([Type.String(), Type.Null()], { description: 'Start of the backfill, yyyy-mm-dd.' }),
    synced_through: Type.Union([Type.String(), Type.Null()], {
      description: 'The store holds every CFDI of the profile from `sync_from` through this day, yyyy-mm-dd.',
    }),
    lag_days: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'Days from `synced_through` to today (Mexico City): about 4 in steady state, since the SAT publishes a CFDI up to 72 hours after it is stamped.',
    }),
    documents: Type.Integer({ minimum: 0, description: 'CFDIs of this profile in the store.' }),
    checked_at: NullableTimestamp,
  },
  { additionalProperties: false, description: "Automatic synchronization of a profile's CFDI history with the SAT." },
);
