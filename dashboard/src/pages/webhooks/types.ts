// The API's own list (a pure module of the server, bundled into the app): one home for event types.
import { EVENT_TYPES } from '../../../../src/modules/events/types.ts';

export interface WebhookEndpoint {
  id: string;
  url: string;
  enabled_events: string[];
  enabled: boolean;
  disabled_reason: 'gone' | 'failing' | null;
  connect: boolean;
  api_version: string;
  livemode: boolean;
  created_at: string;
  updated_at: string;
  /** Only in the create and rotate_secret answers. */
  secret?: string;
}

export interface WebhookDelivery {
  id: string;
  event_id: string;
  /** Null once the event itself is gone. */
  event_type: string | null;
  endpoint_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  created_at: string;
}

const namespaceOf = (type: string) => type.slice(0, type.indexOf('.'));

/** Namespaces in first-seen order, each with its types: the picker's groups. */
export const EVENT_GROUPS: { namespace: string; types: string[] }[] = [...new Set(EVENT_TYPES.map(namespaceOf))].map((namespace) => ({
  namespace,
  types: EVENT_TYPES.filter((type) => namespaceOf(type) === namespace),
}));
