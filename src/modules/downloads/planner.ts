/**
 * The SAT request planner (docs/guides/downloads.md, "What the service does for you"): SAT
 * periods in Mexico City time, what the SAT counts as "the same request", sending a solicitud
 * without ever spending a third identical one, and halving a period the SAT says holds more than
 * its cap. Downloads use it today; synchronization will plan its chunks with it too.
 */
import { createHash } from 'node:crypto';
import { instantOf, localDateTime, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { DescargaClient, DescargaRequestInput } from '../../providers/sat/descarga/index.ts';

type VoucherType = NonNullable<DescargaRequestInput['voucherType']>;
import { countSolicitud, solicitudesSent, type DocumentStatus, type DownloadType, type SatRequestRow, type Side } from './repository.ts';

/** The SAT allows two identical solicitudes in a request's lifetime; a third answers 5002. */
const IDENTICAL_SOLICITUDES = 2;
/** A period is never split below this: the SAT's cap is 200,000 CFDIs, far more than an hour holds. */
const MIN_SPLIT_SECONDS = 60 * 60;
const SECOND = 1000;

/** Everything the SAT compares to call two solicitudes identical (besides the requesting RFC). */
export interface SatParameters {
  side: Side;
  type: DownloadType;
  periodFrom: string;
  periodTo: string;
  documentStatus: DocumentStatus | null;
  counterpartyRfc: string | null;
  voucherType: string | null;
}

export function fingerprintOf(rfc: string, parameters: SatParameters): string {
  const fields = [
    rfc,
    parameters.side,
    parameters.type,
    parameters.periodFrom,
    parameters.periodTo,
    parameters.documentStatus ?? '',
    parameters.counterpartyRfc ?? '',
    parameters.voucherType ?? '',
  ];
  return createHash('sha256').update(fields.join('\u0000')).digest('hex');
}

/** Mexico City wall time `YYYY-MM-DDTHH:mm:ss` moved by `seconds`. */
function shiftLocal(local: string, seconds: number): string {
  return localDateTime(new Date(instantOf(local, MEXICO_CITY_TIME_ZONE).getTime() + seconds * SECOND), MEXICO_CITY_TIME_ZONE);
}

function periodSeconds(from: string, to: string): number {
  return Math.round((instantOf(to, MEXICO_CITY_TIME_ZONE).getTime() - instantOf(from, MEXICO_CITY_TIME_ZONE).getTime()) / SECOND);
}

/**
 * Two halves of a period, both inclusive: [from, middle] and [middle + 1 s, to]; undefined when
 * the period is already too short to split further.
 */
export function halves(from: string, to: string): [[string, string], [string, string]] | undefined {
  const span = periodSeconds(from, to);
  if (span < MIN_SPLIT_SECONDS * 2) return undefined;
  const middle = shiftLocal(from, Math.floor(span / 2));
  return [
    [from, middle],
    [shiftLocal(middle, 1), to],
  ];
}

export function parametersOf(
  row: Pick<SatRequestRow, 'side' | 'type' | 'period_from' | 'period_to' | 'document_status' | 'counterparty_rfc' | 'voucher_type'>,
): SatParameters {
  return {
    side: row.side,
    type: row.type,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    documentStatus: row.document_status,
    counterpartyRfc: row.counterparty_rfc,
    voucherType: row.voucher_type,
  };
}

/**
 * The parameters to send so that no fingerprint is ever sent a third time: when the SAT already
 * had two identical solicitudes from this RFC, the period's end moves one second later (a new
 * request for the SAT, one more second of CFDIs for us, which the store deduplicates), and again
 * if that one is spent too.
 */
export async function unspentParameters(
  db: Db,
  key: { mode: Mode; rfc: string },
  parameters: SatParameters,
): Promise<{ parameters: SatParameters; fingerprint: string; shiftedSeconds: number }> {
  for (let shift = 0; ; shift += 1) {
    const candidate = shift === 0 ? parameters : { ...parameters, periodTo: shiftLocal(parameters.periodTo, shift) };
    const fingerprint = fingerprintOf(key.rfc, candidate);
    if ((await solicitudesSent(db, { ...key, fingerprint })) < IDENTICAL_SOLICITUDES) return { parameters: candidate, fingerprint, shiftedSeconds: shift };
  }
}

function requestInput(parameters: SatParameters): DescargaRequestInput {
  return {
    side: parameters.side,
    type: parameters.type,
    from: parameters.periodFrom,
    to: parameters.periodTo,
    ...(parameters.documentStatus ? { status: parameters.documentStatus } : {}),
    ...(parameters.counterpartyRfc ? { counterpart: parameters.counterpartyRfc } : {}),
    ...(parameters.voucherType ? { voucherType: parameters.voucherType as VoucherType } : {}),
  };
}

/**
 * Sends one solicitud, counted before it leaves (a crash after the SAT answered still counts).
 * Throws the client's ProviderError when the SAT refuses or cannot be reached.
 */
export async function sendSolicitud(db: Db, client: DescargaClient, key: { mode: Mode; rfc: string }, parameters: SatParameters, at: Date): Promise<string> {
  await countSolicitud(db, { ...key, fingerprint: fingerprintOf(key.rfc, parameters) }, at);
  const { requestId } = await client.request(requestInput(parameters));
  return requestId;
}
