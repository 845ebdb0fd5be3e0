/**
 * SAT requests for other modules (synchronization): one call registers a request tree that the
 * downloads' job carries to the CFDI store, with every rule of the planner (no third identical
 * solicitud, 5003 splits, retries); its state is read the way downloads read theirs.
 */
import type { Mode, Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueAdvance } from './advance.ts';
import { fingerprintOf, type SatParameters } from './planner.ts';
import { insertSatRequest, type SatRequestRow } from './repository.ts';
import { loadTreeState, type TreeState } from './settle.ts';

export interface SatRequestSpec {
  organizationId: string;
  mode: Mode;
  fiscalProfileId: string;
  rfc: string;
  parameters: SatParameters;
}

/**
 * A new root request, `registering`. Its fingerprint is that of the parameters asked for (what an
 * identical download matches); `sent`, when given, is the period actually sent to the SAT.
 */
export function rootRequestRow(spec: SatRequestSpec, now: Date, sent?: { periodFrom: string; periodTo: string }): SatRequestRow {
  const id = newId('sreq', now.getTime());
  const { parameters } = spec;
  return {
    id,
    organization_id: spec.organizationId,
    mode: spec.mode,
    fiscal_profile_id: spec.fiscalProfileId,
    rfc: spec.rfc,
    side: parameters.side,
    type: parameters.type,
    period_from: sent?.periodFrom ?? parameters.periodFrom,
    period_to: sent?.periodTo ?? parameters.periodTo,
    document_status: parameters.documentStatus,
    counterparty_rfc: parameters.counterpartyRfc,
    voucher_type: parameters.voucherType,
    fingerprint: fingerprintOf(spec.rfc, parameters),
    root_id: id,
    parent_id: null,
    state: 'registering',
    sat_request_id: null,
    sat_state: null,
    cfdi_count: null,
    checks: 0,
    renewals: 0,
    error: null,
    registered_at: null,
    poll_deadline: null,
    finished_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** Records a request to register (in `db`, the caller's transaction) and enqueues its job; returns its root id. */
export async function startSatRequest(services: Services, db: Db, spec: SatRequestSpec): Promise<string> {
  const row = rootRequestRow(spec, services.clock.now());
  await insertSatRequest(db, row);
  await enqueueAdvance(services, db, row.id);
  return row.id;
}

export function satRequestState(db: Db, rootId: string): Promise<TreeState> {
  return loadTreeState(db, rootId);
}
