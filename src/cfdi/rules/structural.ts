/**
 * Structural rules of the Comprobante node (cfdv40.xsd and Anexo 20 "Validaciones" per
 * attribute): required attributes, value patterns, and the presence rules that depend on
 * TipoDeComprobante, MetodoPago and Moneda.
 */
import { Decimal, decimalPlaces, IMPORTE_PATTERN } from '../amounts.ts';
import { findPagos } from '../model.ts';
import {
  attributePath,
  IMPUESTOS_PATH,
  isRealFecha,
  NO_CERTIFICADO_PATTERN,
  PAGOS_PATH,
  POSTAL_CODE_PATTERN,
  ROOT_PATH,
  TIPO_CAMBIO_PATTERN,
} from './patterns.ts';
import type { RuleContext } from './types.ts';

const TIPOS = ['I', 'E', 'T', 'N', 'P'];
/** Types whose SubTotal and Total are 0 and which carry no payment terms (Anexo 20). */
const NO_PAYMENT_TYPES = new Set(['T', 'P']);

/** Reports an absent or empty attribute; true when a value is present. */
export function requireValue(context: RuleContext, base: string, name: string, value: string | undefined): value is string {
  if (value !== undefined && value !== '') return true;
  context.issues.error('cfdi.missing_attribute', attributePath(base, name), `${name} is required.`);
  return false;
}

export function forbidValue(context: RuleContext, base: string, name: string, value: unknown, why: string): void {
  if (value === undefined) return;
  context.issues.error('cfdi.attribute_not_allowed', attributePath(base, name), `${name} must not be present ${why}.`);
}

/** A t_Importe amount with at most `places` decimals (currency decimals for Comprobante-level amounts). */
export function checkAmount(context: RuleContext, base: string, name: string, value: string | undefined, places = 6): boolean {
  if (value === undefined) return false;
  const path = attributePath(base, name);
  if (!IMPORTE_PATTERN.test(value)) {
    context.issues.error('cfdi.invalid_amount', path, `${name} "${value}" is not a non-negative decimal with up to 18 integer digits and 6 decimals.`);
    return false;
  }
  if (decimalPlaces(value) > places) {
    context.issues.error('cfdi.amount_decimals', path, `${name} "${value}" has more than the ${places} decimals of the currency.`);
  }
  return true;
}

/** Text attributes: 1..max characters, no "|" (it separates the cadena original fields). */
export function checkText(context: RuleContext, base: string, name: string, value: string | undefined, max: number): void {
  if (value === undefined) return;
  if (value.length === 0 || [...value].length > max || value.includes('|')) {
    context.issues.error('cfdi.invalid_text', attributePath(base, name), `${name} must have 1 to ${max} characters and no "|".`);
  }
}

export function checkComprobante(context: RuleContext): void {
  const { comprobante: c, issues } = context;
  if (c.Version !== '4.0') issues.error('cfdi.not_comprobante', attributePath(ROOT_PATH, 'Version'), 'Version must be "4.0".');
  for (const name of ['SubTotal', 'Moneda', 'Total', 'TipoDeComprobante', 'Exportacion', 'LugarExpedicion', 'NoCertificado'] as const) {
    requireValue(context, ROOT_PATH, name, c[name]);
  }
  if (requireValue(context, ROOT_PATH, 'Fecha', c.Fecha) && !isRealFecha(c.Fecha)) {
    issues.error('cfdi.invalid_fecha', attributePath(ROOT_PATH, 'Fecha'), `Fecha "${c.Fecha}" is not a local date and time YYYY-MM-DDTHH:mm:ss.`);
  }
  if (!c.Sello) issues.error('cfdi.sello_missing', attributePath(ROOT_PATH, 'Sello'), 'The comprobante has no Sello: it was never sealed.');
  if (!c.Certificado) issues.error('cfdi.certificado_missing', attributePath(ROOT_PATH, 'Certificado'), 'The comprobante has no Certificado.');
  if (c.NoCertificado && !NO_CERTIFICADO_PATTERN.test(c.NoCertificado)) {
    issues.error(
      'cfdi.invalid_no_certificado',
      attributePath(ROOT_PATH, 'NoCertificado'),
      `NoCertificado "${c.NoCertificado}" is not a 20-digit certificate number.`,
    );
  }
  checkText(context, ROOT_PATH, 'Serie', c.Serie, 25);
  checkText(context, ROOT_PATH, 'Folio', c.Folio, 40);
  checkText(context, ROOT_PATH, 'CondicionesDePago', c.CondicionesDePago, 1000);
  if (c.LugarExpedicion && !POSTAL_CODE_PATTERN.test(c.LugarExpedicion)) {
    issues.error(
      'cfdi.invalid_postal_code',
      attributePath(ROOT_PATH, 'LugarExpedicion'),
      `LugarExpedicion "${c.LugarExpedicion}" is not a 5-digit postal code.`,
    );
  }
  if (c.TipoDeComprobante && !TIPOS.includes(c.TipoDeComprobante)) {
    issues.error(
      'cfdi.invalid_value',
      attributePath(ROOT_PATH, 'TipoDeComprobante'),
      `TipoDeComprobante "${c.TipoDeComprobante}" is not one of I, E, T, N, P.`,
    );
  }
  for (const name of ['SubTotal', 'Descuento', 'Total'] as const) checkAmount(context, ROOT_PATH, name, c[name], context.currencyDecimals);
  checkPaymentTerms(context);
  checkTipoCambio(context);
  checkDescuento(context);
  checkTipoSpecifics(context);
}

/** Anexo 20 FormaPago / MetodoPago / CondicionesDePago by TipoDeComprobante. */
function checkPaymentTerms(context: RuleContext): void {
  const c = context.comprobante;
  const tipo = c.TipoDeComprobante;
  if (NO_PAYMENT_TYPES.has(tipo)) {
    const why = `in a type ${tipo} CFDI`;
    forbidValue(context, ROOT_PATH, 'FormaPago', c.FormaPago, why);
    forbidValue(context, ROOT_PATH, 'MetodoPago', c.MetodoPago, why);
    forbidValue(context, ROOT_PATH, 'CondicionesDePago', c.CondicionesDePago, why);
    return;
  }
  if (tipo === 'I' || tipo === 'E') {
    requireValue(context, ROOT_PATH, 'FormaPago', c.FormaPago);
    requireValue(context, ROOT_PATH, 'MetodoPago', c.MetodoPago);
  }
  if (c.MetodoPago === 'PPD' && c.FormaPago !== undefined && c.FormaPago !== '99') {
    context.issues.error(
      'cfdi.forma_pago_must_be_99',
      attributePath(ROOT_PATH, 'FormaPago'),
      `FormaPago is "${c.FormaPago}" but MetodoPago PPD requires 99 (Por definir).`,
    );
  }
}

/** Anexo 20 TipoCambio: absent or 1 for MXN, absent for XXX, required for any other currency. */
function checkTipoCambio(context: RuleContext): void {
  const { Moneda: moneda, TipoCambio: tipoCambio } = context.comprobante;
  const path = attributePath(ROOT_PATH, 'TipoCambio');
  if (tipoCambio !== undefined && (!TIPO_CAMBIO_PATTERN.test(tipoCambio) || new Decimal(tipoCambio).isZero())) {
    context.issues.error('cfdi.invalid_amount', path, `TipoCambio "${tipoCambio}" must be a decimal greater than 0 with up to 6 decimals.`);
    return;
  }
  if (moneda === 'MXN' && tipoCambio !== undefined && !new Decimal(tipoCambio).eq(1)) {
    context.issues.error('cfdi.tipo_cambio_invalid', path, `TipoCambio must be 1 (or absent) for MXN, not ${tipoCambio}.`);
  } else if (moneda === 'XXX' && tipoCambio !== undefined) {
    context.issues.error('cfdi.tipo_cambio_invalid', path, 'TipoCambio must be absent when Moneda is XXX.');
  } else if (moneda && moneda !== 'MXN' && moneda !== 'XXX' && tipoCambio === undefined) {
    context.issues.error('cfdi.missing_attribute', path, `TipoCambio (MXN per ${moneda}) is required when Moneda is not MXN.`);
  }
}

function checkDescuento(context: RuleContext): void {
  const { Descuento: descuento, SubTotal: subTotal, TipoDeComprobante: tipo } = context.comprobante;
  if (NO_PAYMENT_TYPES.has(tipo)) {
    forbidValue(context, ROOT_PATH, 'Descuento', descuento, `in a type ${tipo} CFDI`);
    return;
  }
  if (IMPORTE_PATTERN.test(descuento ?? '') && IMPORTE_PATTERN.test(subTotal) && new Decimal(descuento as string).gt(subTotal)) {
    context.issues.error('cfdi.descuento_exceeds_subtotal', attributePath(ROOT_PATH, 'Descuento'), `Descuento ${descuento} exceeds SubTotal ${subTotal}.`);
  }
}

/** Anexo 20 and the Guía de pagos: fixed values of type P, zero totals of T, complement presence. */
function checkTipoSpecifics(context: RuleContext): void {
  const c = context.comprobante;
  const tipo = c.TipoDeComprobante;
  const pagos = findPagos(c);
  if (tipo !== 'P' && pagos) context.issues.error('cfdi.pagos_not_allowed', PAGOS_PATH, `A type ${tipo} CFDI cannot carry the Pagos complement.`);
  if (NO_PAYMENT_TYPES.has(tipo) && c.Impuestos) {
    context.issues.error('cfdi.taxes_not_allowed_for_tipo', IMPUESTOS_PATH, `A type ${tipo} CFDI carries no Impuestos node.`);
  }
  if (tipo !== 'P') {
    if (c.Moneda === 'XXX' && tipo !== 'T')
      context.issues.error('cfdi.invalid_value', attributePath(ROOT_PATH, 'Moneda'), `Moneda XXX is only for types P and T, not ${tipo}.`);
    return;
  }
  if (!pagos) context.issues.error('cfdi.pagos_missing', `${ROOT_PATH}/cfdi:Complemento`, 'A type P CFDI must carry the Pagos 2.0 complement.');
  if (c.Moneda !== 'XXX')
    context.issues.error('cfdi.invalid_value', attributePath(ROOT_PATH, 'Moneda'), `Moneda must be XXX in a type P CFDI, not "${c.Moneda}".`);
}
