import type { DeliveryRow } from './deliveries-repository.ts';
import type { EndpointRow } from './repository.ts';

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

/** The webhook_endpoint object; `secret` only when given (the create and rotate responses). */
export function serializeEndpoint(row: EndpointRow, secret?: string) {
  return {
    object: 'webhook_endpoint' as const,
    id: row.id,
    url: row.url,
    enabled_events: row.enabled_events,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    connect: row.connect,
    api_version: row.api_version,
    livemode: row.mode === 'live',
    metadata: row.metadata,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...(secret !== undefined ? { secret } : {}),
  };
}

export function serializeDelivery(row: DeliveryRow, livemode: boolean, types: Map<string, string>) {
  return {
    object: 'webhook_delivery' as const,
    id: row.id,
    event_id: row.event_id,
    event_type: types.get(row.event_id) ?? null,
    endpoint_id: row.endpoint_id,
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    last_error: row.last_error,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    last_attempt_at: iso(row.last_attempt_at),
    livemode,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

declare module '../events/index.ts' {
  interface EventObjects {
    'webhook_endpoint.disabled': ReturnType<typeof serializeEndpoint>;
    'webhook_endpoint.test': ReturnType<typeof serializeEndpoint>;
  }
}
