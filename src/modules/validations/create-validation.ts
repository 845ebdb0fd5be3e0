/**
 * POST /v1/validations: checks one CFDI and stores what was found (docs/decisions.md,
 * "Validations"). The document's own checks run in two steps (cfdi/check.ts): reading, the XSD
 * structure and the Sello on a worker thread, then the rules with the catalogs and the timbre with
 * its certificate here; last, for a stamped CFDI, the live status at the SAT. The validation, its
 * usage record and its `validation.completed` event are written in one statement.
 */
import { createHash } from 'node:crypto';
import { finishCfdiChecks, summarizeCfdi, type CfdiReading } from '../../cfdi/check.ts';
import { REMEDIATIONS } from '../../cfdi/rules/codes.ts';
import { attributePath, RFC_PATTERN, TFD_PATH, UUID_PATTERN } from '../../cfdi/rules/patterns.ts';
import type { CatalogLookup } from '../../cfdi/rules/index.ts';
import type { ValidationIssue } from '../../cfdi/rules/types.ts';
import type { Ctx, Mode } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { newId } from '../../platform/ids.ts';
import type { CertificateRepository } from '../../providers/sat/certificate-repository.ts';
import type { CfdiStatus } from '../../providers/sat/cfdi-status.ts';
import type { CfdiStatusQuery } from '../../providers/sat/status-client.ts';
import { statementEvents, type EventStatementOutput } from '../events/index.ts';
import { validationUsageCtes } from '../usage/index.ts';
import type { ReadTaskInput, ReadTaskOutput } from './read-task.ts';
import { insertValidationWith, type ValidationRow } from './repository.ts';
import { renderValidation } from './serialize.ts';
import type { TimbreCertificates } from './timbre-certificates.ts';
import type { SatStatusSummary, StoredSummary } from './types.ts';

/** The largest CFDI accepted, in bytes of XML (a Carta Porte with thousands of goods fits). */
export const MAX_VALIDATION_XML_BYTES = 4 * 1024 * 1024;

export interface ValidationDeps {
  catalogs: CatalogLookup;
  satStatusFor(mode: Mode): { query(query: CfdiStatusQuery): Promise<CfdiStatus> };
  satCertificatesFor(mode: Mode): CertificateRepository;
  timbreCertificates: TimbreCertificates;
}

const READ_TASK = new URL('./read-task.ts', import.meta.url);
const TFD_UUID_PATH = attributePath(TFD_PATH, 'UUID');

function issue(code: 'cfdi.not_found' | 'cfdi.cancelled' | 'cfdi.status_indeterminate', message: string): ValidationIssue {
  return { code, path: TFD_UUID_PATH, message, remediation: REMEDIATIONS[code] };
}

/** Reads the bytes on a worker; bytes that are no XML document at all are a 422 problem. */
async function read(ctx: Ctx, xml: Buffer): Promise<CfdiReading> {
  if (xml.length === 0)
    throw new ApiError('cfdi.parse_error', 'The document is empty.', { errors: [{ path: 'xml', code: 'empty', message: 'No bytes were sent.' }] });
  if (xml.length > MAX_VALIDATION_XML_BYTES) {
    throw new ApiError('request.body_too_large', `The CFDI is ${xml.length} bytes; at most ${MAX_VALIDATION_XML_BYTES} are accepted.`);
  }
  const output = await ctx.services.workers.run<ReadTaskInput, ReadTaskOutput>(
    READ_TASK,
    { xml, maxBytes: MAX_VALIDATION_XML_BYTES },
    { tenant: ctx.organizationId },
  );
  if ('unreadable' in output) {
    const { code, message, path } = output.unreadable;
    throw new ApiError('cfdi.parse_error', message, { errors: [{ path: path ?? 'xml', code: code.replace(/^cfdi\./, ''), message }] });
  }
  return output.reading;
}

/** The SAT's answer for a stamped CFDI: its status, and the error it means when it is not Vigente. */
async function satStatus(
  deps: ValidationDeps,
  mode: Mode,
  summary: StoredSummary,
  sello: string | undefined,
): Promise<{ sat: SatStatusSummary | null; errors: ValidationIssue[] }> {
  const { uuid, emisor, receptor, total } = summary;
  if (!summary.stamped || !uuid || !UUID_PATTERN.test(uuid) || !emisor || !RFC_PATTERN.test(emisor) || !receptor || !RFC_PATTERN.test(receptor) || !total) {
    return { sat: null, errors: [] };
  }
  let status: CfdiStatus;
  try {
    status = await deps.satStatusFor(mode).query({ uuid, rfcEmisor: emisor, rfcReceptor: receptor, total, ...(sello ? { sello } : {}) });
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^[a-z_.]+: /, '') : 'no answer';
    return {
      sat: { estado: 'indeterminate', es_cancelable: null, cancel_status: null },
      errors: [issue('cfdi.status_indeterminate', `The SAT could not be asked about ${uuid} (${detail}); validate it again later.`)],
    };
  }
  const sat = { estado: status.estado, es_cancelable: status.esCancelable || null, cancel_status: status.estatusCancelacion || null };
  if (!status.found) return { sat, errors: [issue('cfdi.not_found', `The SAT does not know ${uuid} issued by ${emisor} to ${receptor} for ${total}.`)] };
  if (status.estado === 'Cancelado') return { sat, errors: [issue('cfdi.cancelled', `The SAT reports ${uuid} as cancelled.`)] };
  return { sat, errors: [] };
}

export async function createValidation(ctx: Ctx, deps: ValidationDeps, xml: Buffer): Promise<ValidationRow> {
  const reading = await read(ctx, xml);
  const mode = ctx.mode;
  const repository = deps.satCertificatesFor(mode);
  const result = await finishCfdiChecks(reading, {
    catalogs: deps.catalogs,
    now: ctx.services.clock.now(),
    timbreCertificate: (noCertificado) => deps.timbreCertificates.lookup(repository, noCertificado),
  });
  const base = summarizeCfdi(reading.comprobante);
  const live = await satStatus(deps, mode, { ...base, sat: null }, reading.comprobante?.Sello);
  const errors = [...result.errors, ...live.errors];
  const at = ctx.services.clock.now();
  const row: ValidationRow = {
    id: newId('val', at.getTime()),
    organization_id: ctx.organizationId,
    mode,
    valid: errors.length === 0,
    errors,
    warnings: result.warnings,
    summary: { ...base, sat: live.sat },
    uuid: base.uuid,
    emisor: base.emisor,
    receptor: base.receptor,
    document_sha256: createHash('sha256').update(xml).digest('hex'),
    created_at: at,
  };
  const events = statementEvents([{ organizationId: row.organization_id, mode, type: 'validation.completed', object: renderValidation(row) }], ctx.services);
  const usage = validationUsageCtes({ organizationId: row.organization_id, mode, validationId: row.id, at });
  const output = await insertValidationWith<EventStatementOutput>(ctx.db, row, { ctes: [usage, events.parts.ctes], columns: events.parts.columns });
  await events.settle(ctx.db, output, true);
  return row;
}
