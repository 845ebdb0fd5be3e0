/**
 * Shared types of the CFDI validator: the result shape, the options (catalogs, time, injected
 * seal and timbre verifiers) and the context each rule family receives.
 */
import type { Comprobante, TimbreFiscalDigital } from '../model.ts';
import type { XmlElement } from '../xml/tree.ts';
import type { CatalogLookup } from './catalog-lookup.ts';
import { REMEDIATIONS } from './codes.ts';
import type { RuleCode } from './codes.ts';

export interface ValidationIssue {
  code: string;
  /** XPath-like location, e.g. `/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/@Importe`. */
  path: string;
  message: string;
  remediation: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

/** What a seal verifier reports (the shape of seal.ts SealVerification). */
export interface SealCheck {
  ok: boolean;
  /** Failure code, e.g. `cfdi.sello_mismatch`. */
  reason?: string;
  message: string;
  /** Facts a PAC rejects although the signature verifies (FIEL instead of CSD, RFC, validity). */
  warnings?: readonly { code: string; message: string }[];
}

/** What a timbre verifier reports (the shape of tfd.ts TimbreVerification). */
export interface TimbreCheck {
  ok: boolean;
  reason?: string;
  message: string;
}

export interface SignedDocument {
  comprobante: Comprobante;
  /** The parsed XML tree when the input was XML: the cadena original must come from it. */
  root?: XmlElement;
}

export interface ValidateCfdiOptions {
  /** SAT catalogs; without them (or for a catalog not loaded) only code formats are checked. */
  catalogs?: CatalogLookup;
  /** The current instant, for the Fecha rules. Without it no date-window rule runs. */
  now?: Date;
  /**
   * IANA zone of LugarExpedicion for the Fecha rules (docs/contract.md §2). Default: the c_CodigoPostal
   * row's huso_horario when that catalog is loaded, else America/Mexico_City.
   */
  timeZone?: string;
  /** Check that Fecha is at most this many hours old (stampability; the SAT allows 72). */
  stampWindowHours?: number;
  /** Seconds Fecha may be ahead of `now` before it counts as future (clock skew). Default 0. */
  futureToleranceSeconds?: number;
  /** Verifies Sello with the embedded certificate (e.g. seal.ts verifyParsedSeal). */
  verifySeal?: (document: SignedDocument) => SealCheck | Promise<SealCheck>;
  /**
   * Verifies the TimbreFiscalDigital SelloSAT (e.g. tfd.ts verifyTimbre with the SAT/PAC
   * certificate of NoCertificadoSAT). Returns undefined when that certificate is not known.
   */
  verifyTimbre?: (timbre: TimbreFiscalDigital, document: SignedDocument) => TimbreCheck | undefined | Promise<TimbreCheck | undefined>;
  /** Report `cfdi.no_tfd` when the CFDI is not stamped. */
  requireTimbre?: boolean;
}

/**
 * Collects errors and warnings; the remediation comes from the code table. Every operation is
 * constant-time: a document with thousands of failing nodes has thousands of issues, and the
 * rules ask `hasErrorAt` for each node.
 */
export class Issues {
  readonly errors: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];
  /** Every error's path and each of its ancestors (`/a/b/c` → `/a/b`, `/a`). */
  private readonly errorScopes = new Set<string>();
  private readonly warningKeys = new Set<string>();

  error(code: RuleCode, path: string, message: string): void {
    this.add({ code, path, message, remediation: REMEDIATIONS[code] });
  }

  /** Records an error as given. */
  add(issue: ValidationIssue): void {
    this.errors.push(issue);
    for (let path = issue.path; !this.errorScopes.has(path); ) {
      this.errorScopes.add(path);
      const cut = path.lastIndexOf('/');
      if (cut <= 0) break;
      path = path.slice(0, cut);
    }
  }

  warn(code: RuleCode, path: string, message: string): void {
    const key = `${code}\u0000${path}\u0000${message}`;
    if (this.warningKeys.has(key)) return;
    this.warningKeys.add(key);
    this.warnings.push({ code, path, message, remediation: REMEDIATIONS[code] });
  }

  /** True when an error was reported at this path or below it. */
  hasErrorAt(path: string): boolean {
    return this.errorScopes.has(path);
  }
}

export interface RuleContext {
  comprobante: Comprobante;
  options: ValidateCfdiOptions;
  issues: Issues;
  /** c_Moneda decimals of Comprobante Moneda (a fallback when unknown; see currency.ts). */
  currencyDecimals: number;
  /** Decimals of any currency code, undefined when unknown. */
  decimalsOf: (code: string) => number | undefined;
}
