/**
 * POST /v1/validations: checks one CFDI and stores what was found (docs/decisions.md,
 * "Validations"). The document's own checks run in two steps (cfdi/check.ts): reading, the XSD
 * structure and the Sello on a worker thread, then the rules with the catalogs, the timbre with
 * its certificate and, for a stamped CFDI, the live status, here. Who answered for the SAT (the
 * SAT, or the simulator standing in for it) is named in every message about them; what the
 * simulator cannot know about a real CFDI is "not verifiable here", not "not found". The
 * validation, its usage record and its `validation.completed` event are written in one statement.
 */
import { createHash } from 'node:crypto';
import { finishCfdiChecks, type CfdiReading, type LiveStatusContext } from '../../cfdi/check.ts';
import { REMEDIATIONS } from '../../cfdi/rules/codes.ts';
import { attributePath, RFC_PATTERN, TFD_PATH, UUID_PATTERN } from '../../cfdi/rules/patterns.ts';
import type { CatalogLookup } from '../../cfdi/rules/index.ts';
import type { ValidationIssue } from '../../cfdi/rules/types.ts';
import type { Ctx, Mode } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { newId } from '../../platform/ids.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import { authorityName, type SatAuthority } from '../../providers/sat/authority.ts';
import type { CertificateRepository } from '../../providers/sat/certificate-repository.ts';
import type { CfdiStatus } from '../../providers/sat/cfdi-status.ts';
import type { CfdiStatusQuery } from '../../providers/sat/status-client.ts';
import { statementEvents, type EventStatementOutput } from '../events/index.ts';
import { validationUsageCtes } from '../usage/index.ts';
import type readTask from './read-task.ts';
import { defineTask } from '../../platform/workers/task.ts';
import { insertValidationWith, type ValidationRow } from './repository.ts';
import { renderValidation } from './serialize.ts';
import type { TimbreCertificates } from './timbre-certificates.ts';
import type { SatStatusSummary } from './types.ts';

/** The largest CFDI accepted, in bytes of XML (a Carta Porte with thousands of goods fits). */
export const MAX_VALIDATION_XML_BYTES = 4 * 1024 * 1024;

/** The status service of a mode and who answers there (the SAT, or the simulator). */
interface StatusService {
  readonly authority: SatAuthority;
  query(query: CfdiStatusQuery): Promise<CfdiStatus>;
}

export interface ValidationDeps {
  catalogs: CatalogLookup;
  satStatusFor(mode: Mode): StatusService;
  satCertificatesFor(mode: Mode): CertificateRepository;
  timbreCertificates: TimbreCertificates;
}

const READ_TASK = defineTask<typeof readTask>('validations.read');
const TFD_UUID_PATH = attributePath(TFD_PATH, 'UUID');

type StatusCode = 'cfdi.not_found' | 'cfdi.cancelled' | 'cfdi.status_indeterminate' | 'cfdi.status_not_verifiable_here' | 'cfdi.invalid_expression';

function issue(code: StatusCode, message: string): ValidationIssue {
  return { code, path: TFD_UUID_PATH, message, remediation: REMEDIATIONS[code] };
}

/** Reads the bytes on a worker; bytes that are no XML document at all are a 422 problem. */
async function read(ctx: Ctx, xml: Buffer): Promise<CfdiReading> {
  if (xml.length === 0)
    throw new ApiError(
      'cfdi.parse_error',
      { en: 'The document is empty.', es: 'El documento está vacío.' },
      { errors: [{ path: 'xml', code: 'empty', message: 'No bytes were sent.', messageEs: 'XML: no se envió ningún contenido.' }] },
    );
  if (xml.length > MAX_VALIDATION_XML_BYTES) {
    throw new ApiError('request.body_too_large', {
      en: `The CFDI is ${xml.length} bytes; at most ${MAX_VALIDATION_XML_BYTES} are accepted.`,
      es: `El CFDI mide ${xml.length} bytes y se aceptan a lo más ${MAX_VALIDATION_XML_BYTES}.`,
    });
  }
  const output = await ctx.services.workers.run(READ_TASK, { xml, maxBytes: MAX_VALIDATION_XML_BYTES }, { tenant: ctx.organizationId });
  if ('unreadable' in output) {
    const { code, message, path } = output.unreadable;
    throw new ApiError('cfdi.parse_error', message, { errors: [{ path: path ?? 'xml', code: code.replace(/^cfdi\./, ''), message }] });
  }
  return output.reading;
}

interface LiveStatus {
  sat: SatStatusSummary | null;
  errors: ValidationIssue[];
}

const INDETERMINATE: SatStatusSummary = { estado: 'indeterminate', es_cancelable: null, cancel_status: null };

/**
 * The live status of a stamped CFDI, and the error it means when it is not in force. The
 * simulator knows only the CFDIs it stamped: for one whose timbre is not its own (a real
 * supplier's CFDI in test mode), "not found" there says nothing about the CFDI.
 */
async function liveStatus(deps: ValidationDeps, mode: Mode, context: LiveStatusContext): Promise<LiveStatus> {
  const { uuid, emisor, receptor, total } = context.summary;
  if (!uuid || !UUID_PATTERN.test(uuid) || !emisor || !RFC_PATTERN.test(emisor) || !receptor || !RFC_PATTERN.test(receptor) || !total) {
    const written = `UUID "${uuid ?? ''}", issuer "${emisor ?? ''}", receiver "${receptor ?? ''}"`;
    return { sat: null, errors: [issue('cfdi.invalid_expression', `No status query can be made with ${written} as written (see the other errors).`)] };
  }
  let service: StatusService;
  let status: CfdiStatus;
  try {
    service = deps.satStatusFor(mode);
  } catch (error) {
    const detail = error instanceof ProviderError ? error.detail : 'no status service';
    return { sat: INDETERMINATE, errors: [issue('cfdi.status_indeterminate', `No status service can be asked about ${uuid} here (${detail}).`)] };
  }
  const who = authorityName(service.authority, true);
  try {
    status = await service.query({ uuid, rfcEmisor: emisor, rfcReceptor: receptor, total, ...(context.sello ? { sello: context.sello } : {}) });
  } catch (error) {
    const detail = error instanceof ProviderError ? error.detail : error instanceof Error ? error.message : 'no answer';
    if (error instanceof ProviderError && error.code === 'cfdi.invalid_expression') {
      return { sat: null, errors: [issue('cfdi.invalid_expression', `${who} cannot look ${uuid} up with the CFDI's values as written: ${detail}`)] };
    }
    return {
      sat: INDETERMINATE,
      errors: [issue('cfdi.status_indeterminate', `${who} could not be asked about ${uuid} (${detail}); validate it again later.`)],
    };
  }
  const sat = { estado: status.estado, es_cancelable: status.esCancelable || null, cancel_status: status.estatusCancelacion || null };
  if (!status.found) {
    if (service.authority === 'simulator' && context.timbreCertificate !== 'found') {
      const message =
        `The simulator does not know ${uuid}: it knows only the CFDIs stamped through it (test mode, or live mode on a server with no live PAC), ` +
        "and this CFDI's timbre is not one of its own, so its status cannot be known here.";
      return { sat: null, errors: [issue('cfdi.status_not_verifiable_here', message)] };
    }
    return { sat, errors: [issue('cfdi.not_found', `${who} does not know ${uuid} issued by ${emisor} to ${receptor} for ${total}.`)] };
  }
  if (status.estado === 'Cancelado') return { sat, errors: [issue('cfdi.cancelled', `${who} reports ${uuid} as cancelled.`)] };
  return { sat, errors: [] };
}

export async function createValidation(ctx: Ctx, deps: ValidationDeps, xml: Buffer): Promise<ValidationRow> {
  const reading = await read(ctx, xml);
  const mode = ctx.mode;
  const repository = deps.satCertificatesFor(mode);
  let sat: SatStatusSummary | null = null;
  const result = await finishCfdiChecks(reading, {
    catalogs: deps.catalogs,
    now: ctx.services.clock.now(),
    timbreCertificate: (noCertificado) => deps.timbreCertificates.lookup(repository, noCertificado),
    liveStatus: async (context) => {
      const live = await liveStatus(deps, mode, context);
      sat = live.sat;
      return live.errors;
    },
  });
  const base = reading.summary;
  const at = ctx.services.clock.now();
  const row: ValidationRow = {
    id: newId('val', at.getTime()),
    organization_id: ctx.organizationId,
    mode,
    valid: result.valid,
    errors: result.errors,
    warnings: result.warnings,
    checks: result.checks,
    summary: { ...base, sat },
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
