/**
 * The module's background work: each SAT request advanced by its own job, and a sweep that
 * finishes solicitudes a crash left between "about to ask the SAT" and "the SAT's answer".
 */
import type { Services } from '../../platform/context.ts';
import { defineJob, NoPayload } from '../../platform/jobs/kinds.ts';
import { ADVANCE_REQUEST_JOB, advanceRequest, enqueueAdvance } from './advance.ts';
import type { DownloadDeps } from './ports.ts';
import { staleRegistrations } from './repository.ts';

const RECOVER_REGISTRATIONS_JOB = defineJob('downloads.recover_registrations', NoPayload);
/** The same sweep once at start: a registration cut short by this process's crash is finished without waiting for the next sweep. */
const RECOVER_REGISTRATIONS_AT_START_JOB = defineJob('downloads.recover_registrations_at_start', NoPayload);
const RECOVER_INTERVAL_MS = 60_000;
/** At start, younger registrations may still be in flight on another node (two SAT calls of at most 30 s each). */
const START_GRACE_MS = 2 * 60_000;
/** A request `registering` for longer than this lost its POST (or worker) to a crash: two SAT calls take seconds. */
const REGISTRATION_GRACE_MS = 5 * 60_000;
const RECOVERY_BATCH = 100;

/** Hands every abandoned registration to its job; returns how many. */
async function recoverRegistrations(services: Services, graceMs = REGISTRATION_GRACE_MS): Promise<number> {
  const rows = await staleRegistrations(services.db, new Date(services.clock.now().getTime() - graceMs), RECOVERY_BATCH);
  for (const row of rows) await enqueueAdvance(services, services.db, row.id);
  return rows.length;
}

export function registerDownloadJobs(services: Services, deps: DownloadDeps): void {
  services.jobs.register(ADVANCE_REQUEST_JOB, (job) => advanceRequest(services, deps, job));
  services.jobs.schedule(RECOVER_REGISTRATIONS_JOB, RECOVER_INTERVAL_MS, async () => {
    await recoverRegistrations(services);
  });
  services.jobs.register(RECOVER_REGISTRATIONS_AT_START_JOB, async () => {
    await recoverRegistrations(services, START_GRACE_MS);
  });
  services.jobs.enqueue(services.db, RECOVER_REGISTRATIONS_AT_START_JOB, {}).catch((error: unknown) => {
    console.error('downloads: could not schedule the recovery of interrupted registrations', error);
  });
}
