/**
 * The CFDI 4.0 validator: structural, arithmetic, catalog, Pagos 2.0, date, seal and timbre
 * rules over a parsed CFDI (or its XML). It collects every failure instead of stopping at the
 * first one; `valid` is true when no error was found (warnings say what could not be checked).
 */
import { isCfdiError } from '../errors.ts';
import type { Comprobante } from '../model.ts';
import { parseCfdi } from '../parse.ts';
import type { ParseCfdiOptions, ParsedCfdi } from '../parse.ts';
import { checkArithmetic } from './arithmetic.ts';
import { checkCatalogs } from './catalog-rules.ts';
import { isRuleCode, REMEDIATIONS } from './codes.ts';
import { checkConceptos } from './conceptos.ts';
import { checkDates } from './dates.ts';
import { checkPagos } from './pagos.ts';
import { checkParties } from './parties.ts';
import { ROOT_PATH } from './patterns.ts';
import { checkSeal, checkTimbre } from './signatures.ts';
import { checkComprobante } from './structural.ts';
import { Issues } from './types.ts';
import type { RuleContext, SignedDocument, ValidateCfdiOptions, ValidationResult } from './types.ts';

export type { CatalogLookup, CatalogName, CatalogRow } from './catalog-lookup.ts';
export { CATALOG_NAMES, inMemoryCatalogs } from './catalog-lookup.ts';
export { REMEDIATIONS } from './codes.ts';
export { DEFAULT_TIME_ZONE, localDateTime, STAMP_WINDOW_HOURS } from './dates.ts';
export type { SealCheck, SignedDocument, TimbreCheck, ValidateCfdiOptions, ValidationIssue, ValidationResult } from './types.ts';
export { sealVerifier, timbreVerifier } from './verifiers.ts';

/** XML text or bytes, a parser result, or a Comprobante model built in memory. */
export type CfdiInput = string | Uint8Array | ParsedCfdi | Comprobante;

export interface ValidateCfdiXmlOptions extends ValidateCfdiOptions {
  /** Size and depth limits for XML input. */
  parse?: ParseCfdiOptions;
}

/** Decimals of a currency from c_Moneda; XXX has none. Unknown or unloaded → undefined. */
function currencyDecimals(options: ValidateCfdiOptions, code: string): number | undefined {
  const lookup = options.catalogs;
  if (lookup?.isLoaded('c_Moneda')) {
    const value = Number.parseInt(lookup.get('c_Moneda', code)?.['decimales'] ?? '', 10);
    return Number.isInteger(value) && value >= 0 && value <= 6 ? value : undefined;
  }
  // Without c_Moneda: XXX has 0 decimals by definition; other codes are assumed to have 2 and
  // the catalog rules warn that c_Moneda was not loaded.
  return code === 'XXX' ? 0 : /^[A-Z]{3}$/.test(code) ? 2 : undefined;
}

function contextFor(comprobante: Comprobante, options: ValidateCfdiOptions, issues: Issues): RuleContext {
  const decimalsOf = (code: string) => currencyDecimals(options, code);
  return { comprobante, options, issues, decimalsOf, currencyDecimals: decimalsOf(comprobante.Moneda) ?? 2 };
}

/** Rules that need no injected verifier; synchronous. */
export function validateComprobante(comprobante: Comprobante, options: ValidateCfdiOptions = {}): ValidationResult {
  const issues = new Issues();
  runSyncRules(contextFor(comprobante, options, issues));
  return resultOf(issues);
}

function runSyncRules(context: RuleContext): void {
  checkComprobante(context);
  checkParties(context);
  checkConceptos(context);
  checkArithmetic(context);
  checkPagos(context);
  checkCatalogs(context);
  checkDates(context);
}

function resultOf(issues: Issues): ValidationResult {
  return { valid: issues.errors.length === 0, errors: issues.errors, warnings: issues.warnings };
}

function isParsed(input: ParsedCfdi | Comprobante): input is ParsedCfdi {
  return 'comprobante' in input && 'root' in input;
}

/** Parses XML input; a document that is not a CFDI 4.0 becomes a single error. */
function documentOf(input: CfdiInput, options: ValidateCfdiXmlOptions): SignedDocument | ValidationResult {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
    return isParsed(input) ? { comprobante: input.comprobante, root: input.root } : { comprobante: input };
  }
  try {
    const parsed = parseCfdi(input, options.parse);
    return { comprobante: parsed.comprobante, root: parsed.root };
  } catch (error) {
    if (!isCfdiError(error)) throw error;
    const code = error.code;
    const remediation = isRuleCode(code) ? REMEDIATIONS[code] : REMEDIATIONS['cfdi.malformed_xml'];
    return { valid: false, errors: [{ code, path: error.path ?? ROOT_PATH, message: error.message, remediation }], warnings: [] };
  }
}

/**
 * Validates a CFDI 4.0. Seal and timbre signatures are checked through `options.verifySeal` and
 * `options.verifyTimbre` when given (warnings say when they were not).
 */
export async function validateCfdi(input: CfdiInput, options: ValidateCfdiXmlOptions = {}): Promise<ValidationResult> {
  const document = documentOf(input, options);
  if ('valid' in document) return document;
  const issues = new Issues();
  const context = contextFor(document.comprobante, options, issues);
  runSyncRules(context);
  await checkSeal(context, document);
  await checkTimbre(context, document);
  return resultOf(issues);
}
