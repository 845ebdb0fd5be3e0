import { Type } from 'typebox';
import { listQuery } from '../../platform/http/pagination.ts';
import { Metadata, NullableTimestamp, Timestamp } from '../../platform/http/schemas.ts';
import { MAX_URL_LENGTH } from './url-guard.ts';

const Url = Type.String({
  minLength: 1,
  maxLength: MAX_URL_LENGTH,
  description: 'HTTPS URL that receives event POSTs (http and loopback hosts only outside production).',
});
const EnabledEvents = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: 50,
  description: 'Exact event types, namespace wildcards such as `invoice.*`, or `*` for every event.',
});
const ApiVersion = Type.String({
  minLength: 1,
  description: 'The API version event payloads are rendered in; defaults to the version of the creating request.',
});

export const WebhookEndpoint = Type.Object(
  {
    object: Type.Literal('webhook_endpoint'),
    id: Type.String(),
    url: Type.String(),
    enabled_events: Type.Array(Type.String()),
    enabled: Type.Boolean({ description: 'False while paused or after the service disabled it.' }),
    disabled_reason: Type.Union([Type.Literal('gone'), Type.Literal('failing'), Type.Null()], {
      description: 'Why the service disabled the endpoint: it answered 410 (`gone`) or failed every attempt for 3 days (`failing`); null otherwise.',
    }),
    connect: Type.Boolean({ description: 'Also receives the events of the platform’s connected accounts.' }),
    api_version: Type.String(),
    livemode: Type.Boolean(),
    metadata: Metadata,
    created_at: Timestamp,
    updated_at: Timestamp,
    secret: Type.Optional(Type.String({ description: 'The `whsec_` signing secret; only in the create and rotate_secret responses.' })),
  },
  { description: 'A URL that receives signed event notifications.' },
);

export const CreateEndpointBody = Type.Object(
  {
    url: Url,
    enabled_events: Type.Optional(EnabledEvents),
    connect: Type.Optional(Type.Boolean({ default: false, description: 'Platform organizations only: also receive every connected account’s events.' })),
    metadata: Type.Optional(Metadata),
    api_version: Type.Optional(ApiVersion),
  },
  { additionalProperties: false },
);

export const UpdateEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    enabled_events: Type.Optional(EnabledEvents),
    enabled: Type.Optional(Type.Boolean({ description: 'False pauses deliveries; true resumes them (and clears `disabled_reason`).' })),
    metadata: Type.Optional(Metadata),
    api_version: Type.Optional(ApiVersion),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const DeletedEndpoint = Type.Object({
  object: Type.Literal('webhook_endpoint'),
  id: Type.String(),
  deleted: Type.Literal(true),
});

export const WebhookDelivery = Type.Object(
  {
    object: Type.Literal('webhook_delivery'),
    id: Type.String(),
    event_id: Type.String(),
    event_type: Type.Union([Type.String(), Type.Null()], {
      description: 'The type of the event delivered, e.g. `invoice.stamped`; null once the event itself is gone.',
    }),
    endpoint_id: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
    attempts: Type.Integer({ description: 'Attempts made so far, resends included.' }),
    response_status: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the last response; null when the last attempt got none.' }),
    last_error: Type.Union([Type.String(), Type.Null()]),
    next_attempt_at: NullableTimestamp,
    last_attempt_at: NullableTimestamp,
    livemode: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'The current state of delivering one event to one endpoint.' },
);

export const ListDeliveriesQuery = listQuery({
  status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')])),
  event_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

export const ListEventDeliveriesQuery = listQuery({
  status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')])),
});

/** The body is optional: no body resends to every enabled endpoint subscribed to the event. */
export const ResendBody = Type.Object(
  {
    endpoint_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Resend to this endpoint only; by default to every enabled endpoint subscribed to the event.' }),
    ),
  },
  { additionalProperties: false },
);
