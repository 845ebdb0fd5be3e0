/**
 * Structural rules of Conceptos and of the Impuestos nodes (cfdv40.xsd, Anexo 20): amount
 * patterns, ObjetoImp versus taxes, Exento without rate or Importe, withholdings only with Tasa
 * or Cuota, the fixed Concepto of a type P, and currency decimals of the Comprobante Impuestos.
 */
import { Decimal, IMPORTE_PATTERN } from '../amounts.ts';
import type { Concepto, Traslado } from '../model.ts';
import { IMPUESTOS, OBJETO_IMP_FORBIDS_TAXES, OBJETO_IMP_REQUIRES_TAXES, TIPOS_FACTOR } from '../tax-specs.ts';
import type { TaxKind } from '../tax-specs.ts';
import { PAGO_COMPROBANTE } from '../pagos-totals.ts';
import { attributePath, CANTIDAD_PATTERN, conceptoPath, conceptoTaxPath, IMPUESTOS_PATH, TASA_PATTERN } from './patterns.ts';
import { checkAmount, checkText, requireValue } from './structural.ts';
import type { RuleContext } from './types.ts';

const POSITIVE_PRICE_TYPES = new Set(['I', 'E', 'N']);

export function checkConceptos(context: RuleContext): void {
  const { comprobante } = context;
  if (comprobante.Conceptos.length === 0) {
    context.issues.error('cfdi.missing_attribute', `${conceptoPath(0)}`, 'A CFDI needs at least one Concepto.');
  }
  comprobante.Conceptos.forEach((concepto, index) => checkConcepto(context, concepto, index));
  if (comprobante.TipoDeComprobante === 'P') checkPagoConcepto(context);
  checkImpuestosNode(context);
}

function checkConcepto(context: RuleContext, concepto: Concepto, index: number): void {
  const base = conceptoPath(index);
  const { issues } = context;
  for (const name of ['ClaveProdServ', 'ClaveUnidad', 'Descripcion', 'ObjetoImp'] as const) requireValue(context, base, name, concepto[name]);
  checkText(context, base, 'Descripcion', concepto.Descripcion, 1000);
  checkText(context, base, 'NoIdentificacion', concepto.NoIdentificacion, 100);
  if (requireValue(context, base, 'Cantidad', concepto.Cantidad)) {
    if (!CANTIDAD_PATTERN.test(concepto.Cantidad))
      issues.error('cfdi.invalid_amount', attributePath(base, 'Cantidad'), `Cantidad "${concepto.Cantidad}" is not a decimal with up to 6 decimals.`);
    else if (new Decimal(concepto.Cantidad).isZero())
      issues.error('cfdi.cantidad_not_positive', attributePath(base, 'Cantidad'), 'Cantidad must be greater than 0.');
  }
  if (
    requireValue(context, base, 'ValorUnitario', concepto.ValorUnitario) &&
    checkAmount(context, base, 'ValorUnitario', concepto.ValorUnitario) &&
    new Decimal(concepto.ValorUnitario).isZero() &&
    POSITIVE_PRICE_TYPES.has(context.comprobante.TipoDeComprobante)
  ) {
    issues.error(
      'cfdi.valor_unitario_not_positive',
      attributePath(base, 'ValorUnitario'),
      `ValorUnitario must be greater than 0 in a type ${context.comprobante.TipoDeComprobante} CFDI.`,
    );
  }
  const importeOk = requireValue(context, base, 'Importe', concepto.Importe) && checkAmount(context, base, 'Importe', concepto.Importe);
  if (checkAmount(context, base, 'Descuento', concepto.Descuento) && importeOk && new Decimal(concepto.Descuento as string).gt(concepto.Importe)) {
    issues.error(
      'cfdi.descuento_exceeds_importe',
      attributePath(base, 'Descuento'),
      `Descuento ${concepto.Descuento} exceeds the item Importe ${concepto.Importe}.`,
    );
  }
  checkObjetoImp(context, concepto, base);
  concepto.Impuestos?.Traslados?.forEach((tax, taxIndex) => checkTaxLine(context, tax, 'traslado', conceptoTaxPath(index, 'traslado', taxIndex), true));
  concepto.Impuestos?.Retenciones?.forEach((tax, taxIndex) => checkTaxLine(context, tax, 'retencion', conceptoTaxPath(index, 'retencion', taxIndex), true));
}

function checkObjetoImp(context: RuleContext, concepto: Concepto, base: string): void {
  const count = (concepto.Impuestos?.Traslados?.length ?? 0) + (concepto.Impuestos?.Retenciones?.length ?? 0);
  const path = attributePath(base, 'ObjetoImp');
  if (OBJETO_IMP_REQUIRES_TAXES.has(concepto.ObjetoImp) && count === 0) {
    context.issues.error('cfdi.objeto_imp_02_without_taxes', path, 'The item has ObjetoImp 02 but no taxes (Impuestos node).');
  } else if (OBJETO_IMP_FORBIDS_TAXES.has(concepto.ObjetoImp) && concepto.Impuestos !== undefined) {
    context.issues.error('cfdi.objeto_imp_taxes_not_allowed', path, `The item has ObjetoImp ${concepto.ObjetoImp}, which forbids the Impuestos node.`);
  }
}

/**
 * One traslado or retención (Concepto or Comprobante level); `itemLevel` adds the Base rules.
 * `suffix` names the attributes of the Pagos DR nodes (BaseDR, ImpuestoDR, ...).
 */
export function checkTaxLine(context: RuleContext, tax: Partial<Traslado>, kind: TaxKind, base: string, itemLevel: boolean, suffix = ''): void {
  const { issues } = context;
  const at = (name: string) => attributePath(base, `${name}${suffix}`);
  const impuesto = IMPUESTOS[tax.Impuesto ?? ''];
  if (!impuesto || (kind === 'traslado' && !impuesto.traslado)) {
    issues.error('cfdi.invalid_impuesto', at('Impuesto'), `Impuesto${suffix} "${tax.Impuesto ?? ''}" is not allowed in a ${kind}.`);
  }
  if (itemLevel || kind === 'traslado') {
    if (!(TIPOS_FACTOR as readonly string[]).includes(tax.TipoFactor ?? '')) {
      issues.error('cfdi.invalid_tipo_factor', at('TipoFactor'), `TipoFactor${suffix} "${tax.TipoFactor ?? ''}" is not Tasa, Cuota or Exento.`);
    }
    if (
      requireValue(context, base, `Base${suffix}`, tax.Base) &&
      checkAmount(context, base, `Base${suffix}`, tax.Base, itemLevel ? 6 : context.currencyDecimals) &&
      new Decimal(tax.Base).isZero()
    ) {
      issues.error('cfdi.tax_base_not_positive', at('Base'), 'Base must be greater than 0.');
    }
  }
  if (tax.TipoFactor === 'Exento') {
    if (kind === 'retencion') issues.error('cfdi.retencion_exento', at('TipoFactor'), 'A withholding cannot be Exento.');
    if (tax.TasaOCuota !== undefined || tax.Importe !== undefined) {
      issues.error('cfdi.exento_with_rate', base, 'An Exento tax must not carry TasaOCuota or Importe.');
    }
    return;
  }
  if ((itemLevel || kind === 'traslado') && (tax.TipoFactor === 'Tasa' || tax.TipoFactor === 'Cuota')) {
    if (tax.TasaOCuota === undefined || tax.TasaOCuota === '')
      issues.error('cfdi.missing_tax_rate', at('TasaOCuota'), `A ${tax.TipoFactor} tax needs TasaOCuota${suffix}.`);
    else if (!TASA_PATTERN.test(tax.TasaOCuota))
      issues.error('cfdi.invalid_tax_rate', at('TasaOCuota'), `TasaOCuota${suffix} "${tax.TasaOCuota}" must have exactly six decimals, e.g. 0.160000.`);
  }
  if (requireValue(context, base, `Importe${suffix}`, tax.Importe))
    checkAmount(context, base, `Importe${suffix}`, tax.Importe, itemLevel ? 6 : context.currencyDecimals);
}

/** Guía de pagos: one Concepto 84111506 / ACT / "Pago", Cantidad 1, ValorUnitario and Importe 0, ObjetoImp 01. */
function checkPagoConcepto(context: RuleContext): void {
  const { Conceptos: conceptos } = context.comprobante;
  if (conceptos.length > 1) context.issues.error('cfdi.invalid_value', conceptoPath(1), 'A type P CFDI has exactly one Concepto.');
  const concepto = conceptos[0];
  if (!concepto) return;
  const base = conceptoPath(0);
  const expected: Record<string, string> = PAGO_COMPROBANTE.Concepto;
  for (const [name, value] of Object.entries(expected)) {
    const actual = (concepto as unknown as Record<string, string | undefined>)[name];
    const same = actual !== undefined && (IMPORTE_PATTERN.test(value) && IMPORTE_PATTERN.test(actual) ? new Decimal(actual).eq(value) : actual === value);
    if (!same) context.issues.error('cfdi.invalid_value', attributePath(base, name), `${name} must be "${value}" in the Concepto of a type P CFDI.`);
  }
  for (const name of ['NoIdentificacion', 'Unidad', 'Descuento'] as const) {
    if (concepto[name] !== undefined)
      context.issues.error('cfdi.attribute_not_allowed', attributePath(base, name), `${name} must not be present in the Concepto of a type P CFDI.`);
  }
}

function checkImpuestosNode(context: RuleContext): void {
  const node = context.comprobante.Impuestos;
  if (!node) return;
  checkAmount(context, IMPUESTOS_PATH, 'TotalImpuestosTrasladados', node.TotalImpuestosTrasladados, context.currencyDecimals);
  checkAmount(context, IMPUESTOS_PATH, 'TotalImpuestosRetenidos', node.TotalImpuestosRetenidos, context.currencyDecimals);
  node.Traslados?.forEach((tax, index) => checkTaxLine(context, tax, 'traslado', `${IMPUESTOS_PATH}/cfdi:Traslados/cfdi:Traslado[${index + 1}]`, false));
  node.Retenciones?.forEach((tax, index) => checkTaxLine(context, tax, 'retencion', `${IMPUESTOS_PATH}/cfdi:Retenciones/cfdi:Retencion[${index + 1}]`, false));
}
