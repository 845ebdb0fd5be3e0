/**
 * The job that carries one SAT request to its end (docs/guides/downloads.md): register the
 * solicitud, verify it with backoff until the SAT finishes, then download each package once,
 * keep it, and read it into the CFDI store. Every step is written to the request's row before
 * the next one starts, so a crash or a kill at any point resumes where it stopped: a stored
 * package is never downloaded again, and a solicitud is never sent a third time.
 */
import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import type { ErrorCode } from '../../platform/errors/catalog.ts';
import { newId } from '../../platform/ids.ts';
import { defineJob, type PayloadOf } from '../../platform/jobs/kinds.ts';
import { RetryJobError } from '../../platform/jobs/queue.ts';
import type { JobRecord } from '../../platform/jobs/types.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import type { DescargaClient } from '../../providers/sat/descarga/index.ts';
import { ingestPackage } from './ingest.ts';
import { packageBlobKey } from './package-key.ts';
import { fingerprintOf, halves, parametersOf, unspentParameters } from './planner.ts';
import type { DownloadDeps } from './ports.ts';
import {
  addDownloadWarning,
  deletePendingPackages,
  findSatRequest,
  firstDownloadOfRoot,
  insertPackages,
  insertSatRequest,
  markPackageIngested,
  markPackageStored,
  packagesOf,
  updateSatRequest,
  type SatRequestRow,
} from './repository.ts';
import { storedProblem } from './serialize.ts';
import { registerSolicitud, type Registration } from './register.ts';
import { settleDownloads } from './settle.ts';

export const ADVANCE_REQUEST_JOB = defineJob('downloads.advance_request', Type.Object({ sat_request_id: Type.String() }, { additionalProperties: false }));
/** Waiting is retrying: the attempts are bounded by the polling window, not by a count. */
const ADVANCE_MAX_ATTEMPTS = 1_000_000;
/** A request the SAT failed (EstadoSolicitud 4) or let expire before its packages were kept is asked again this many times. */
const MAX_RENEWALS = 2;

const dedupeKey = (requestId: string) => `${ADVANCE_REQUEST_JOB.kind}:${requestId}`;

export async function enqueueAdvance(services: Services, db: Services['db'], requestId: string, delayMs = 0): Promise<void> {
  await services.jobs.enqueue(
    db,
    ADVANCE_REQUEST_JOB,
    { sat_request_id: requestId },
    {
      dedupeKey: dedupeKey(requestId),
      maxAttempts: ADVANCE_MAX_ATTEMPTS,
      runAt: new Date(services.clock.now().getTime() + delayMs),
    },
  );
}

/** The wait before verification number `checks + 1`: seconds at first, doubling to the ceiling. */
export function pollDelayMs(services: Services, checks: number): number {
  const { pollBaseMs, pollMaxMs } = services.config.downloads;
  return Math.min(pollMaxMs, pollBaseMs * 2 ** Math.min(checks, 30));
}

type Step = 'again' | 'wait' | 'done';

class Advance {
  private client: DescargaClient | undefined;

  constructor(
    private readonly services: Services,
    private readonly deps: DownloadDeps,
    private row: SatRequestRow,
  ) {}

  private now(): Date {
    return this.services.clock.now();
  }

  private async update(changes: Partial<SatRequestRow> & { onlyFrom?: SatRequestRow['state'] }): Promise<void> {
    const { onlyFrom, ...rest } = changes;
    const next = { ...rest, updated_at: this.now() };
    await updateSatRequest(this.services.db, this.row.id, { ...next, ...(onlyFrom ? { onlyFrom } : {}) });
    this.row = { ...this.row, ...next };
  }

  private async descarga(): Promise<DescargaClient> {
    if (this.client) return this.client;
    const credential = await this.deps.loadCredential(this.services.db, this.row.fiscal_profile_id);
    if (!credential) throw new ProviderError('download.fiel_required', 'The profile no longer has a FIEL.', { retryable: false });
    this.client = this.deps.descargaClient(this.row.mode, credential);
    return this.client;
  }

  async fail(code: ErrorCode, detail: string, satCode: string | null = null): Promise<Step> {
    await this.update({ state: 'failed', error: storedProblem(code, detail, satCode), finished_at: this.now() });
    return 'done';
  }

  /** A transient failure is tried again later; a definitive one fails the request with the SAT's code. */
  private providerFailed(error: ProviderError): Promise<Step> {
    if (error.transient) return this.later(error.detail);
    return this.fail(error.code, error.detail, error.providerCode ?? null);
  }

  /** Transient trouble: try again later, unless the polling window is over. */
  private async later(why: string): Promise<never> {
    const deadline = this.row.poll_deadline ?? new Date(this.row.created_at.getTime() + this.services.config.downloads.pollWindowMs);
    if (this.now().getTime() > deadline.getTime()) {
      await this.fail('download.poll_timeout', `The SAT did not finish request ${this.row.sat_request_id ?? this.row.id} within the polling window: ${why}`);
      throw new StepDone();
    }
    await this.update({ checks: this.row.checks + 1 });
    throw new RetryJobError(why, pollDelayMs(this.services, this.row.checks));
  }

  async run(): Promise<void> {
    for (;;) {
      let step: Step;
      try {
        step = await this.step();
      } catch (error) {
        if (error instanceof StepDone) step = 'done';
        else throw error;
      }
      if (step === 'done') {
        await settleDownloads(this.services, this.row.root_id);
        await this.deps.onRequestDone?.(this.services);
        return;
      }
      if (step === 'wait') {
        await settleDownloads(this.services, this.row.root_id);
        await this.later(`waiting for the SAT (${this.row.sat_state ?? this.row.state})`);
      }
    }
  }

  private step(): Promise<Step> {
    switch (this.row.state) {
      case 'registering':
        return this.register();
      case 'registered':
        return this.verify();
      case 'downloading':
        return this.downloadPackages();
      default:
        return Promise.resolve('done');
    }
  }

  /** Sends the solicitud with parameters the SAT has not seen twice. */
  private async register(): Promise<Step> {
    const key = { mode: this.row.mode, rfc: this.row.rfc };
    for (;;) {
      const { parameters } = await unspentParameters(this.services.db, key, parametersOf(this.row));
      if (parameters.periodTo !== this.row.period_to) await this.update({ period_to: parameters.periodTo });
      let registration: Registration;
      try {
        registration = await registerSolicitud(this.services, this.deps, { request: this.row, parameters, client: await this.descarga() });
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        return this.providerFailed(error);
      }
      if (registration.outcome === 'spent') {
        // The fingerprint is used up: the loop moves the period by a second.
        await addDownloadWarning(
          this.services.db,
          this.row.root_id,
          `The SAT already held two identical requests for ${parameters.periodFrom} to ${parameters.periodTo}; the period was extended by one second to make a new one (the extra second's CFDIs are included).`,
        );
        continue;
      }
      // Whoever registered first (a POST still in flight, say) is what the row keeps.
      this.row = (await findSatRequest(this.services.db, this.row.id)) ?? this.row;
      await settleDownloads(this.services, this.row.root_id);
      throw new RetryJobError(`registered as ${registration.satRequestId}`, pollDelayMs(this.services, 0));
    }
  }

  private async verify(): Promise<Step> {
    if (this.now().getTime() > (this.row.poll_deadline?.getTime() ?? Number.POSITIVE_INFINITY)) {
      return this.fail(
        'download.poll_timeout',
        `The SAT had not finished request ${this.row.sat_request_id} when the polling window closed (state ${this.row.sat_state}).`,
      );
    }
    let verification;
    try {
      verification = await (await this.descarga()).verify(this.row.sat_request_id!);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return this.providerFailed(error);
    }
    const { state, code, count, packageIds } = verification;
    if (state === 'accepted' || state === 'in_progress' || state === 'unknown') {
      await this.update({ sat_state: state });
      return 'wait';
    }
    if (state === 'finished') {
      if (packageIds.length === 0) {
        await this.update({ state: 'no_data', sat_state: state, cfdi_count: 0, finished_at: this.now() });
        return 'done';
      }
      await insertPackages(this.services.db, this.row.id, packageIds);
      await this.update({ state: 'downloading', sat_state: state, cfdi_count: count });
      return 'again';
    }
    if (state === 'rejected' && code === 5004) {
      await this.update({ state: 'no_data', sat_state: state, cfdi_count: 0, finished_at: this.now() });
      return 'done';
    }
    if (state === 'rejected' && code === 5003) return this.split(count);
    if (state === 'failed' || state === 'expired') return this.renew(`the SAT reported request ${this.row.sat_request_id} as ${state} (${code})`);
    return this.fail('sat.download_rejected', `The SAT rejected request ${this.row.sat_request_id} (EstadoSolicitud ${state}, code ${code}).`, String(code));
  }

  /** Over the SAT's cap: two half-periods, each its own request (and split again if needed). */
  private async split(count: number): Promise<Step> {
    const parts = halves(this.row.period_from, this.row.period_to);
    if (!parts) {
      return this.fail(
        'download.over_limit',
        `The SAT counts ${count} CFDIs from ${this.row.period_from} to ${this.row.period_to}, over its cap, and the range is too short to split.`,
        '5003',
      );
    }
    const now = this.now();
    await this.services.db.transaction().execute(async (trx) => {
      for (const [from, to] of parts) {
        const child = childRequest(this.row, now, {
          period_from: from,
          period_to: to,
          renewals: 0,
          fingerprint: fingerprintOf(this.row.rfc, { ...parametersOf(this.row), periodFrom: from, periodTo: to }),
        });
        await insertSatRequest(trx, child);
        await enqueueAdvance(this.services, trx, child.id);
      }
      await updateSatRequest(trx, this.row.id, { state: 'split', sat_state: 'rejected', cfdi_count: count, finished_at: now, updated_at: now });
    });
    this.row = { ...this.row, state: 'split' };
    return 'done';
  }

  /**
   * The SAT lost the request (Error, or expired before every package was kept): ask again as a
   * child request for the same period; packages already kept stay with this one.
   */
  private async renew(why: string): Promise<Step> {
    if (this.row.renewals >= MAX_RENEWALS) return this.fail('download.unknown_error', `${why}; asked ${MAX_RENEWALS + 1} times, giving up.`);
    const now = this.now();
    await this.services.db.transaction().execute(async (trx) => {
      await deletePendingPackages(trx, this.row.id);
      const child = childRequest(this.row, now, { renewals: this.row.renewals + 1 });
      await insertSatRequest(trx, child);
      await enqueueAdvance(this.services, trx, child.id);
      await updateSatRequest(trx, this.row.id, { state: 'split', finished_at: now, updated_at: now });
    });
    this.row = { ...this.row, state: 'split' };
    return 'done';
  }

  /** Each pending package: downloaded once, kept, then read into the store. */
  private async downloadPackages(): Promise<Step> {
    const packages = await packagesOf(this.services.db, [this.row.id]);
    const source = {
      organizationId: this.row.organization_id,
      mode: this.row.mode,
      fiscalProfileId: this.row.fiscal_profile_id,
      side: this.row.side,
      downloadId: (await firstDownloadOfRoot(this.services.db, this.row.root_id)) ?? null,
      sourceRequest: this.row.root_id,
      ...(this.row.side === 'received' && this.row.type === 'cfdi' ? { statusHint: 'active' as const } : {}),
      ...(this.row.document_status ? { statusHint: this.row.document_status } : {}),
    };
    for (const item of packages) {
      const key = { requestId: this.row.id, position: item.position };
      if (item.state === 'pending') {
        let zip: Buffer;
        try {
          zip = await (await this.descarga()).download(item.sat_package_id);
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          if (error.code === 'download.package_unavailable') return this.renew(`package ${item.sat_package_id}: ${error.detail}`);
          return this.providerFailed(error);
        }
        this.deps.crashHook?.('after_package_download', this.row);
        await this.services.blobs.put(packageBlobKey(key), zip);
        await markPackageStored(this.services.db, key, { bytes: zip.length, sha256: createHash('sha256').update(zip).digest('hex'), at: this.now() });
      }
      if (item.state !== 'ingested') {
        if (item.state === 'pending') this.deps.crashHook?.('after_package_stored', this.row);
        const result = await ingestPackage(this.services, key, source, this.row.type, () => this.deps.crashHook?.('after_first_batch', this.row));
        await markPackageIngested(this.services.db, key, result.count, this.now());
      }
    }
    await this.update({ state: 'ready', finished_at: this.now() });
    return 'done';
  }
}

/** A new request under `parent` (a half of its period, or the period asked again), to register. */
function childRequest(parent: SatRequestRow, now: Date, changes: Partial<SatRequestRow>): SatRequestRow {
  return {
    ...parent,
    id: newId('sreq', now.getTime()),
    parent_id: parent.id,
    state: 'registering',
    sat_request_id: null,
    sat_state: null,
    cfdi_count: null,
    checks: 0,
    error: null,
    registered_at: null,
    poll_deadline: null,
    finished_at: null,
    created_at: now,
    updated_at: now,
    ...changes,
  };
}

/** Thrown inside a step once the request has been failed: nothing more to do. */
class StepDone extends Error {}

export async function advanceRequest(services: Services, deps: DownloadDeps, job: JobRecord<PayloadOf<typeof ADVANCE_REQUEST_JOB>>): Promise<void> {
  const row = await findSatRequest(services.db, job.payload.sat_request_id);
  if (!row) return;
  await new Advance(services, deps, row).run();
}
