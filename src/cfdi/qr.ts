/**
 * The verification expression of a stamped CFDI 4.0 (Anexo 20, "Estándar de la representación
 * impresa", the same standard as CFDI 3.3 since 2017-07-01): the QR code's content, and also the
 * `expresionImpresa` that ConsultaCFDIService (estado del CFDI) expects for a 3.3/4.0 document.
 */
import { Decimal } from 'decimal.js';
import type { Comprobante } from './model.ts';
import { findTimbre } from './model.ts';

export const VERIFICATION_BASE_URL = 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx';

export interface VerificationExpressionInput {
  /** TimbreFiscalDigital UUID, as stamped. */
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  /** Comprobante Total as written in the XML (t_Importe). */
  total: string;
  /** Comprobante Sello (only its last 8 characters are used). */
  sello: string;
}

/**
 * `tt`: the total with up to 6 decimals, trailing zeros of the fraction removed but at least one
 * decimal kept ("1000.00" → "1000.0", "459.360" → "459.36"). The integer part loses leading zeros.
 * Computed on the decimal text, so 18-digit totals keep every digit.
 */
export function formatVerificationTotal(total: string): string {
  const trimmed = total.trim();
  if (!/^[0-9]+(\.[0-9]*)?$|^\.[0-9]+$/.test(trimmed)) {
    throw new RangeError(`"${total}" is not a non-negative decimal amount.`);
  }
  const fixed = new Decimal(trimmed).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);
  const [integer, fraction = ''] = fixed.split('.');
  const significant = fraction.replace(/0+$/, '');
  return `${integer}.${significant === '' ? '0' : significant}`;
}

/**
 * `re` / `rr`: the RFC with XML's special characters as entities, so an RFC with `&` (H&E951128469)
 * is written `H&amp;E951128469`; Ñ stays as it is.
 */
export function formatVerificationRfc(rfc: string): string {
  return rfc.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** `fe`: the last 8 characters of the Sello. */
export function formatVerificationSello(sello: string): string {
  return sello.slice(-8);
}

/** The QR content: `https://verificacfdi...default.aspx?id=UUID&re=...&rr=...&tt=...&fe=...`. */
export function verificationExpression(input: VerificationExpressionInput): string {
  const query = [
    `id=${input.uuid}`,
    `re=${formatVerificationRfc(input.rfcEmisor)}`,
    `rr=${formatVerificationRfc(input.rfcReceptor)}`,
    `tt=${formatVerificationTotal(input.total)}`,
    `fe=${formatVerificationSello(input.sello)}`,
  ].join('&');
  return `${VERIFICATION_BASE_URL}?${query}`;
}

/** The expression's parts from a stamped Comprobante; undefined when it has no TimbreFiscalDigital. */
export function verificationInput(comprobante: Comprobante): VerificationExpressionInput | undefined {
  const timbre = findTimbre(comprobante);
  if (timbre === undefined) return undefined;
  return {
    uuid: timbre.UUID,
    rfcEmisor: comprobante.Emisor.Rfc,
    rfcReceptor: comprobante.Receptor.Rfc,
    total: comprobante.Total,
    sello: comprobante.Sello ?? '',
  };
}

/** The verification expression of a stamped Comprobante; undefined when it is not stamped. */
export function verificationExpressionFor(comprobante: Comprobante): string | undefined {
  const input = verificationInput(comprobante);
  return input === undefined ? undefined : verificationExpression(input);
}

/**
 * ConsultaCFDIService takes the very same expression for CFDI 3.3/4.0 (the SOAP body then
 * XML-escapes it, so `&` travels as `&amp;`). Kept as a named function so callers say what they mean.
 */
export const consultaExpresionImpresa = verificationExpression;
