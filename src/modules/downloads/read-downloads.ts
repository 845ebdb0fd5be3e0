import type { Readable } from 'node:stream';
import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { paginate, type ListQuery, type Page } from '../../platform/http/pagination.ts';
import { packageBlobKey } from './package-key.ts';
import {
  downloadsQuery,
  findDownload,
  firstSatRequestIds,
  packagesOf,
  requestTree,
  type DownloadFilters,
  type DownloadRow,
  type PackageRow,
} from './repository.ts';
import { servingPackages } from './settle.ts';

export interface DownloadListQuery extends ListQuery {
  fiscal_profile_id?: string;
  status?: DownloadFilters['status'];
  side?: DownloadFilters['side'];
  type?: DownloadFilters['type'];
}

export type DownloadView = DownloadRow & { sat_request_id: string | null };

/** Adds the SAT request id (the first registered in each download's tree). */
async function withSatIds(ctx: Ctx, rows: DownloadRow[]): Promise<DownloadView[]> {
  const roots = [...new Set(rows.map((row) => row.sat_request_root))];
  if (roots.length === 0) return [];
  const first = await firstSatRequestIds(ctx.db, roots);
  return rows.map((row) => ({ ...row, sat_request_id: first.get(row.sat_request_root) ?? null }));
}

export async function listDownloads(ctx: Ctx, query: DownloadListQuery, url: string): Promise<Page<DownloadView>> {
  const page = await paginate(
    downloadsQuery(ctx.db, ctx.organizationId, ctx.mode, {
      fiscalProfileId: query.fiscal_profile_id,
      status: query.status,
      side: query.side,
      type: query.type,
    }),
    query,
    { prefix: 'dl', idColumn: 'id', url },
  );
  return { ...page, data: await withSatIds(ctx, page.data) };
}

async function findOwn(ctx: Ctx, id: string): Promise<DownloadRow> {
  const row = isId('dl', id) ? await findDownload(ctx.db, ctx.organizationId, ctx.mode, id) : undefined;
  if (!row) throw notFound('download', id);
  return row;
}

export async function getDownload(ctx: Ctx, id: string): Promise<DownloadView> {
  const [view] = await withSatIds(ctx, [await findOwn(ctx, id)]);
  return view!;
}

/** The packages a download serves, in order; empty until some are stored. */
export async function listDownloadPackages(ctx: Ctx, id: string): Promise<PackageRow[]> {
  const row = await findOwn(ctx, id);
  const tree = await requestTree(ctx.db, row.sat_request_root);
  return servingPackages(
    tree,
    await packagesOf(
      ctx.db,
      tree.map((request) => request.id),
    ),
  );
}

/** Package `index` (0-based) of a download, as a stream of the stored zip. */
export async function openDownloadPackage(
  ctx: Ctx,
  id: string,
  index: number,
): Promise<{ stream: Readable | AsyncIterable<Uint8Array> | Iterable<Uint8Array>; bytes: number; name: string; sha256: string }> {
  const packages = await listDownloadPackages(ctx, id);
  const item = packages[index];
  if (!item) {
    throw new ApiError(
      'resource.not_found',
      packages.length === 0
        ? {
            en: `Download ${id} has no stored package yet; wait for status ready (download.updated).`,
            es: `La descarga ${id} aún no tiene paquetes guardados; espere al estatus ready (evento download.updated).`,
          }
        : {
            en: `Download ${id} has ${packages.length} package(s), numbered from 0; there is no package ${index}.`,
            es: `La descarga ${id} tiene ${packages.length} paquete(s), numerados desde 0; no existe el paquete ${index}.`,
          },
    );
  }
  const opened = await ctx.services.blobs.open(packageBlobKey({ requestId: item.sat_request_id, position: item.position }));
  if (!opened) throw new Error(`Package ${item.sat_request_id}/${item.position} is recorded as stored but is not there`);
  return { ...opened, name: `${item.sat_package_id}.zip`, sha256: item.sha256 ?? '' };
}
