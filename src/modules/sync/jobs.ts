/** The scheduler of synchronization: one tick at a time across every worker (a scheduled job). */
import type { Services } from '../../platform/context.ts';
import { defineJob, NoPayload } from '../../platform/jobs/kinds.ts';
import { syncCounts } from './repository.ts';
import { syncTick } from './scheduler.ts';

const SYNC_TICK_JOB = defineJob('sync.tick', NoPayload);

const registered = new WeakSet<Services>();

/**
 * However many SAT requests end, the scheduler's tick (whose cost grows with the enabled syncs)
 * runs at most about once a second because of them.
 */
const EXPEDITED_TICK_MS = 1_000;

/**
 * Runs the scheduler's next tick within a second (a SAT request of a chunk may have ended): a
 * chunk's end is seen in seconds rather than at the next tick, and the ticks still run one at a time.
 */
export async function expediteSyncTick(services: Services): Promise<void> {
  if (registered.has(services)) await services.jobs.expedite(services.db, SYNC_TICK_JOB, EXPEDITED_TICK_MS);
}

export function registerSyncJobs(services: Services): void {
  if (registered.has(services)) return;
  registered.add(services);
  if (services.metrics) services.metrics.sources.syncProfiles = () => syncCounts(services.db);
  services.jobs.schedule(SYNC_TICK_JOB, services.config.sync.tickMs, async () => {
    await syncTick(services);
  });
}
