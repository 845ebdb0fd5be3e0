/**
 * POST /v1/downloads (docs/guides/downloads.md). The solicitud is registered with the SAT before
 * the answer, so a refusal or an outage is the caller's 503 or 502 and nothing is kept; what
 * follows (verification, packages, the CFDI store) is the durable job's. An identical download
 * while the SAT still holds the first one's request shares that request instead of spending the
 * SAT's allowance of two.
 */
import { instantOf, localDateTime, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import type { Ctx } from '../../platform/context.ts';
import { fieldLabel } from '../../platform/errors/field-words.ts';
import { ApiError, type Bilingual, notFound } from '../../platform/errors/api-error.ts';
import { isId, newId } from '../../platform/ids.ts';
import { ProviderError, providerProblem, type ProblemPolicy } from '../../platform/providers/errors.ts';
import { findFiscalProfile } from '../fiscal-profiles/index.ts';
import { enqueueAdvance, pollDelayMs } from './advance.ts';
import { fingerprintOf, unspentParameters, type SatParameters } from './planner.ts';
import { registerSolicitud, type Registration } from './register.ts';
import { rootRequestRow } from './requests.ts';
import type { DownloadDeps } from './ports.ts';
import {
  deleteUnregistered,
  findCurrentRoot,
  insertDownload,
  insertSatRequest,
  type DocumentStatus,
  type DownloadRow,
  type DownloadType,
  type Side,
} from './repository.ts';
import { loadTreeState } from './settle.ts';

export interface CreateDownloadInput {
  fiscal_profile_id: string;
  side: Side;
  type: DownloadType;
  date_from: string;
  date_to: string;
  document_status?: DocumentStatus;
  counterparty_rfc?: string;
  voucher_type?: string;
  metadata?: Record<string, string>;
}

/** The SAT keeps a finished request's packages this long; an identical download within it shares the request. */
const SAT_REQUEST_LIFETIME_MS = 72 * 60 * 60_000;
/** The SAT serves the current year and the five before it. */
const HISTORY_YEARS = 5;

/** The first day (Mexico City, `YYYY-MM-DD`) whose CFDIs the SAT's bulk download still serves: 1 January five years back. */
export function satFirstDay(now: Date): string {
  return `${Number(localDateTime(now, MEXICO_CITY_TIME_ZONE).slice(0, 4)) - HISTORY_YEARS}-01-01`;
}
/** A 5005/5002 answer moves the period by a second; past this many tries something else is wrong. */
const MAX_SHIFTS = 5;

function invalidRange(detail: Bilingual, path: string): ApiError {
  return new ApiError('download.invalid_range', detail, { errors: [{ path, code: 'invalid_range', message: detail.en, messageEs: detail.es }] });
}

/** A date or date-time as the SAT's Mexico City wall time. */
function satTime(value: string, edge: 'start' | 'end', path: string): string {
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const local = bare ? `${value}T${edge === 'start' ? '00:00:00' : '23:59:59'}` : value.slice(0, 19);
  const offset = bare ? '' : value.slice(19);
  const instant = offset === '' ? instantOf(local, MEXICO_CITY_TIME_ZONE) : new Date(`${local}${offset}`);
  // 2026-02-30 parses to another day: a date that does not exist is refused rather than moved.
  if (
    Number.isNaN(instant.getTime()) ||
    (offset === '' && Number.isNaN(Date.parse(`${local}Z`))) ||
    new Date(`${local}Z`).toISOString().slice(0, 19) !== local
  ) {
    throw invalidRange({ en: `${path} is not a real date: ${value}.`, es: `${fieldLabel(path, 'es')}: ${value} no es una fecha del calendario.` }, path);
  }
  return offset === '' ? local : localDateTime(instant, MEXICO_CITY_TIME_ZONE);
}

function checkedParameters(ctx: Ctx, input: CreateDownloadInput): SatParameters {
  const from = satTime(input.date_from, 'start', 'date_from');
  const to = satTime(input.date_to, 'end', 'date_to');
  if (from >= to) {
    throw invalidRange(
      { en: `date_from (${from}) must be before date_to (${to}).`, es: `La fecha inicial (${from}) debe ser anterior a la final (${to}).` },
      'date_from',
    );
  }
  const firstDay = satFirstDay(ctx.services.clock.now());
  if (from < `${firstDay}T00:00:00`) {
    throw invalidRange(
      {
        en: `The SAT serves CFDIs from ${firstDay} on (the current year and the five before it); date_from is ${from}.`,
        es: `El SAT entrega CFDI a partir del ${firstDay} (el año en curso y los cinco anteriores); la fecha inicial es ${from}.`,
      },
      'date_from',
    );
  }
  if (input.side === 'received' && input.type === 'cfdi' && input.document_status === 'cancelled') {
    throw new ApiError(
      'download.invalid_filter',
      {
        en: 'The SAT does not serve the XML of cancelled received CFDIs ("No se permite la descarga de xml que se encuentren cancelados"); their metadata carries them with the cancellation date.',
        es: 'El SAT no permite descargar el XML de los CFDI recibidos cancelados; sus metadatos los incluyen con la fecha de cancelación.',
      },
      {
        errors: [
          { path: 'document_status', code: 'invalid_filter', message: 'received XML is only served while active; use type metadata for cancelled ones.' },
        ],
      },
    );
  }
  if (input.metadata && Object.hasOwn(input.metadata, 'warnings')) {
    throw new ApiError(
      'request.validation_failed',
      { en: "metadata.warnings is reserved for the service's notes.", es: 'metadata.warnings está reservado para las notas del servicio.' },
      { errors: [{ path: 'metadata.warnings', code: 'reserved', message: 'is written by the service.', messageEs: 'Lo escribe el servicio.' }] },
    );
  }
  return {
    side: input.side,
    type: input.type,
    periodFrom: from,
    periodTo: to,
    // Received XML is served only while active: the filter is implied, and part of what the SAT compares.
    documentStatus: input.side === 'received' && input.type === 'cfdi' ? 'active' : (input.document_status ?? null),
    counterpartyRfc: input.counterparty_rfc?.toUpperCase() ?? null,
    voucherType: input.voucher_type ?? null,
  };
}

async function checkedProfile(ctx: Ctx, deps: DownloadDeps, profileId: string) {
  if (!isId('fp', profileId)) throw notFound('fiscal profile', profileId);
  const profile = await findFiscalProfile(ctx, profileId);
  if (profile.fiel_serial === null) {
    throw new ApiError('download.fiel_required', {
      en: `Fiscal profile ${profileId} has no FIEL; add it with PATCH /v1/fiscal_profiles/${profileId}.`,
      es: `El perfil fiscal ${profileId} no tiene e.firma; agréguela al perfil.`,
    });
  }
  if (profile.manifest_status !== 'signed') {
    throw new ApiError('fiscal_profile.manifest_required', {
      en: `Fiscal profile ${profileId} has not signed the carta manifiesto; sign it with POST /v1/fiscal_profiles/${profileId}/manifest.`,
      es: `El perfil fiscal ${profileId} no ha firmado la carta manifiesto; fírmela desde el perfil.`,
    });
  }
  const credential = await deps.loadCredential(ctx.db, profileId);
  if (!credential)
    throw new ApiError('download.fiel_required', {
      en: `Fiscal profile ${profileId} has no FIEL.`,
      es: `El perfil fiscal ${profileId} no tiene e.firma (FIEL).`,
    });
  return { profile, credential };
}

/** A solicitud the SAT did not take: nothing is kept, so a transient failure is simply sent again. */
const SOLICITUD_PROBLEM: ProblemPolicy = {
  retryAfterSeconds: 30,
  transientDetail: (error) => ({
    en: `${error.detail} Nothing was kept; send the request again.`,
    es: 'La solicitud de descarga al SAT no se completó y no se guardó nada; envíela de nuevo.',
  }),
};

export async function createDownload(ctx: Ctx, deps: DownloadDeps, input: CreateDownloadInput): Promise<DownloadRow & { sat_request_id: string | null }> {
  const parameters = checkedParameters(ctx, input);
  const { profile, credential } = await checkedProfile(ctx, deps, input.fiscal_profile_id);
  const now = ctx.services.clock.now();
  const scope = { organizationId: ctx.organizationId, mode: ctx.mode, profileId: profile.id };
  const download: DownloadRow = {
    id: newId('dl', now.getTime()),
    organization_id: ctx.organizationId,
    mode: ctx.mode,
    fiscal_profile_id: profile.id,
    side: parameters.side,
    type: parameters.type,
    date_from: parameters.periodFrom,
    date_to: parameters.periodTo,
    document_status: input.document_status ?? null,
    counterparty_rfc: parameters.counterpartyRfc,
    voucher_type: parameters.voucherType,
    sat_request_root: '',
    status: 'requested',
    package_count: 0,
    cfdi_count: null,
    error: null,
    metadata: input.metadata ?? {},
    warnings: [],
    created_at: now,
    updated_at: now,
  };

  const current = await findCurrentRoot(ctx.db, scope, fingerprintOf(profile.rfc, parameters), new Date(now.getTime() - SAT_REQUEST_LIFETIME_MS));
  if (current) {
    const state = await loadTreeState(ctx.db, current.id);
    const shared: DownloadRow = {
      ...download,
      sat_request_root: current.id,
      status: state.status,
      package_count: state.packageCount,
      cfdi_count: state.cfdiCount,
      error: state.error,
      warnings: [
        `Shares SAT request ${current.sat_request_id ?? current.id}, registered ${current.registered_at?.toISOString() ?? current.created_at.toISOString()} for the same parameters: the SAT allows only two identical requests, so the service did not spend another.`,
      ],
    };
    await insertDownload(ctx.db, shared);
    return { ...shared, sat_request_id: state.satRequestId };
  }

  const key = { mode: ctx.mode, rfc: profile.rfc };
  const client = deps.descargaClient(ctx.mode, credential);
  for (let shift = 0; shift <= MAX_SHIFTS; shift += 1) {
    const unspent = await unspentParameters(ctx.db, key, parameters);
    const root = rootRequestRow(
      { organizationId: ctx.organizationId, mode: ctx.mode, fiscalProfileId: profile.id, rfc: profile.rfc, parameters },
      now,
      unspent.parameters,
    );
    const rootId = root.id;
    const warnings =
      unspent.shiftedSeconds > 0
        ? [
            `The SAT already held two identical requests for this period; the service asked up to ${unspent.parameters.periodTo} (${unspent.shiftedSeconds} s later) to make a new one.`,
          ]
        : [];
    const row: DownloadRow = { ...download, sat_request_root: rootId, warnings };
    // The intent is recorded before the SAT call: a crash after it is finished by the recovery sweep.
    await ctx.db.transaction().execute(async (trx) => {
      await insertSatRequest(trx, root);
      await insertDownload(trx, row);
    });
    let registration: Registration;
    try {
      registration = await registerSolicitud(ctx.services, deps, {
        request: root,
        parameters: unspent.parameters,
        client,
        alongside: (trx) => enqueueAdvance(ctx.services, trx, rootId, pollDelayMs(ctx.services, 0)),
      });
    } catch (error) {
      await deleteUnregistered(ctx.db, rootId);
      throw error instanceof ProviderError ? providerProblem(error, SOLICITUD_PROBLEM) : error;
    }
    if (registration.outcome === 'spent') {
      await deleteUnregistered(ctx.db, rootId);
      continue;
    }
    return { ...row, sat_request_id: registration.satRequestId };
  }
  throw new ApiError('sat.download_rejected', {
    en: `The SAT answered every variant of this period as a duplicate (${MAX_SHIFTS + 1} tries); another tool may be requesting it with the same FIEL. Try a different range.`,
    es: `El SAT respondió como duplicada cada variante de este periodo (${MAX_SHIFTS + 1} intentos); quizá otra herramienta la esté solicitando con la misma e.firma. Pruebe con otro rango de fechas.`,
  });
}
