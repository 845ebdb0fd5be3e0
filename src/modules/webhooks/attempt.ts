import { EnvelopeError, type MasterKeyring } from '../../platform/crypto/index.ts';
import type { EventRow } from '../events/index.ts';
import { renderEventJson } from '../events/index.ts';
import type { ClaimedDelivery } from './deliveries-repository.ts';
import { nextAttemptAt } from './schedule.ts';
import { openSecrets } from './secrets.ts';
import type { Sender } from './sender.ts';
import { signedHeaders } from './signing.ts';
import { parseWebhookUrl, resolveWebhookTarget, UrlRefusal, type UrlPolicy } from './url-guard.ts';

export interface AttemptSettings {
  policy: UrlPolicy;
  sender: Sender;
  timeoutMs: number;
  maxResponseBytes: number;
  userAgent: string;
  random: () => number;
  /** Opens the endpoints' sealed secrets to sign. */
  keyring: MasterKeyring;
}

/** How one attempt ended, ready to be written back. */
export interface AttemptOutcome {
  delivery: ClaimedDelivery;
  status: 'pending' | 'succeeded' | 'failed';
  responseStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  /** The endpoint answered 410 Gone: it asks to be disabled. */
  gone: boolean;
}

const ERROR_TEXT_LIMIT = 500;

/**
 * What an endpoint answered, as the tenant-visible delivery log shows it: controls (C0, DEL, C1)
 * and bidirectional overrides become spaces, at most ERROR_TEXT_LIMIT characters, never half a
 * surrogate pair.
 */
export function clean(text: string): string {
  let flat = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .trim()
    .slice(0, ERROR_TEXT_LIMIT);
  const last = flat.charCodeAt(flat.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) flat = flat.slice(0, -1);
  return (flat as string & { toWellFormed(): string }).toWellFormed();
}

function eventOf(delivery: ClaimedDelivery): EventRow {
  return {
    id: delivery.event_id,
    organization_id: delivery.organization_id,
    platform_organization_id: delivery.platform_organization_id,
    mode: delivery.mode,
    type: delivery.type,
    api_version: delivery.api_version,
    object: delivery.object,
    created_at: new Date(delivery.event_created_at),
  };
}

/**
 * The secrets that sign now, opened for this signature only: the current one, and the previous
 * one during a rotation's grace period.
 */
function signingSecrets(delivery: ClaimedDelivery, keyring: MasterKeyring, at: Date): string[] {
  const { secret, previous } = openSecrets(keyring, { id: delivery.endpoint_id, organization_id: delivery.endpoint_organization_id }, delivery);
  const expires = delivery.previous_secret_expires_at;
  if (previous && expires && new Date(expires).getTime() > at.getTime()) return [secret, previous];
  return [secret];
}

/** The request body and headers of one attempt, rendered in the endpoint's pinned version and signed. */
function buildRequest(
  delivery: ClaimedDelivery,
  at: Date,
  settings: Pick<AttemptSettings, 'userAgent' | 'keyring'>,
): { body: string; headers: Record<string, string> } {
  const body = renderEventJson(eventOf(delivery), delivery.endpoint_version);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': settings.userAgent,
      ...signedHeaders(signingSecrets(delivery, settings.keyring, at), delivery.event_id, at, body),
    },
  };
}

async function exchange(delivery: ClaimedDelivery, settings: AttemptSettings, at: Date, signal: AbortSignal | undefined) {
  let url: URL;
  try {
    url = parseWebhookUrl(delivery.url, settings.policy);
    const target = await resolveWebhookTarget(url, settings.policy);
    const { body, headers } = buildRequest(delivery, at, settings);
    return await settings.sender.send({
      url,
      target,
      headers,
      body,
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: settings.maxResponseBytes,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof UrlRefusal) return { ok: false as const, error: `Not sent: ${error.message}` };
    // A secret that does not open (a retired master key not configured, altered bytes) fails this
    // attempt and is retried, instead of stopping the worker; the message holds no secret.
    if (error instanceof EnvelopeError) return { ok: false as const, error: `Not sent: the endpoint's signing secret could not be decrypted (${error.code}).` };
    throw error;
  }
}

/**
 * Makes one attempt: the URL is checked again (DNS included) and the request goes to the address
 * that passed. Any 2xx succeeds; 410 fails the delivery and disables the endpoint; anything else
 * (another status, a refused URL, a network error, a timeout) is retried on the schedule until
 * the attempts run out.
 */
export async function attemptDelivery(delivery: ClaimedDelivery, settings: AttemptSettings, now: () => Date, signal?: AbortSignal): Promise<AttemptOutcome> {
  const result = await exchange(delivery, settings, now(), signal);
  const finishedAt = now();
  if (result.ok && result.status >= 200 && result.status < 300) {
    return { delivery, status: 'succeeded', responseStatus: result.status, lastError: null, nextAttemptAt: null, gone: false };
  }
  if (result.ok && result.status === 410) {
    const lastError = 'HTTP 410 Gone: the endpoint asked to stop receiving events, so it was disabled.';
    return { delivery, status: 'failed', responseStatus: 410, lastError, nextAttemptAt: null, gone: true };
  }
  let lastError: string;
  if (!result.ok) lastError = clean(result.error);
  else if (result.status >= 300 && result.status < 400) lastError = `HTTP ${result.status}: redirects are not followed; register the final URL.`;
  else lastError = clean(`HTTP ${result.status}${result.body ? `: ${result.body}` : ''}`);
  const next = nextAttemptAt(delivery.round_attempts, finishedAt, settings.random);
  return {
    delivery,
    status: next ? 'pending' : 'failed',
    responseStatus: result.ok ? result.status : null,
    lastError,
    nextAttemptAt: next,
    gone: false,
  };
}
