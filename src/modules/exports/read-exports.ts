import { Readable } from 'node:stream';
import type { Static } from 'typebox';
import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { paginate, type Page } from '../../platform/http/pagination.ts';
import { exportBlobKey } from './build.ts';
import { exportsQuery, findExport, type ExportRow } from './repository.ts';
import type { ListExportsQuery } from './schemas.ts';

export async function getExport(ctx: Ctx, id: string): Promise<ExportRow> {
  const row = isId('exp', id) ? await findExport(ctx.db, ctx.organizationId, ctx.mode, id) : undefined;
  if (!row) throw notFound('export', id);
  return row;
}

export function listExports(ctx: Ctx, query: Static<typeof ListExportsQuery>, url: string): Promise<Page<ExportRow>> {
  let rows = exportsQuery(ctx.db, ctx.organizationId, ctx.mode);
  if (query.status !== undefined) rows = rows.where('status', '=', query.status);
  return paginate(rows, query, { prefix: 'exp', idColumn: 'id', url });
}

/** The built file; `export.not_ready` before it is, `export.expired` once it is past its expiry (deleted or about to be). */
export async function openExportFile(ctx: Ctx, id: string): Promise<{ row: ExportRow; stream: Readable }> {
  const row = await getExport(ctx, id);
  const now = ctx.services.clock.now();
  if (row.status === 'expired' || (row.status === 'completed' && row.expires_at !== null && row.expires_at <= now)) {
    throw new ApiError('export.expired', {
      en: `Export ${id} expired at ${row.expires_at?.toISOString() ?? 'its expiry'} and its file was deleted; create it again.`,
      es: `La exportación ${id} venció${row.expires_at ? ` el ${row.expires_at.toISOString()}` : ''} y su archivo se eliminó; créela de nuevo.`,
    });
  }
  if (row.status !== 'completed') {
    throw new ApiError('export.not_ready', {
      en: `Export ${id} is ${row.status}${row.status === 'failed' ? ' and has no file' : ': its file is not built yet'}.`,
      es:
        row.status === 'failed'
          ? `La exportación ${id} falló y no tiene archivo.`
          : `La exportación ${id} está en estatus ${row.status}: su archivo aún no está listo.`,
    });
  }
  const opened = await ctx.services.blobs.open(exportBlobKey(id));
  if (!opened)
    throw new ApiError('export.expired', {
      en: `The file of export ${id} is no longer kept; create it again.`,
      es: `El archivo de la exportación ${id} ya no se conserva; créela de nuevo.`,
    });
  return { row, stream: opened.stream instanceof Readable ? opened.stream : Readable.from(opened.stream) };
}
