import { Type } from 'typebox';
import { NullableTimestamp } from '../../platform/http/schemas.ts';

export const EnableSyncBody = Type.Object(
  {
    sync_from: Type.Optional(
      Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description:
          'Start of the backfill, a calendar day `yyyy-mm-dd` not after today (Mexico City); floored to the 1st of its month and moved forward to the first day the SAT serves (71 months back at most, and never before 1 January five years back). Default: all the history the SAT keeps.',
      }),
    ),
    max_monthly_documents: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000_000,
        description:
          "About how many CFDIs the taxpayer issues plus receives a month: it sizes the SAT requests (a year, or fewer months, up to 100,000 CFDIs each; a month above 100,000 in parts), so no request meets the SAT's cap. Without it, a year per request.",
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
    sync_from: Type.Union([Type.String(), Type.Null()], {
      description:
        'Where the backfill starts, yyyy-mm-dd: the `sync_from` asked for, floored to the 1st of its month and moved to the first day the SAT still serves (1 January five years back), which moves each 1 January.',
    }),
    synced_through: Type.Union([Type.String(), Type.Null()], {
      description:
        'Every day from `sync_from` through this one, yyyy-mm-dd, has been asked of the SAT and the store holds what it served; the last three are asked again daily while the SAT may still publish CFDIs of them (up to 72 hours after their stamp).',
    }),
    lag_days: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Days from `synced_through` to today (Mexico City): 1 once yesterday has been asked for, 2 until then; 1-3 in steady state.',
    }),
    documents: Type.Integer({ minimum: 0, description: 'CFDIs of this profile in the store.' }),
    checked_at: NullableTimestamp,
  },
  { additionalProperties: false, description: "Automatic synchronization of a profile's CFDI history with the SAT." },
);
