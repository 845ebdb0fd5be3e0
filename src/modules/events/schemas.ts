import { Type } from 'typebox';
import { listQuery } from '../../platform/http/pagination.ts';
import { Timestamp } from '../../platform/http/schemas.ts';
import { EVENT_TYPES } from './types.ts';

export const Event = Type.Object(
  {
    object: Type.Literal('event'),
    id: Type.String({ description: '`evt_` id; also the `webhook-id` header of every delivery of this event.' }),
    type: Type.String({ description: `One of: ${EVENT_TYPES.join(', ')}.` }),
    api_version: Type.String({ description: 'The API version `data.object` is rendered in.' }),
    created_at: Timestamp,
    livemode: Type.Boolean(),
    account: Type.Union([Type.String(), Type.Null()], { description: 'The connected account the event belongs to, or null.' }),
    data: Type.Object({
      object: Type.Object({}, { additionalProperties: true, description: 'The resource as of the event.' }),
    }),
  },
  { description: 'Something that happened in an organization, as recorded in the event log and sent to webhook endpoints.' },
);

const CreatedBound = (description: string) => Type.Optional(Type.String({ format: 'date-time', description }));

export const ListEventsQuery = listQuery({
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'An event type, a namespace wildcard such as `invoice.*`, or `*`.' })),
  object_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        "Only events about this object (`data.object.id`): an invoice, fiscal profile, download, CFDI import… A fiscal profile's id also selects its sync's `fiscal_profile_sync.updated` events.",
    }),
  ),
  'created[gte]': CreatedBound('Only events created at or after this instant.'),
  'created[gt]': CreatedBound('Only events created after this instant.'),
  'created[lte]': CreatedBound('Only events created at or before this instant.'),
  'created[lt]': CreatedBound('Only events created before this instant.'),
});
