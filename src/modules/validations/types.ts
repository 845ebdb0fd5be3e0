/** The stored shapes of a validation (also its API shape: see serialize.ts). */
import type { CfdiSummary } from '../../cfdi/check.ts';
import type { ValidationCheck } from '../../cfdi/checks.ts';
import type { ValidationIssue } from '../../cfdi/rules/types.ts';

/** An error or warning as stored and answered: the engine's issue. */
export type StoredIssue = ValidationIssue;

/** A check's outcome as stored and answered: the engine's. */
export type StoredCheck = ValidationCheck;

export interface SatStatusSummary {
  /** `Vigente`, `Cancelado`, `No Encontrado`, or `indeterminate` when the status service could not be asked. */
  estado: string;
  es_cancelable: string | null;
  cancel_status: string | null;
}

/** What the document says (as far as it could be read) and the SAT's answer about it. */
export type StoredSummary = CfdiSummary & { sat: SatStatusSummary | null };
