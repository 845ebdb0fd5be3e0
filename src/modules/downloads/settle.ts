/**
 * A download's status follows the SAT requests of its tree: `failed` as soon as one fails,
 * `ready` (or `no_data`) when all have finished and every package is stored and read,
 * `processing` once the SAT has started on any of them. Each change is written with its
 * `download.updated` event in one transaction.
 */
import type { Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { emitEvents } from '../events/index.ts';
import {
  downloadsOfRoot,
  packagesOf,
  requestTree,
  updateDownload,
  type DownloadRow,
  type DownloadStatus,
  type PackageRow,
  type SatRequestRow,
  type StoredProblem,
} from './repository.ts';
import { renderDownload } from './serialize.ts';

export interface TreeState {
  status: DownloadStatus;
  packageCount: number;
  cfdiCount: number | null;
  error: StoredProblem | null;
  satRequestId: string | null;
}

/** The requests whose packages a download serves: every request that got packages, in tree order. */
export function servingPackages(tree: SatRequestRow[], packages: PackageRow[]): PackageRow[] {
  const order = new Map(tree.map((request, index) => [request.id, index]));
  return packages
    .filter((item) => item.state !== 'pending')
    .sort((a, b) => order.get(a.sat_request_id)! - order.get(b.sat_request_id)! || a.position - b.position);
}

function treeState(tree: SatRequestRow[], packages: PackageRow[]): TreeState {
  const leaves = tree.filter((request) => request.state !== 'split');
  const failed = leaves.find((request) => request.state === 'failed');
  const satRequestId = tree.find((request) => request.sat_request_id !== null)?.sat_request_id ?? null;
  const stored = servingPackages(tree, packages);
  if (failed) return { status: 'failed', packageCount: stored.length, cfdiCount: null, error: failed.error, satRequestId };
  if (leaves.every((request) => request.state === 'ready' || request.state === 'no_data')) {
    const ready = leaves.some((request) => request.state === 'ready') && stored.length > 0;
    return {
      status: ready ? 'ready' : 'no_data',
      packageCount: stored.length,
      cfdiCount: stored.reduce((sum, item) => sum + (item.cfdi_count ?? 0), 0),
      error: null,
      satRequestId,
    };
  }
  // "Aceptada" is still requested; "En proceso" or anything past it is processing.
  const started = tree.some(
    (request) =>
      request.sat_state === 'in_progress' ||
      request.sat_state === 'finished' ||
      request.checks > 0 ||
      request.state === 'downloading' ||
      request.state === 'split' ||
      request.finished_at !== null,
  );
  return { status: started ? 'processing' : 'requested', packageCount: stored.length, cfdiCount: null, error: null, satRequestId };
}

export async function loadTreeState(db: Db, rootId: string): Promise<TreeState> {
  const tree = await requestTree(db, rootId);
  return treeState(
    tree,
    await packagesOf(
      db,
      tree.map((request) => request.id),
    ),
  );
}

/** Brings every download of this tree up to date, with an event for each status change. */
export async function settleDownloads(services: Services, rootId: string): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const state = await loadTreeState(trx, rootId);
    const now = services.clock.now();
    const changed: (DownloadRow & { sat_request_id: string | null })[] = [];
    for (const download of await downloadsOfRoot(trx, rootId)) {
      const terminal = download.status === 'ready' || download.status === 'no_data' || download.status === 'failed';
      if (terminal || download.status === state.status) continue;
      const next = { status: state.status, package_count: state.packageCount, cfdi_count: state.cfdiCount, error: state.error, updated_at: now };
      await updateDownload(trx, download.id, next);
      changed.push({ ...download, ...next, sat_request_id: state.satRequestId });
    }
    await emitEvents(
      trx,
      changed.map((download) => ({
        organizationId: download.organization_id,
        mode: download.mode,
        type: 'download.updated' as const,
        object: renderDownload(download, services.config.baseUrl),
      })),
      services,
    );
  });
}
