/** POST /v1/exports (docs/guides/exports.md): records the export and its job in one transaction. */
import type { Static } from 'typebox';
import type { Ctx } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { cfdiFilters } from '../cfdis/index.ts';
import { BUILD_ATTEMPTS, BUILD_EXPORT_JOB, type ExportDeps } from './build.ts';
import { findExportById, insertExport, type ExportRow } from './repository.ts';
import type { CreateExportBody } from './schemas.ts';

export async function createExport(ctx: Ctx, deps: Pick<ExportDeps, 'invoices'>, input: Static<typeof CreateExportBody>): Promise<ExportRow> {
  const filters = input.filters ?? {};
  // The filters are checked as the list checks them: a bound the list refuses is refused here, now.
  if (input.source === 'cfdis') cfdiFilters(input.filters ?? {});
  else deps.invoices.check(input.filters ?? {});
  const now = ctx.services.clock.now();
  const id = newId('exp', now.getTime());
  await ctx.db.transaction().execute(async (trx) => {
    await insertExport(trx, {
      id,
      organization_id: ctx.organizationId,
      mode: ctx.mode,
      source: input.source,
      format: input.format,
      filters,
      status: 'pending',
      rows_total: null,
      rows_written: 0,
      bytes: null,
      sha256: null,
      completed_at: null,
      expires_at: null,
      created_at: now,
      updated_at: now,
    });
    await ctx.services.jobs.enqueue(trx, BUILD_EXPORT_JOB, { export_id: id }, { maxAttempts: BUILD_ATTEMPTS, dedupeKey: `${BUILD_EXPORT_JOB.kind}:${id}` });
  });
  return (await findExportById(ctx.db, id))!;
}
