import type { Ctx } from '../../platform/context.ts';
import { ApiError, type Bilingual } from '../../platform/errors/api-error.ts';
import { satFirstDay } from '../downloads/index.ts';
import { addDays, effectiveSyncFrom, isCalendarDay, lastEndedDay, planChunks, today } from './plan.ts';
import type { SyncDeps } from './ports.ts';
import { findSync, insertChunks, insertSync, lockSync, updateSync, type SyncRow } from './repository.ts';
import { renderSync, type RenderedSync } from './serialize.ts';
import { firstRequested, ownProfile, syncEvents } from './shared.ts';

export interface EnableSyncInput {
  sync_from?: string;
  max_monthly_documents?: number;
  phone?: string;
}

function invalidSyncFrom(message: Bilingual): ApiError {
  return new ApiError(
    'request.validation_failed',
    { en: `sync_from ${message.en}`, es: `Sincronizar desde: ${message.es}` },
    { errors: [{ path: 'sync_from', code: 'invalid_date', message: message.en, messageEs: `Sincronizar desde: ${message.es}` }] },
  );
}

/**
 * `sync_from` as the backfill will start: a real calendar day, not after today (Mexico City);
 * then floored to the 1st of its month and moved forward to the oldest day both the API's 71
 * months and the SAT's own history (1 January five years back) reach.
 */
function checkedSyncFrom(requested: string | undefined, now: Date): string {
  if (requested !== undefined) {
    if (!isCalendarDay(requested))
      throw invalidSyncFrom({ en: `is not a day of the calendar: ${requested}.`, es: `${requested} no es un día del calendario.` });
    if (requested > today(now)) {
      throw invalidSyncFrom({
        en: `is after today (${today(now)}, Mexico City): the backfill starts in the past.`,
        es: `es posterior a hoy (${today(now)}, hora de la Ciudad de México): la recuperación empieza en el pasado.`,
      });
    }
  }
  return effectiveSyncFrom(requested, now, satFirstDay(now));
}

/**
 * POST /v1/fiscal_profiles/{id}/sync. The FIEL authenticates with the SAT before anything is
 * kept; enabling a sync already on is a no-op that answers its state.
 */
export async function enableSync(ctx: Ctx, deps: SyncDeps, profileId: string, input: EnableSyncInput): Promise<RenderedSync> {
  const profile = await ownProfile(ctx, profileId);
  const now = ctx.services.clock.now();
  const syncFrom = checkedSyncFrom(input.sync_from, now);
  const existing = await findSync(ctx.db, profile.id);
  if (existing?.enabled) return renderSync(ctx.db, existing, now);
  if (profile.fiel_serial === null)
    throw new ApiError('download.fiel_required', {
      en: `Fiscal profile ${profile.id} has no FIEL; synchronization authenticates with it.`,
      es: `El perfil fiscal ${profile.id} no tiene e.firma; la sincronización se autentica con ella.`,
    });
  if (profile.manifest_status !== 'signed') {
    throw new ApiError('fiscal_profile.manifest_required', {
      en: `Fiscal profile ${profile.id} has not signed the carta manifiesto; sign it with POST /v1/fiscal_profiles/${profile.id}/manifest.`,
      es: `El perfil fiscal ${profile.id} no ha firmado la carta manifiesto; fírmela desde el perfil.`,
    });
  }
  await deps.authorize(ctx, profile.id);
  const horizon = lastEndedDay(now);
  const row: SyncRow = {
    fiscal_profile_id: profile.id,
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    rfc: profile.rfc,
    enabled: true,
    status: 'pending',
    sync_from: syncFrom,
    max_monthly_documents: input.max_monthly_documents ?? null,
    phone: input.phone ?? null,
    planned_through: horizon,
    synced_through: null,
    last_progress_at: null,
    last_recheck_at: now,
    last_started_at: null,
    checked_at: null,
    created_at: now,
    updated_at: now,
  };
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const current = await lockSync(trx, profile.id);
    if (current?.enabled) return current;
    // Re-enabling keeps what was done; what was planned and dropped at disable is planned again.
    const next: SyncRow = current
      ? {
          ...current,
          sync_from: firstRequested(current.sync_from, now),
          enabled: true,
          status: current.synced_through ? 'healthy' : 'pending',
          max_monthly_documents: row.max_monthly_documents,
          phone: row.phone,
          planned_through: horizon,
          updated_at: now,
        }
      : row;
    if (current) await updateSync(trx, profile.id, next);
    else await insertSync(trx, next);
    const from = current?.synced_through ? addDays(current.synced_through, 1) : next.sync_from;
    if (from <= horizon)
      await insertChunks(trx, planChunks(profile.id, { from, through: horizon }, 'backfill', { maxMonthly: next.max_monthly_documents, now }));
    await syncEvents(ctx.services, trx, [next]);
    return next;
  });
  return renderSync(ctx.db, saved, now);
}
