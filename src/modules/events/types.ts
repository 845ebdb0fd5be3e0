/**
 * Every event type the service emits (docs/contract.md §5), plus `webhook_endpoint.disabled`, which
 * tells an organization that one of its endpoints was switched off by the service, and
 * `webhook_endpoint.test`, sent on request to the one endpoint being tested and to no other.
 */
export const EVENT_TYPES = [
  'invoice.created',
  'invoice.stamped',
  'invoice.cancellation_requested',
  'invoice.cancellation_rejected',
  'invoice.cancelled',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'product.created',
  'product.updated',
  'product.deleted',
  'invoice.email_sent',
  'invoice.email_failed',
  'fiscal_profile.created',
  'fiscal_profile.updated',
  'fiscal_profile_sync.updated',
  'download.updated',
  'validation.completed',
  'cfdi.received',
  'cfdi.issued',
  'cfdi.cancelled',
  'export.completed',
  'export.failed',
  'api_key.revoked',
  'webhook_endpoint.disabled',
  'webhook_endpoint.test',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * What each event type carries as `data.object`: its resource as the API serializes it. The module
 * that owns the resource declares its entries next to its serializer, by augmenting this interface
 * through `../events/index.ts`, so this module depends on none of them. An event type with no entry
 * carries `never`: emitting it does not compile until its owner declares it.
 *
 * @public (used by module augmentation, which knip does not count)
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by module augmentation in the owning modules
export interface EventObjects {}

/** The object an event of type `T` carries. */
export type EventObject<T extends EventType> = T extends keyof EventObjects ? EventObjects[T] : never;

const KNOWN_TYPES = new Set<string>(EVENT_TYPES);

/** `invoice.stamped` → `invoice`. */
function namespaceOf(type: string): string {
  const dot = type.indexOf('.');
  return dot === -1 ? type : type.slice(0, dot);
}

const EVENT_NAMESPACES = [...new Set(EVENT_TYPES.map(namespaceOf))];
const KNOWN_NAMESPACES = new Set(EVENT_NAMESPACES);

export function isEventType(value: string): value is EventType {
  return KNOWN_TYPES.has(value);
}

/**
 * Whether `pattern` is something an endpoint may subscribe to: an exact type, a namespace
 * wildcard of a known namespace (`invoice.*`), or `*`.
 */
export function isSubscriptionPattern(pattern: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return KNOWN_NAMESPACES.has(pattern.slice(0, -2));
  return KNOWN_TYPES.has(pattern);
}

/** The subscription patterns that select events of `type`: itself, its namespace wildcard and `*`. */
function patternsMatching(type: string): string[] {
  return [type, `${namespaceOf(type)}.*`, '*'];
}

/** Whether an endpoint subscribed to `patterns` receives events of `type`. */
export function subscribes(patterns: readonly string[], type: string): boolean {
  return patternsMatching(type).some((pattern) => patterns.includes(pattern));
}
