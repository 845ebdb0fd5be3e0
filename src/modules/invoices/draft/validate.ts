/**
 * Validation of an invoice request: the mapper's findings, then the CFDI engine's rules over the
 * mapped model (structure, parties, items, Pagos, catalogs). Everything fails together in one 422
 * `cfdi.invalid_input` whose `errors` name each field by request path, once.
 */
import type { Comprobante } from '../../../cfdi/model.ts';
import { validateComprobante, type CatalogLookup } from '../../../cfdi/rules/index.ts';
import { ApiError, type FieldError } from '../../../platform/errors/api-error.ts';
import type { InvoiceInput } from '../request-schemas.ts';
import { buildComprobante, type BuildContext } from './build.ts';
import { localDateTime } from '../../../cfdi/local-time.ts';
import { apiMessage, apiPath } from './paths.ts';

export interface DraftContext extends BuildContext {
  catalogs: CatalogLookup;
  /** Now, and the issuer's zone: catalog keys must be in force today. */
  now: Date;
  timeZone: string;
}

/** The engine re-checks amounts the mapper computed itself; those findings cannot apply here. */
const COMPUTED_HERE = new Set([
  'cfdi.importe_out_of_limits',
  'cfdi.tax_importe_out_of_limits',
  'cfdi.subtotal_mismatch',
  'cfdi.descuento_mismatch',
  'cfdi.total_mismatch',
  'cfdi.impuestos_mismatch',
  'cfdi.total_impuestos_mismatch',
  'cfdi.pagos_saldo_insoluto_mismatch',
  'cfdi.pagos_impuestos_p_mismatch',
  'cfdi.pagos_totales_mismatch',
  'cfdi.sello_missing',
  'cfdi.certificado_missing',
]);
/** With amounts left uncomputed (already reported), these findings would only echo placeholders. */
const NEEDS_AMOUNTS = new Set([
  'cfdi.descuento_exceeds_importe',
  'cfdi.descuento_exceeds_subtotal',
  'cfdi.pagos_missing',
  'cfdi.pagos_monto_insufficient',
  'cfdi.negative_total',
  'cfdi.pagos_monto_not_positive',
  'cfdi.pagos_saldo_not_positive',
  'cfdi.pagos_imp_pagado_not_positive',
  'cfdi.pagos_imp_pagado_exceeds_saldo',
  // The taxes of an item whose amounts failed are missing from the model, not from the request.
  'cfdi.objeto_imp_02_without_taxes',
  'cfdi.objeto_imp_taxes_not_allowed',
  'cfdi.objeto_imp_dr_02_without_taxes',
  'cfdi.objeto_imp_dr_taxes_not_allowed',
]);

// What stamping adds later, so that the rules about presence and format see a complete document.
function withPlaceholders(comprobante: Comprobante, context: DraftContext): Comprobante {
  return {
    ...comprobante,
    Fecha: localDateTime(context.now, context.timeZone),
    Folio: comprobante.Folio ?? '1',
    NoCertificado: '0'.repeat(20),
    Certificado: 'placeholder',
    Sello: 'placeholder',
  };
}

/**
 * The errors, each kept unless its field (or a field inside it) already has one. Linear in the
 * errors' paths: a request with thousands of failing documents has thousands of errors.
 */
function oncePerField(all: readonly FieldError[]): FieldError[] {
  const kept: FieldError[] = [];
  /** Every kept path and each of its ancestors (`payments.0.documents.3` → `payments.0.documents`, …). */
  const covered = new Set<string>();
  for (const error of all) {
    if (covered.has(error.path)) continue;
    kept.push(error);
    for (let path = error.path; !covered.has(path); path = path.slice(0, path.lastIndexOf('.'))) {
      covered.add(path);
      if (!path.includes('.')) break;
    }
  }
  return kept;
}

function engineErrors(comprobante: Comprobante, input: InvoiceInput, context: DraftContext, computed: boolean): FieldError[] {
  const result = validateComprobante(withPlaceholders(comprobante, context), { catalogs: context.catalogs, timeZone: context.timeZone });
  return result.errors
    .filter((issue) => !COMPUTED_HERE.has(issue.code) && (computed || !NEEDS_AMOUNTS.has(issue.code)))
    .map((issue) => ({ path: apiPath(issue.path, input), code: issue.code, message: apiMessage(issue.message) }));
}

/** What a request maps to: its CFDI model and every failing field (none for a valid request). */
export interface DraftFindings {
  comprobante: Comprobante;
  errors: FieldError[];
  /** False when some amount could not be computed (the model then holds placeholders). */
  computed: boolean;
}

/** The CFDI model of a request (without Fecha and seal) with every failing field, once each. */
export function draftFindings(input: InvoiceInput, context: DraftContext): DraftFindings {
  const built = buildComprobante(input, context);
  const errors = oncePerField([...built.errors, ...engineErrors(built.comprobante, input, context, built.computed)]);
  return { comprobante: built.comprobante, errors, computed: built.computed };
}

/** The 422 `cfdi.invalid_input` that lists `errors`. */
export function invalidInput(errors: FieldError[]): ApiError {
  const fields = errors.map((error) => error.path).join(', ');
  const detail = {
    en: `The invoice is not a valid CFDI 4.0: ${errors.length === 1 ? 'one field fails' : `${errors.length} fields fail`} (${fields}).`,
    es: `La factura no es un CFDI 4.0 válido: ${errors.length === 1 ? 'hay un dato que corregir' : `hay ${errors.length} datos que corregir`}; la lista de errores indica cuáles.`,
  };
  return new ApiError('cfdi.invalid_input', detail, { errors });
}

/** The CFDI model of a valid request (without Fecha and seal), or a 422 listing every failing field. */
export function draftComprobante(input: InvoiceInput, context: DraftContext): Comprobante {
  const findings = draftFindings(input, context);
  if (findings.errors.length > 0) throw invalidInput(findings.errors);
  return findings.comprobante;
}
