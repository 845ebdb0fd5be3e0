/**
 * The checks a receiving accountant runs on a CFDI, in two steps that share nothing but data, so
 * the first (CPU-bound, proportional to the document) can run on a worker thread and the second
 * (catalog lookups, certificate fetches) where the catalogs live:
 *
 * 1. `readCfdi`: the bytes as safe XML, a CFDI 4.0 Comprobante, its structure against the SAT's
 *    XSDs (when a SchemaChecker is given) and its Sello against the embedded certificate.
 * 2. `finishCfdiChecks`: the engine's rules (structure, arithmetic, catalogs, Pagos, dates) and
 *    the TimbreFiscalDigital, whose SAT/PAC certificate comes from the caller.
 *
 * The API's validations and the CLI's `cfdi validate` / `cfdi verify` both run these two steps.
 */
import type { SatCertificate } from './credentials.ts';
import { type CfdiError, isCfdiError, type CfdiErrorCode } from './errors.ts';
import { findTimbre, type Comprobante } from './model.ts';
import { parseCfdi, type ParseCfdiOptions } from './parse.ts';
import { isRuleCode, REMEDIATIONS } from './rules/codes.ts';
import { validateCfdi } from './rules/index.ts';
import { ROOT_PATH } from './rules/patterns.ts';
import type { SealCheck, TimbreCheck, ValidateCfdiOptions, ValidationIssue, ValidationResult } from './rules/types.ts';
import { verifyParsedSeal } from './seal.ts';
import { verifyTimbre } from './tfd.ts';
import type { SchemaChecker } from './xsd/schema-check.ts';

/** Failures that mean the bytes are not an XML document at all: nothing can be said about them. */
const UNREADABLE: ReadonlySet<CfdiErrorCode> = new Set(['cfdi.parse_error', 'cfdi.invalid_encoding', 'cfdi.xml_too_large', 'cfdi.invalid_xml_char']);

/** What step 1 found; plain data (it crosses a worker boundary). */
export interface CfdiReading {
  /** The Comprobante, when the document is a CFDI 4.0 the parser could read. */
  comprobante?: Comprobante;
  /** Errors found while reading (unsafe XML, not a CFDI 4.0, XSD), before any rule ran. */
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
  /** The Sello checked against the embedded certificate (only when Sello and Certificado exist). */
  seal?: SealCheck;
}

export interface ReadCfdiOptions {
  parse?: ParseCfdiOptions;
  /** Structure against the SAT's XSDs; without it only the engine's structural rules run. */
  schema?: SchemaChecker;
}

function issueOf(error: CfdiError): ValidationIssue {
  return {
    code: error.code,
    path: error.path ?? ROOT_PATH,
    message: error.message,
    remediation: isRuleCode(error.code) ? REMEDIATIONS[error.code] : REMEDIATIONS['cfdi.malformed_xml'],
  };
}

/**
 * Step 1. Throws the parser's CfdiError when the bytes are not an XML document (not UTF-8, not
 * well-formed, empty, over `parse.maxBytes`): there is no document to report on. Well-formed XML
 * that is refused (DOCTYPE, nesting or size limits) or is not a CFDI 4.0 is a reading with errors.
 */
export function readCfdi(xml: Uint8Array, options: ReadCfdiOptions = {}): CfdiReading {
  let parsed;
  try {
    parsed = parseCfdi(xml, options.parse);
  } catch (error) {
    if (!isCfdiError(error) || UNREADABLE.has(error.code)) throw error;
    return { errors: [issueOf(error)], warnings: [] };
  }
  const reading: CfdiReading = { comprobante: parsed.comprobante, errors: [], warnings: [] };
  if (options.schema) {
    const structure = options.schema.check(xml);
    reading.errors.push(...structure.errors);
    reading.warnings.push(...structure.warnings);
  }
  if (parsed.comprobante.Sello && parsed.comprobante.Certificado) {
    const { cadenaOriginal: _cadena, certificate: _certificate, ...seal } = verifyParsedSeal(parsed);
    reading.seal = { ...seal, warnings: seal.warnings.map(({ code, message }) => ({ code, message })) };
  }
  return reading;
}

/** What a certificate source says about a SAT/PAC certificate number. */
export type TimbreCertificateLookup =
  | { status: 'found'; certificate: SatCertificate }
  /** The SAT (or the simulator) does not publish a certificate with this number. */
  | { status: 'not_found' }
  /** The source could not be asked now (network, timeout, outage). */
  | { status: 'unreachable'; message: string };

export interface FinishCfdiOptions extends Omit<ValidateCfdiOptions, 'verifySeal' | 'verifyTimbre'> {
  /** The SAT/PAC certificate of a timbre; without it SelloSAT is not verified (a warning). */
  timbreCertificate?: (noCertificadoSat: string) => Promise<TimbreCertificateLookup>;
}

/** Step 2: every rule, over what step 1 read. `valid` is true only when nothing failed. */
export async function finishCfdiChecks(reading: CfdiReading, options: FinishCfdiOptions = {}): Promise<ValidationResult> {
  if (!reading.comprobante) return { valid: false, errors: reading.errors, warnings: reading.warnings };
  const { timbreCertificate, ...rest } = options;
  const seal = reading.seal;
  const result = await validateCfdi(reading.comprobante, {
    ...rest,
    ...(seal ? { verifySeal: () => seal } : {}),
    ...(timbreCertificate
      ? {
          verifyTimbre: async (timbre, document): Promise<TimbreCheck> => {
            const lookup = await timbreCertificate(timbre.NoCertificadoSAT);
            if (lookup.status === 'not_found') {
              return {
                ok: false,
                reason: 'cfdi.tfd_certificate_unavailable',
                message: `No SAT/PAC certificate ${timbre.NoCertificadoSAT} is published: SelloSAT cannot be verified, so the timbre cannot be trusted.`,
              };
            }
            if (lookup.status === 'unreachable') {
              return {
                ok: false,
                reason: 'cfdi.tfd_certificate_unreachable',
                message: `The certificate ${timbre.NoCertificadoSAT} could not be fetched (${lookup.message}); SelloSAT was not verified.`,
              };
            }
            const sello = document.comprobante.Sello;
            const { ok, reason, message } = verifyTimbre(timbre, { certificate: lookup.certificate, ...(sello === undefined ? {} : { sello }) });
            return { ok, message, ...(reason ? { reason } : {}) };
          },
        }
      : {}),
  });
  const errors = [...reading.errors, ...result.errors];
  return { valid: errors.length === 0, errors: capped(errors), warnings: capped([...reading.warnings, ...result.warnings]) };
}

/** Issues listed per result; a document with thousands of broken nodes is told so in one line. */
const MAX_LISTED_ISSUES = 200;

function capped(issues: ValidationIssue[]): ValidationIssue[] {
  if (issues.length <= MAX_LISTED_ISSUES) return issues;
  const rest = issues.length - MAX_LISTED_ISSUES + 1;
  return [
    ...issues.slice(0, MAX_LISTED_ISSUES - 1),
    {
      code: 'cfdi.too_many_issues',
      path: ROOT_PATH,
      message: `${rest} more were found and are not listed (${issues.length} in all).`,
      remediation: REMEDIATIONS['cfdi.too_many_issues'],
    },
  ];
}

/** The facts of a CFDI a list or a search shows, as far as the document could be read. */
export interface CfdiSummary {
  uuid: string | null;
  version: string | null;
  tipo_de_comprobante: string | null;
  emisor: string | null;
  receptor: string | null;
  moneda: string | null;
  sub_total: string | null;
  total: string | null;
  stamped: boolean;
}

export function summarizeCfdi(comprobante: Comprobante | undefined): CfdiSummary {
  const timbre = comprobante && findTimbre(comprobante);
  return {
    uuid: timbre?.UUID ? timbre.UUID.toUpperCase() : null,
    version: comprobante?.Version ?? null,
    tipo_de_comprobante: comprobante?.TipoDeComprobante ?? null,
    emisor: comprobante?.Emisor?.Rfc ?? null,
    receptor: comprobante?.Receptor?.Rfc ?? null,
    moneda: comprobante?.Moneda ?? null,
    sub_total: comprobante?.SubTotal ?? null,
    total: comprobante?.Total ?? null,
    stamped: timbre !== undefined,
  };
}
