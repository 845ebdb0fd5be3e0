const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * docs/contract.md §5: attempts at 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, each delay counted
 * from the previous attempt. Entry k is the wait after attempt k+1 failed; eight attempts in all,
 * spread over about 28 hours.
 */
export const RETRY_DELAYS_MS = [5 * SECOND_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS, 5 * HOUR_MS, 10 * HOUR_MS, 10 * HOUR_MS];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Each delay is stretched or shrunk by up to this fraction, so endpoints that failed together do not get retried together. */
export const RETRY_JITTER = 0.2;
/** docs/contract.md §5: the whole attempt (connection, request, response headers and capped body). */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** At most this much of a response body is read; the rest is discarded with the connection. */
export const RESPONSE_BODY_LIMIT_BYTES = 64 * 1024;
/**
 * An endpoint whose every attempt has failed for this long (no 2xx since its first failure) is
 * disabled and a `webhook_endpoint.disabled` event says so. Three days outlasts a full retry
 * schedule (28 h) more than twice, so only an endpoint that is broken, not one that is slow or
 * briefly down, gets there.
 */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * HOUR_MS;

/**
 * When the next attempt is due after attempt `roundAttempts` (1-based, counted since the last send
 * or resend) failed, or null when that was the last one.
 */
export function nextAttemptAt(roundAttempts: number, at: Date, random: () => number = Math.random): Date | null {
  const delay = RETRY_DELAYS_MS[roundAttempts - 1];
  if (delay === undefined) return null;
  const jittered = delay * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random());
  return new Date(at.getTime() + Math.round(jittered));
}
