/** The scheduler of synchronization: one tick at a time across every worker (a scheduled job). */
import type { Services } from '../../platform/context.ts';
import { defineJob, NoPayload } from '../../platform/jobs/kinds.ts';
import { syncCounts } from './repository.ts';
import { syncTick } from './sync.ts';

const SYNC_TICK_JOB = defineJob('sync.tick', NoPayload);

const registered = new WeakSet<Services>();

export function registerSyncJobs(services: Services): void {
  if (registered.has(services)) return;
  registered.add(services);
  if (services.metrics) services.metrics.sources.syncProfiles = () => syncCounts(services.db);
  services.jobs.schedule(SYNC_TICK_JOB, services.config.sync.tickMs, async () => {
    await syncTick(services);
  });
}
