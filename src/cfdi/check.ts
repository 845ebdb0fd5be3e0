/**
 * The checks a receiving accountant runs on a CFDI, in two steps that share nothing but data, so
 * the first (CPU-bound, proportional to the document) can run on a worker thread and the second
 * (catalog lookups, certificate fetches) where the catalogs live:
 *
 * 1. `readCfdi`: the bytes as safe XML, a CFDI 4.0 Comprobante, its structure against the SAT's
 *    XSDs (when a SchemaChecker is given) and its Sello against the embedded certificate.
 * 2. `finishCfdiChecks`: the engine's rules (structure, arithmetic, catalogs, Pagos, dates), the
 *    TimbreFiscalDigital, whose SAT/PAC certificate comes from the caller, and the live status,
 *    which the caller asks; then each check's outcome (checks.ts).
 *
 * The API's validations and the CLI's `cfdi validate` / `cfdi verify` both run these two steps.
 * Whatever the caller cannot do here (fetch a certificate, ask for the status) is an error that
 * says the check could not run, never a silent pass: `valid` needs every check to have passed.
 */
import { validationChecks, type ValidationCheck } from './checks.ts';
import type { SatCertificate } from './credentials.ts';
import { type CfdiError, isCfdiError, type CfdiErrorCode } from './errors.ts';
import { CFDI_NAMESPACE, findTimbre, TFD_NAMESPACE, type Comprobante } from './model.ts';
import { comprobanteFromElement, parseCfdiTree, type ParseCfdiOptions } from './parse.ts';
import { isRuleCode, REMEDIATIONS } from './rules/codes.ts';
import { validateCfdi } from './rules/index.ts';
import { attributePath, ROOT_PATH, TFD_PATH } from './rules/patterns.ts';
import type { SealCheck, TimbreCheck, ValidateCfdiOptions, ValidationIssue, ValidationResult } from './rules/types.ts';
import { verifyParsedSeal } from './seal.ts';
import { verifyTimbre } from './tfd.ts';
import { attributeValue, childElements, type XmlElement } from './xml/tree.ts';
import type { SchemaChecker } from './xsd/schema-check.ts';

/** Failures that mean the bytes are not an XML document at all: nothing can be said about them. */
const UNREADABLE: ReadonlySet<CfdiErrorCode> = new Set(['cfdi.parse_error', 'cfdi.invalid_encoding', 'cfdi.xml_too_large', 'cfdi.invalid_xml_char']);

/** What step 1 found; plain data (it crosses a worker boundary). */
export interface CfdiReading {
  /** The Comprobante, when the document is a CFDI 4.0 the parser could read. */
  comprobante?: Comprobante;
  /** What the document says, as far as it could be read (also when the Comprobante could not be). */
  summary: CfdiSummary;
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
  let root: XmlElement;
  try {
    root = parseCfdiTree(xml, options.parse);
  } catch (error) {
    if (!isCfdiError(error) || UNREADABLE.has(error.code)) throw error;
    return { summary: summaryOfTree(undefined), errors: [issueOf(error)], warnings: [] };
  }
  let comprobante: Comprobante;
  try {
    comprobante = comprobanteFromElement(root);
  } catch (error) {
    if (!isCfdiError(error)) throw error;
    // Not a CFDI 4.0 the rules can read; its UUID, parties and total may still be readable.
    return { summary: summaryOfTree(root), errors: [issueOf(error)], warnings: [] };
  }
  const parsed = { comprobante, root };
  const reading: CfdiReading = { comprobante, summary: summarizeCfdi(comprobante), errors: [], warnings: [] };
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

/** What a certificate source says about a SAT/PAC certificate number; each message names the source. */
export type TimbreCertificateLookup =
  | { status: 'found'; certificate: SatCertificate }
  /** The SAT does not publish a certificate with this number: the timbre cannot be trusted. */
  | { status: 'not_found'; message: string }
  /**
   * The source at hand is not the SAT's repository and does not hold it (the simulator, which
   * publishes only its own; the command line's directory): the timbre is not verifiable here.
   */
  | { status: 'unknown_here'; message: string }
  /** The source could not be asked now (network, timeout, outage). */
  | { status: 'unreachable'; message: string };

/** What the live status step is told: who the CFDI is, and how its timbre's certificate lookup went. */
export interface LiveStatusContext {
  summary: CfdiSummary;
  sello: string | undefined;
  /** The timbre's certificate lookup; undefined when it was not looked up (a malformed timbre). */
  timbreCertificate: TimbreCertificateLookup['status'] | undefined;
}

export interface FinishCfdiOptions extends Omit<ValidateCfdiOptions, 'verifySeal' | 'verifyTimbre'> {
  /** The SAT/PAC certificate of a timbre; without it SelloSAT cannot be verified here (an error). */
  timbreCertificate?: (noCertificadoSat: string) => Promise<TimbreCertificateLookup>;
  /**
   * The live status of a stamped CFDI, as errors (none when it is in force); without it the
   * status cannot be known here (an error).
   */
  liveStatus?: (context: LiveStatusContext) => Promise<ValidationIssue[]>;
}

export interface CheckedCfdi extends ValidationResult {
  /** Each check's outcome, worked out from every issue (the listed ones are capped). */
  checks: ValidationCheck[];
}

function timbreCheckOf(lookup: TimbreCertificateLookup, noCertificadoSat: string): TimbreCheck | undefined {
  if (lookup.status === 'not_found') {
    return {
      ok: false,
      reason: 'cfdi.tfd_certificate_unavailable',
      message: `${lookup.message}: SelloSAT cannot be verified, so the timbre cannot be trusted.`,
    };
  }
  if (lookup.status === 'unknown_here') {
    return { ok: false, reason: 'cfdi.tfd_not_verifiable_here', message: `SelloSAT could not be verified here: ${lookup.message}.` };
  }
  if (lookup.status === 'unreachable') {
    return {
      ok: false,
      reason: 'cfdi.tfd_certificate_unreachable',
      message: `The certificate ${noCertificadoSat} could not be fetched (${lookup.message}); SelloSAT was not verified.`,
    };
  }
  return undefined;
}

const NO_CERTIFICATE_SOURCE: TimbreCertificateLookup = { status: 'unknown_here', message: 'no source of SAT/PAC certificates was given' };

/** Step 2: every rule, over what step 1 read, then the live status. `valid` is true only when every check passed. */
export async function finishCfdiChecks(reading: CfdiReading, options: FinishCfdiOptions = {}): Promise<CheckedCfdi> {
  const stamped = reading.summary.stamped;
  if (!reading.comprobante) {
    const checks = validationChecks({ errors: reading.errors, warnings: reading.warnings, read: false, stamped });
    return { valid: false, errors: capped(reading.errors), warnings: capped(reading.warnings), checks };
  }
  const { timbreCertificate, liveStatus, ...rest } = options;
  const seal = reading.seal;
  let lookedUp: TimbreCertificateLookup['status'] | undefined;
  const result = await validateCfdi(reading.comprobante, {
    ...rest,
    ...(seal ? { verifySeal: () => seal } : {}),
    verifyTimbre: async (timbre, document): Promise<TimbreCheck> => {
      const lookup = timbreCertificate ? await timbreCertificate(timbre.NoCertificadoSAT) : NO_CERTIFICATE_SOURCE;
      lookedUp = lookup.status;
      if (lookup.status !== 'found') return timbreCheckOf(lookup, timbre.NoCertificadoSAT)!;
      const sello = document.comprobante.Sello;
      const { ok, reason, message } = verifyTimbre(timbre, { certificate: lookup.certificate, ...(sello === undefined ? {} : { sello }) });
      return { ok, message, ...(reason ? { reason } : {}) };
    },
  });
  const errors = [...reading.errors, ...result.errors];
  if (findTimbre(reading.comprobante)) {
    const context = { summary: reading.summary, sello: reading.comprobante.Sello, timbreCertificate: lookedUp };
    errors.push(...(liveStatus ? await liveStatus(context) : [statusNotAsked()]));
  }
  const warnings = [...reading.warnings, ...result.warnings];
  const checks = validationChecks({ errors, warnings, read: true, stamped });
  return { valid: errors.length === 0, errors: capped(errors), warnings: capped(warnings), checks };
}

function statusNotAsked(): ValidationIssue {
  return {
    code: 'cfdi.status_not_verifiable_here',
    path: attributePath(TFD_PATH, 'UUID'),
    message: 'The live status was not asked: no status service was given.',
    remediation: REMEDIATIONS['cfdi.status_not_verifiable_here'],
  };
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

function summarizeCfdi(comprobante: Comprobante | undefined): CfdiSummary {
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

/**
 * The same facts read straight from the element tree, for a document whose Comprobante the rules
 * cannot read (a missing required node, an attribute out of place): a cfdi:Comprobante of CFDI
 * 4.0's namespace still shows its UUID, parties and amounts. Anything else shows nothing.
 */
function summaryOfTree(root: XmlElement | undefined): CfdiSummary {
  const summary = summarizeCfdi(undefined);
  if (!root || root.namespace !== CFDI_NAMESPACE || root.local !== 'Comprobante') return summary;
  const child = (parent: XmlElement | undefined, namespace: string, local: string) => (parent ? childElements(parent, namespace, local)[0] : undefined);
  const value = (element: XmlElement | undefined, name: string) => (element && attributeValue(element, name)) ?? null;
  const timbre = child(child(root, CFDI_NAMESPACE, 'Complemento'), TFD_NAMESPACE, 'TimbreFiscalDigital');
  return {
    uuid: value(timbre, 'UUID')?.toUpperCase() ?? null,
    version: value(root, 'Version'),
    tipo_de_comprobante: value(root, 'TipoDeComprobante'),
    emisor: value(child(root, CFDI_NAMESPACE, 'Emisor'), 'Rfc'),
    receptor: value(child(root, CFDI_NAMESPACE, 'Receptor'), 'Rfc'),
    moneda: value(root, 'Moneda'),
    sub_total: value(root, 'SubTotal'),
    total: value(root, 'Total'),
    stamped: timbre !== undefined,
  };
}
