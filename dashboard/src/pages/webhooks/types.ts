// The API's own list (a pure module of the server, bundled into the app): one home for event types.
import { EVENT_TYPES } from '../../../../src/modules/events/types.ts';
import type { Answer, Item } from '../../api/types.ts';

/** An endpoint; `secret` is set only in the create and rotate_secret answers. */
export type WebhookEndpoint = Answer<'getWebhookEndpoint'>;

/** `event_type` is null once the event itself is gone. */
export type WebhookDelivery = Item<'listWebhookDeliveries'>;

const namespaceOf = (type: string) => type.slice(0, type.indexOf('.'));

/** Namespaces in first-seen order, each with its types: the picker's groups. */
export const EVENT_GROUPS: { namespace: string; types: string[] }[] = [...new Set(EVENT_TYPES.map(namespaceOf))].map((namespace) => ({
  namespace,
  types: EVENT_TYPES.filter((type) => namespaceOf(type) === namespace),
}));
