/**
 * How values of the CFDI are shown. Amounts keep the digits written in the XML (the printed
 * representation must match the stamped document, so nothing is re-rounded); they only gain
 * thousands separators. Catalog codes are shown with their description when one is known.
 */
import { Decimal } from 'decimal.js';

/** Catalogs a code may be described from; the slugs of the SAT catalogs module (GET /v1/catalogs). */
export type PdfCatalog =
  | 'uso_cfdi'
  | 'regimen_fiscal'
  | 'forma_pago'
  | 'metodo_pago'
  | 'moneda'
  | 'impuesto'
  | 'objeto_imp'
  | 'exportacion'
  | 'tipo_comprobante'
  | 'tipo_relacion'
  | 'periodicidad'
  | 'meses'
  | 'pais'
  | 'clave_prod_serv'
  | 'clave_unidad';

/** Optional code → description lookup (e.g. `(slug, code) => catalogIndex.get(slug, code)?.description`). */
export type CatalogNames = (catalog: PdfCatalog, code: string) => string | undefined;

/** Anexo 20 fixes these keys; they are described even when no lookup is given. */
const FIXED_NAMES: Partial<Record<PdfCatalog, Readonly<Record<string, string>>>> = {
  tipo_comprobante: { I: 'Ingreso', E: 'Egreso', T: 'Traslado', N: 'Nómina', P: 'Pago' },
  impuesto: { '001': 'ISR', '002': 'IVA', '003': 'IEPS' },
  metodo_pago: { PUE: 'Pago en una sola exhibición', PPD: 'Pago en parcialidades o diferido' },
};

export class CatalogLabels {
  readonly #lookup: CatalogNames | undefined;

  constructor(lookup: CatalogNames | undefined) {
    this.#lookup = lookup;
  }

  /** The description of a code, if the lookup (or Anexo 20) knows it. */
  name(catalog: PdfCatalog, code: string): string | undefined {
    let found: string | undefined;
    try {
      found = this.#lookup?.(catalog, code);
    } catch {
      // A failing lookup must not cost the customer the PDF; the code alone is still correct.
      found = undefined;
    }
    const name = found?.trim() || FIXED_NAMES[catalog]?.[code];
    return name === undefined || name === '' ? undefined : name;
  }

  /** "601 - General de Ley Personas Morales", or the code alone. Empty for an absent code. */
  label(catalog: PdfCatalog, code: string | undefined): string {
    if (code === undefined || code === '') return '';
    const name = this.name(catalog, code);
    return name === undefined || name === code ? code : `${code} - ${name}`;
  }

  /** The short name of a tax (IVA, ISR, IEPS) or its code. */
  tax(code: string): string {
    return this.name('impuesto', code) ?? code;
  }
}

const DECIMAL_TEXT = /^(-?)([0-9]+)(\.[0-9]*)?$/;

/** "1234567.891" → "1,234,567.891"; anything that is not a decimal is returned unchanged. */
export function groupThousands(amount: string | undefined): string {
  if (amount === undefined) return '';
  const match = DECIMAL_TEXT.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', integer = '', fraction = ''] = match;
  return `${sign}${integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** "$1,160.00" (the amount keeps its decimals as written). */
export function money(amount: string | undefined): string {
  if (amount === undefined || amount === '') return '';
  return `$${groupThousands(amount)}`;
}

/**
 * A TasaOCuota for reading: a Tasa as a percentage ("0.160000" → "16%", "0.106667" → "10.6667%"),
 * a Cuota as the amount per unit ("1.770000" → "1.77"). Exento has no rate.
 */
export function rateText(tipoFactor: string, tasaOCuota: string | undefined): string {
  if (tipoFactor === 'Exento' || tasaOCuota === undefined || tasaOCuota === '') return 'Exento';
  if (!DECIMAL_TEXT.test(tasaOCuota.trim())) return tasaOCuota;
  const value = new Decimal(tasaOCuota.trim());
  if (tipoFactor === 'Tasa') return `${stripZeros(value.times(100).toFixed(6))}%`;
  return `${stripZeros(value.toFixed(6))} por unidad`;
}

function stripZeros(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

/** "A-123", "123", "A", or "" when the CFDI has neither Serie nor Folio. */
export function serieFolio(serie: string | undefined, folio: string | undefined): string {
  return [serie, folio].filter((part) => part !== undefined && part !== '').join('-');
}

/** "2025-01-24T10:10:41" → "2025-01-24 10:10:41" (CFDI dates carry no zone: they are local time). */
export function dateTimeText(value: string | undefined): string {
  return value === undefined ? '' : value.replace('T', ' ');
}
