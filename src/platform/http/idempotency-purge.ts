import type { Services } from '../context.ts';
import { purgeExpiredKeys } from './idempotency-store.ts';
import { defineJob, NoPayload } from '../jobs/kinds.ts';

const PURGE_IDEMPOTENCY_KEYS_JOB = defineJob('platform.purge_idempotency_keys', NoPayload);
/** Expired records are never replayed (they are taken over instead), so hourly deletion only bounds the table. */
const PURGE_IDEMPOTENCY_KEYS_INTERVAL_MS = 60 * 60_000;

/** Schedules the job that deletes idempotency records past their 24-hour window. */
export function registerIdempotencyPurge(services: Services): void {
  services.jobs.schedule(PURGE_IDEMPOTENCY_KEYS_JOB, PURGE_IDEMPOTENCY_KEYS_INTERVAL_MS, async () => {
    await purgeExpiredKeys(services.db, services.clock.now());
  });
}
