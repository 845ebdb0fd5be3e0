/**
 * Checks shared by the Comprobante totals and the Pagos 2.0 totals: one tax line (traslado or
 * retención) described by Impuesto, TipoFactor and TasaOCuota.
 */
import { decimalPlaces, Decimal, MAX_DECIMALS } from './amounts.ts';

/** A field-level failure with a path into the caller's input, e.g. `Conceptos.0.ValorUnitario`. */
export interface FieldError {
  code: string;
  path: string;
  message: string;
}

/** c_Impuesto: 001 ISR (retención only), 002 IVA, 003 IEPS. */
export const IMPUESTOS: Readonly<Record<string, { name: string; traslado: boolean }>> = {
  '001': { name: 'ISR', traslado: false },
  '002': { name: 'IVA', traslado: true },
  '003': { name: 'IEPS', traslado: true },
};

/** c_TipoFactor. */
export const TIPOS_FACTOR = ['Tasa', 'Cuota', 'Exento'] as const;

/** c_ObjetoImp keys 01–08 (06–08 exist since 2024-12-13). */
export const OBJETOS_IMP = ['01', '02', '03', '04', '05', '06', '07', '08'] as const;

/**
 * Anexo 20, Concepto@ObjetoImp: "02" (sí objeto de impuesto) requires the Impuestos node;
 * "01" (no objeto), "03" (no obligado al desglose) and "04" (no causa impuesto) forbid it.
 * 05–08 carry no rule here: their tax breakdown depends on the tax, not on the node's presence.
 */
export const OBJETO_IMP_REQUIRES_TAXES: ReadonlySet<string> = new Set(['02']);
export const OBJETO_IMP_FORBIDS_TAXES: ReadonlySet<string> = new Set(['01', '03', '04']);

export type TaxKind = 'traslado' | 'retencion';

export interface TaxLineInput {
  Impuesto: string;
  TipoFactor: string;
  TasaOCuota?: string | undefined;
}

/**
 * Validates one tax line and returns its rate written with six decimals (the c_TasaOCuota form),
 * or `null` for Exento, or undefined when the line is unusable (errors were pushed).
 * `names` maps the model's attribute names (the Pagos complement suffixes them with DR).
 */
export function checkTaxLine(
  line: TaxLineInput,
  kind: TaxKind,
  path: string,
  errors: FieldError[],
  names: { impuesto: string; factor: string; rate: string } = { impuesto: 'Impuesto', factor: 'TipoFactor', rate: 'TasaOCuota' },
): string | null | undefined {
  const before = errors.length;
  const impuesto = IMPUESTOS[line.Impuesto];
  if (impuesto === undefined) {
    errors.push({
      code: 'cfdi.invalid_impuesto',
      path: `${path}.${names.impuesto}`,
      message: `${names.impuesto} "${line.Impuesto}" is not in c_Impuesto; use 001 (ISR), 002 (IVA) or 003 (IEPS).`,
    });
  } else if (kind === 'traslado' && !impuesto.traslado) {
    errors.push({
      code: 'cfdi.invalid_impuesto',
      path: `${path}.${names.impuesto}`,
      message: `${impuesto.name} (${line.Impuesto}) can only be withheld, never transferred (c_Impuesto).`,
    });
  }
  if (!(TIPOS_FACTOR as readonly string[]).includes(line.TipoFactor)) {
    errors.push({ code: 'cfdi.invalid_tipo_factor', path: `${path}.${names.factor}`, message: `${names.factor} must be Tasa, Cuota or Exento.` });
    return undefined;
  }
  if (line.TipoFactor === 'Exento') return checkExento(line, kind, path, errors, names, before);
  const rate = checkRate(line.TasaOCuota, path, errors, names.rate);
  return errors.length === before ? rate : undefined;
}

function checkExento(
  line: TaxLineInput,
  kind: TaxKind,
  path: string,
  errors: FieldError[],
  names: { factor: string; rate: string },
  before: number,
): null | undefined {
  if (kind === 'retencion') {
    errors.push({
      code: 'cfdi.retencion_exento',
      path: `${path}.${names.factor}`,
      message: 'A withholding (retención) must use Tasa or Cuota; Exento applies only to transferred taxes.',
    });
  }
  if (line.TasaOCuota !== undefined) {
    errors.push({
      code: 'cfdi.exento_with_rate',
      path: `${path}.${names.rate}`,
      message: 'An Exento tax carries a Base only: remove the rate (no TasaOCuota and no Importe).',
    });
  }
  return errors.length === before ? null : undefined;
}

function checkRate(rate: string | undefined, path: string, errors: FieldError[], name: string): string | undefined {
  if (rate === undefined || rate === '') {
    errors.push({ code: 'cfdi.missing_tax_rate', path: `${path}.${name}`, message: `${name} is required for Tasa and Cuota taxes (e.g. "0.160000").` });
    return undefined;
  }
  if (!/^[0-9]+(\.[0-9]+)?$/.test(rate) || decimalPlaces(rate) > MAX_DECIMALS) {
    errors.push({
      code: 'cfdi.invalid_tax_rate',
      path: `${path}.${name}`,
      message: `${name} "${rate}" must be a non-negative decimal with up to six decimals, e.g. "0.160000".`,
    });
    return undefined;
  }
  return new Decimal(rate).toFixed(MAX_DECIMALS);
}

/** The grouping key of a transferred tax at Comprobante level (Impuesto + TipoFactor + TasaOCuota). */
export function trasladoKey(impuesto: string, factor: string, rate: string | null): string {
  return `${impuesto}|${factor}|${rate ?? ''}`;
}
