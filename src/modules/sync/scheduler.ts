/**
 * Automatic SAT synchronization (docs/guides/sync.md): enabling plans the backfill; a scheduled
 * tick observes finished chunks, plans new publishable days and metadata re-checks, starts due
 * chunks fairly across profiles, and moves each profile's watermark and status. The SAT requests
 * themselves are the downloads' (their planner, job and CFDI store).
 */
import type { Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { broughtBy, renderCfdi } from '../cfdis/index.ts';
import { satFirstDay, satRequestState, startSatRequest } from '../downloads/index.ts';
import { emitEvents } from '../events/index.ts';
import { uuidsStampedHere } from '../invoices/index.ts';
import { addDays, earlier, KINDS, lastEndedDay, later, lookWindow, monthStartBefore, planChunks, relooks, watermark } from './plan.ts';
import {
  deletePlannedChunksBefore,
  doneCoverage,
  enabledSyncs,
  hasPendingWork,
  insertChunks,
  lockSync,
  nextDueChunk,
  runningChunks,
  runningCounts,
  updateChunk,
  updateSync,
  type ChunkRow,
  type SyncRow,
} from './repository.ts';
import { firstRequested, syncEvents } from './shared.ts';

const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 6 * 60 * 60_000;
/** Months before the watermark that the re-check asks again through metadata. */
const RECHECK_MONTHS = 2;

/** One pass of the scheduler; returns how many chunks it started (tests, benchmarks). */
export async function syncTick(services: Services): Promise<{ started: number; finished: number }> {
  const now = services.clock.now();
  const finished = await observeRunning(services, now);
  const syncs = await enabledSyncs(services.db);
  for (const sync of syncs) await planNewDays(services, sync, now);
  const started = await startDue(services, syncs, now);
  for (const sync of syncs) await moveWatermark(services, sync.fiscal_profile_id, now);
  return { started, finished };
}

/** Running chunks whose SAT requests ended: done (with events for new received CFDIs) or planned again later. */
async function observeRunning(services: Services, now: Date): Promise<number> {
  let finished = 0;
  for (const chunk of await runningChunks(services.db)) {
    const state = await satRequestState(services.db, chunk.sat_request_root!);
    if (state.status === 'requested' || state.status === 'processing') continue;
    finished += 1;
    await services.db.transaction().execute(async (trx) => {
      const sync = await lockSync(trx, chunk.fiscal_profile_id);
      if (state.status === 'failed') {
        const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** chunk.attempts);
        await updateChunk(trx, chunk.id, {
          state: 'planned',
          sat_request_root: null,
          attempts: chunk.attempts + 1,
          next_run_at: new Date(now.getTime() + delay),
        });
      } else {
        await updateChunk(trx, chunk.id, { state: 'done', done_at: now });
        if (sync && chunk.purpose === 'current') await newCfdiEvents(services, trx, sync, chunk);
      }
      if (sync) await updateSync(trx, sync.fiscal_profile_id, { checked_at: now });
    });
  }
  return finished;
}

/**
 * What a keep-current chunk brought first, one event a CFDI: `cfdi.received` for received ones,
 * `cfdi.issued` for issued ones this organization did not stamp here (those had
 * `invoice.stamped`). A backfill says it with its sync events instead.
 */
async function newCfdiEvents(services: Services, db: Db, sync: SyncRow, chunk: ChunkRow): Promise<void> {
  let rows = await broughtBy(db, chunk.sat_request_root!, chunk.side);
  if (chunk.side === 'issued') {
    const ours = await uuidsStampedHere(
      db,
      sync.organization_id,
      sync.mode,
      rows.map((row) => row.uuid),
    );
    rows = rows.filter((row) => !ours.has(row.uuid));
  }
  const type = chunk.side === 'received' ? ('cfdi.received' as const) : ('cfdi.issued' as const);
  await emitEvents(
    db,
    rows.map((row) => ({
      organizationId: sync.organization_id,
      mode: sync.mode,
      type,
      object: renderCfdi(row, services.config.baseUrl),
    })),
    services,
  );
}

/**
 * Keeps the plan current: each day that ended is asked for at once and again on each following
 * day until its publication window closes (lookWindow), the last months are asked again through
 * metadata once a day, and on 1 January the year the SAT stops serving leaves the plan and
 * `sync_from` moves to the first day it still serves.
 */
async function planNewDays(services: Services, sync: SyncRow, now: Date): Promise<void> {
  const through = lastEndedDay(now);
  const satFirst = satFirstDay(now);
  const recheckDue = sync.synced_through !== null && now.getTime() - (sync.last_recheck_at?.getTime() ?? 0) >= services.config.sync.recheckEveryMs;
  if (through <= sync.planned_through && !recheckDue && sync.sync_from >= satFirst) return;
  await services.db.transaction().execute(async (trx) => {
    const current = await lockSync(trx, sync.fiscal_profile_id);
    if (!current?.enabled) return;
    const changes: Partial<SyncRow> = {};
    if (current.sync_from < satFirst) {
      await deletePlannedChunksBefore(trx, current.fiscal_profile_id, satFirst);
      changes.sync_from = satFirst;
    }
    const from = later(current.sync_from, satFirst);
    const lagHours = services.config.sync.publicationLagHours;
    const window = lookWindow(current.planned_through, through, lagHours, from);
    if (window) {
      const options = { maxMonthly: current.max_monthly_documents, now };
      await insertChunks(trx, planChunks(current.fiscal_profile_id, window, 'current', options));
    }
    if (through > current.planned_through) changes.planned_through = through;
    // The re-check is for days whose looks are over: the days still looked at daily are asked anyway.
    const recheckThrough = current.synced_through === null ? null : earlier(current.synced_through, addDays(through, -relooks(lagHours)));
    if (recheckDue && recheckThrough !== null) {
      const start = later(monthStartBefore(recheckThrough, RECHECK_MONTHS - 1), from);
      const metadata = KINDS.filter((kind) => kind.type === 'metadata');
      await insertChunks(
        trx,
        planChunks(current.fiscal_profile_id, { from: start, through: recheckThrough }, 'recheck', {
          maxMonthly: current.max_monthly_documents,
          now,
          kinds: metadata,
        }),
      );
      changes.last_recheck_at = now;
    }
    if (Object.keys(changes).length > 0) await updateSync(trx, current.fiscal_profile_id, changes);
  });
}

/**
 * Starts due chunks round-robin over the profiles, least recently served first, each holding at
 * most `perProfile` SAT requests, all together at most `maxRunning`: a taxpayer with a large
 * history waits its turn like any other.
 */
async function startDue(services: Services, syncs: SyncRow[], now: Date): Promise<number> {
  const { maxRunning, perProfile } = services.config.sync;
  const running = await runningCounts(services.db);
  let total = [...running.values()].reduce((sum, count) => sum + count, 0);
  let started = 0;
  let progress = true;
  while (progress && total < maxRunning) {
    progress = false;
    for (const sync of syncs) {
      if (total >= maxRunning) break;
      if ((running.get(sync.fiscal_profile_id) ?? 0) >= perProfile) continue;
      const began = await services.db.transaction().execute(async (trx) => {
        const chunk = await nextDueChunk(trx, sync.fiscal_profile_id, now);
        if (!chunk) return false;
        const root = await startSatRequest(services, trx, {
          organizationId: sync.organization_id,
          mode: sync.mode,
          fiscalProfileId: sync.fiscal_profile_id,
          rfc: sync.rfc,
          parameters: {
            side: chunk.side,
            type: chunk.type,
            periodFrom: `${chunk.first_day}T00:00:00`,
            periodTo: `${chunk.last_day}T23:59:59`,
            // Received XML is served only while active: the filter is the SAT's own.
            documentStatus: chunk.side === 'received' && chunk.type === 'cfdi' ? 'active' : null,
            counterpartyRfc: null,
            voucherType: null,
          },
        });
        await updateChunk(trx, chunk.id, { state: 'running', sat_request_root: root, started_at: now });
        await updateSync(trx, sync.fiscal_profile_id, { last_started_at: now, checked_at: now });
        return true;
      });
      if (!began) continue;
      running.set(sync.fiscal_profile_id, (running.get(sync.fiscal_profile_id) ?? 0) + 1);
      total += 1;
      started += 1;
      progress = true;
    }
  }
  return started;
}

/** The watermark and the status: healthy while it moves, stalled when work waits and it does not. */
async function moveWatermark(services: Services, profileId: string, now: Date): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const sync = await lockSync(trx, profileId);
    if (!sync?.enabled) return;
    const through = watermark(firstRequested(sync.sync_from, now), await doneCoverage(trx, profileId));
    const changes: Partial<SyncRow> = {};
    if (through !== null && through !== sync.synced_through) Object.assign(changes, { synced_through: through, last_progress_at: now, status: 'healthy' });
    else {
      const work = await hasPendingWork(trx, profileId);
      const quietSince = sync.last_progress_at ?? sync.created_at;
      const waiting = work.planned + work.running > 0 && now.getTime() - quietSince.getTime() > services.config.sync.stallAfterMs;
      if (waiting && sync.status !== 'stalled') changes.status = 'stalled';
    }
    if (Object.keys(changes).length === 0) return;
    const next = { ...sync, ...changes, updated_at: now };
    await updateSync(trx, profileId, { ...changes, updated_at: now });
    await syncEvents(services, trx, [next]);
  });
}
