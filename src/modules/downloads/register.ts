/**
 * Registering one SAT request: the solicitud is sent (counted before it leaves) and the SAT's id
 * is written on the request's row. POST /v1/downloads registers the request it records; the
 * advance job registers the ones a crash, a split or a renewal left `registering`. Both go
 * through here, so the SAT's answers are read the same way: 5002 (the lifetime limit for these
 * parameters reached) and 5005 (an identical request is current, its id unknown to the service)
 * both spend the parameters' fingerprint, and the caller moves the period by a second.
 */
import type { Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import type { DescargaClient } from '../../providers/sat/descarga/index.ts';
import { fingerprintOf, sendSolicitud, type SatParameters } from './planner.ts';
import type { DownloadDeps } from './ports.ts';
import { markFingerprintSpent, updateSatRequest, type SatRequestRow } from './repository.ts';

/** The SAT codes that say these exact parameters cannot be asked again. */
const SPENT_CODES = new Set(['5002', '5005']);

export type Registration = { outcome: 'registered'; satRequestId: string } | { outcome: 'spent' };

export interface RegistrationInput {
  request: Pick<SatRequestRow, 'id' | 'mode' | 'rfc'>;
  parameters: SatParameters;
  client: DescargaClient;
  /** Written in the transaction that records the SAT's id (the first poll, say). */
  alongside?: (trx: Db) => Promise<void>;
}

/**
 * Sends the solicitud for `request` and records the SAT's id; `spent` when the SAT refused the
 * parameters as used up (their fingerprint is then marked). Any other refusal is the client's
 * ProviderError, thrown. The row moves only from `registering`: when another registration got
 * there first, the row keeps that one's id.
 */
export async function registerSolicitud(services: Services, deps: Pick<DownloadDeps, 'crashHook'>, input: RegistrationInput): Promise<Registration> {
  const { request, parameters } = input;
  const key = { mode: request.mode, rfc: request.rfc };
  let satRequestId: string;
  try {
    satRequestId = await sendSolicitud(services.db, input.client, key, parameters, services.clock.now());
  } catch (error) {
    if (!(error instanceof ProviderError) || !SPENT_CODES.has(error.providerCode ?? '')) throw error;
    await markFingerprintSpent(services.db, { ...key, fingerprint: fingerprintOf(request.rfc, parameters) }, services.clock.now());
    return { outcome: 'spent' };
  }
  deps.crashHook?.('after_solicitud', request);
  const registeredAt = services.clock.now();
  await services.db.transaction().execute(async (trx) => {
    await updateSatRequest(trx, request.id, {
      onlyFrom: 'registering',
      state: 'registered',
      sat_request_id: satRequestId,
      sat_state: 'accepted',
      registered_at: registeredAt,
      poll_deadline: new Date(registeredAt.getTime() + services.config.downloads.pollWindowMs),
      checks: 0,
      updated_at: registeredAt,
    });
    await input.alongside?.(trx);
  });
  return { outcome: 'registered', satRequestId };
}
