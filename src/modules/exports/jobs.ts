/** The module's background work: building each export, and deleting the files that expired. */
import type { Services } from '../../platform/context.ts';
import { defineJob, NoPayload } from '../../platform/jobs/kinds.ts';
import { BUILD_EXPORT_JOB, buildExport, exportBlobKey, type ExportDeps } from './build.ts';
import { expiredExports, updateExport } from './repository.ts';

const EXPIRE_EXPORTS_JOB = defineJob('exports.expire', NoPayload);
const EXPIRE_INTERVAL_MS = 10 * 60_000;
const EXPIRE_BATCH = 100;

/** Deletes the files of completed exports past `expires_at` and marks them `expired`; returns how many. */
export async function expireExports(services: Services): Promise<number> {
  const now = services.clock.now();
  const rows = await expiredExports(services.db, now, EXPIRE_BATCH);
  for (const row of rows) {
    await services.blobs.delete(exportBlobKey(row.id));
    await updateExport(services.db, row.id, ['completed'], { status: 'expired', updated_at: now });
  }
  return rows.length;
}

export function registerExportJobs(services: Services, deps: ExportDeps): void {
  services.jobs.register(BUILD_EXPORT_JOB, (job) => buildExport(services, deps, job));
  services.jobs.schedule(EXPIRE_EXPORTS_JOB, EXPIRE_INTERVAL_MS, async () => {
    await expireExports(services);
  });
}
