/**
 * Arithmetic rules (Anexo 20, CFDI 4.0): every amount recomputed with the totals engine's
 * decimal helpers and compared with the SAT's tolerances.
 * - Concepto Importe and tax Importe lie between the lower limit (factors minus half a unit of
 *   their last written decimal, truncated) and the upper limit (plus half a unit, rounded up),
 *   at the currency decimals.
 * - SubTotal, Descuento and the grouped Impuestos amounts equal the rounding (half-up, currency
 *   decimals) of the sums of the Concepto amounts; TotalImpuestos* equal the sums of the node's
 *   lines; Total equals SubTotal − Descuento + trasladados − retenidos (+ local taxes) exactly.
 */
import { Decimal, isImporte, productLimits, roundHalfUp, sum, withinLimits } from '../amounts.ts';
import type { Limits } from '../amounts.ts';
import type { Comprobante, Traslado } from '../model.ts';
import { trasladoKey } from '../tax-specs.ts';
import { attributePath, conceptoPath, conceptoTaxPath, IMPUESTOS_PATH, ROOT_PATH, TASA_PATTERN } from './patterns.ts';
import type { RuleContext } from './types.ts';

const ZERO_TOTAL_TYPES = new Set(['T', 'P']);
const IMPLOCAL_NAMESPACE = 'http://www.sat.gob.mx/implocal';
const WRAPPERS = { Traslado: 'Traslados', Retencion: 'Retenciones' } as const;

function describe(limits: Limits): string {
  return `[${limits.lower.toString()}, ${limits.upper.toString()}]`;
}

export function checkArithmetic(context: RuleContext): void {
  checkConceptoAmounts(context);
  checkSubTotalAndDescuento(context);
  checkImpuestos(context);
  checkTotal(context);
}

function checkConceptoAmounts(context: RuleContext): void {
  const decimals = context.currencyDecimals;
  context.comprobante.Conceptos.forEach((concepto, index) => {
    if (isImporte(concepto.Cantidad) && isImporte(concepto.ValorUnitario) && isImporte(concepto.Importe)) {
      const limits = productLimits({ text: concepto.Cantidad }, { text: concepto.ValorUnitario }, decimals);
      if (!withinLimits(new Decimal(concepto.Importe), limits)) {
        context.issues.error(
          'cfdi.importe_out_of_limits',
          attributePath(conceptoPath(index), 'Importe'),
          `Importe ${concepto.Importe} is outside ${describe(limits)}, the limits of Cantidad ${concepto.Cantidad} × ValorUnitario ${concepto.ValorUnitario}.`,
        );
      }
    }
    concepto.Impuestos?.Traslados?.forEach((tax, taxIndex) => checkTaxImporte(context, tax, conceptoTaxPath(index, 'traslado', taxIndex)));
    concepto.Impuestos?.Retenciones?.forEach((tax, taxIndex) => checkTaxImporte(context, tax, conceptoTaxPath(index, 'retencion', taxIndex)));
  });
}

/** Tax Importe within (Base ± half a unit of its last decimal) × TasaOCuota; the rate is exact. */
export function checkTaxImporte(
  context: RuleContext,
  tax: { Base: string; TasaOCuota?: string | undefined; Importe?: string | undefined; TipoFactor: string },
  path: string,
  decimals = context.currencyDecimals,
  suffix = '',
): void {
  if (tax.TipoFactor === 'Exento' || !isImporte(tax.Base) || !isImporte(tax.Importe) || !TASA_PATTERN.test(tax.TasaOCuota ?? '')) return;
  const limits = productLimits({ text: tax.Base }, { text: tax.TasaOCuota as string, exact: true }, decimals);
  if (!withinLimits(new Decimal(tax.Importe), limits)) {
    context.issues.error(
      'cfdi.tax_importe_out_of_limits',
      attributePath(path, `Importe${suffix}`),
      `Importe${suffix} ${tax.Importe} is outside ${describe(limits)}, the limits of Base${suffix} ${tax.Base} × TasaOCuota${suffix} ${tax.TasaOCuota as string}.`,
    );
  }
}

function declared(value: string | undefined): Decimal | undefined {
  return isImporte(value) ? new Decimal(value) : undefined;
}

function checkSubTotalAndDescuento(context: RuleContext): void {
  const c = context.comprobante;
  const decimals = context.currencyDecimals;
  const subTotal = declared(c.SubTotal);
  if (ZERO_TOTAL_TYPES.has(c.TipoDeComprobante)) {
    if (subTotal && !subTotal.isZero())
      context.issues.error('cfdi.subtotal_mismatch', attributePath(ROOT_PATH, 'SubTotal'), `SubTotal must be 0 in a type ${c.TipoDeComprobante} CFDI.`);
    return;
  }
  const importes = c.Conceptos.map((concepto) => declared(concepto.Importe));
  if (subTotal && importes.every((value) => value !== undefined)) {
    const expected = roundHalfUp(sum(importes as Decimal[]), decimals);
    if (!subTotal.eq(expected)) {
      context.issues.error(
        'cfdi.subtotal_mismatch',
        attributePath(ROOT_PATH, 'SubTotal'),
        `SubTotal ${c.SubTotal} differs from the sum of the item Importe values, ${expected.toFixed(decimals)}.`,
      );
    }
  }
  const descuentos = c.Conceptos.map((concepto) => (concepto.Descuento === undefined ? new Decimal(0) : declared(concepto.Descuento)));
  const descuento = c.Descuento === undefined ? new Decimal(0) : declared(c.Descuento);
  if (descuento && descuentos.every((value) => value !== undefined)) {
    const expected = roundHalfUp(sum(descuentos as Decimal[]), decimals);
    if (!descuento.eq(expected)) {
      context.issues.error(
        'cfdi.descuento_mismatch',
        attributePath(ROOT_PATH, 'Descuento'),
        `Descuento ${c.Descuento ?? '(absent)'} differs from the sum of the item discounts, ${expected.toFixed(decimals)}.`,
      );
    }
  }
}

interface ExpectedGroup {
  Impuesto: string;
  TipoFactor?: string;
  TasaOCuota?: string;
  base: Decimal;
  importe: Decimal | null;
}

/** The Comprobante Impuestos node as the items imply it (declared item values, summed). */
function expectedGroups(comprobante: Comprobante): { traslados: Map<string, ExpectedGroup>; retenciones: Map<string, ExpectedGroup> } {
  const traslados = new Map<string, ExpectedGroup>();
  const retenciones = new Map<string, ExpectedGroup>();
  for (const concepto of comprobante.Conceptos) {
    for (const tax of concepto.Impuestos?.Traslados ?? []) {
      const key = trasladoKey(tax.Impuesto, tax.TipoFactor, tax.TasaOCuota ?? null);
      const group = traslados.get(key) ?? {
        Impuesto: tax.Impuesto,
        TipoFactor: tax.TipoFactor,
        ...(tax.TasaOCuota === undefined ? {} : { TasaOCuota: tax.TasaOCuota }),
        base: new Decimal(0),
        importe: tax.TipoFactor === 'Exento' ? null : new Decimal(0),
      };
      group.base = group.base.plus(declared(tax.Base) ?? 0);
      if (group.importe !== null) group.importe = group.importe.plus(declared(tax.Importe) ?? 0);
      traslados.set(key, group);
    }
    for (const tax of concepto.Impuestos?.Retenciones ?? []) {
      const group = retenciones.get(tax.Impuesto) ?? { Impuesto: tax.Impuesto, base: new Decimal(0), importe: new Decimal(0) };
      group.importe = (group.importe as Decimal).plus(declared(tax.Importe) ?? 0);
      retenciones.set(tax.Impuesto, group);
    }
  }
  return { traslados, retenciones };
}

function checkImpuestos(context: RuleContext): void {
  const c = context.comprobante;
  if (ZERO_TOTAL_TYPES.has(c.TipoDeComprobante)) return;
  const expected = expectedGroups(c);
  const node = c.Impuestos;
  if (!node) {
    if (expected.traslados.size + expected.retenciones.size > 0)
      context.issues.error('cfdi.impuestos_mismatch', IMPUESTOS_PATH, 'The items carry taxes but the Comprobante has no Impuestos node.');
    return;
  }
  compareGroups(
    context,
    'Traslado',
    expected.traslados,
    (node.Traslados ?? []).map((tax) => [trasladoKey(tax.Impuesto, tax.TipoFactor, tax.TasaOCuota ?? null), tax]),
  );
  compareGroups(
    context,
    'Retencion',
    expected.retenciones,
    (node.Retenciones ?? []).map((tax) => [tax.Impuesto, tax]),
  );
  checkTotalImpuestos(
    context,
    'TotalImpuestosTrasladados',
    node.TotalImpuestosTrasladados,
    (node.Traslados ?? []).filter((tax) => tax.TipoFactor !== 'Exento').map((tax) => tax.Importe),
  );
  checkTotalImpuestos(
    context,
    'TotalImpuestosRetenidos',
    node.TotalImpuestosRetenidos,
    (node.Retenciones ?? []).map((tax) => tax.Importe),
  );
}

function compareGroups(context: RuleContext, kind: 'Traslado' | 'Retencion', expected: Map<string, ExpectedGroup>, lines: [string, Partial<Traslado>][]): void {
  const decimals = context.currencyDecimals;
  const seen = new Set<string>();
  lines.forEach(([key, line], index) => {
    const path = `${IMPUESTOS_PATH}/cfdi:${WRAPPERS[kind]}/cfdi:${kind}[${index + 1}]`;
    const group = expected.get(key);
    if (!group || seen.has(key)) {
      context.issues.error(
        'cfdi.impuestos_mismatch',
        path,
        `No item carries a ${kind.toLowerCase()} ${key.replaceAll('|', ' ').trim()} to group here, or the group is repeated.`,
      );
      return;
    }
    seen.add(key);
    const compare = (name: 'Base' | 'Importe', value: Decimal | null): void => {
      if (value === null) return;
      const rounded = roundHalfUp(value, decimals);
      const actual = declared(line[name]);
      if (actual && !actual.eq(rounded)) {
        context.issues.error(
          'cfdi.impuestos_mismatch',
          attributePath(path, name),
          `${name} ${line[name] ?? ''} differs from the rounded sum of the items, ${rounded.toFixed(decimals)}.`,
        );
      }
    };
    if (kind === 'Traslado') compare('Base', group.base);
    compare('Importe', group.importe);
  });
  for (const [key, group] of expected) {
    if (!seen.has(key)) {
      context.issues.error(
        'cfdi.impuestos_mismatch',
        `${IMPUESTOS_PATH}/cfdi:${WRAPPERS[kind]}`,
        `The items carry a ${kind.toLowerCase()} of Impuesto ${group.Impuesto} ${group.TipoFactor ?? ''} ${group.TasaOCuota ?? ''} that is missing from the Impuestos node.`.replace(
          / +/g,
          ' ',
        ),
      );
    }
  }
}

function checkTotalImpuestos(
  context: RuleContext,
  name: 'TotalImpuestosTrasladados' | 'TotalImpuestosRetenidos',
  value: string | undefined,
  importes: (string | undefined)[],
): void {
  const path = attributePath(IMPUESTOS_PATH, name);
  if (importes.length === 0) {
    if (value !== undefined)
      context.issues.error(
        'cfdi.total_impuestos_mismatch',
        path,
        `${name} must be absent: there are no ${name === 'TotalImpuestosTrasladados' ? 'taxed (non-Exento) traslados' : 'retenciones'}.`,
      );
    return;
  }
  if (value === undefined) {
    context.issues.error('cfdi.total_impuestos_mismatch', path, `${name} is required when the node lists those taxes.`);
    return;
  }
  const values = importes.map(declared);
  const total = declared(value);
  if (!total || values.some((item) => item === undefined)) return;
  const expected = sum(values as Decimal[]);
  if (!total.eq(expected))
    context.issues.error('cfdi.total_impuestos_mismatch', path, `${name} ${value} differs from the sum of the node's lines, ${expected.toString()}.`);
}

/** Net local taxes of the implocal complement (TotaldeTraslados − TotaldeRetenciones). */
function localTaxes(comprobante: Comprobante): Decimal {
  let net = new Decimal(0);
  for (const item of comprobante.Complemento ?? []) {
    if (!('Otro' in item) || item.Otro.Xml.namespace !== IMPLOCAL_NAMESPACE || item.Otro.Xml.local !== 'ImpuestosLocales') continue;
    const attribute = (name: string) => declared(item.Otro.Xml.attributes.find((a) => a.local === name && a.namespace === null)?.value) ?? new Decimal(0);
    net = net.plus(attribute('TotaldeTraslados')).minus(attribute('TotaldeRetenciones'));
  }
  return net;
}

function checkTotal(context: RuleContext): void {
  const c = context.comprobante;
  const total = declared(c.Total);
  if (!total) return;
  const path = attributePath(ROOT_PATH, 'Total');
  if (ZERO_TOTAL_TYPES.has(c.TipoDeComprobante)) {
    if (!total.isZero()) context.issues.error('cfdi.total_mismatch', path, `Total must be 0 in a type ${c.TipoDeComprobante} CFDI.`);
    return;
  }
  const parts = [c.SubTotal, c.Descuento ?? '0', c.Impuestos?.TotalImpuestosTrasladados ?? '0', c.Impuestos?.TotalImpuestosRetenidos ?? '0'].map(declared);
  if (parts.some((part) => part === undefined)) return;
  const [subTotal, descuento, trasladados, retenidos] = parts as Decimal[];
  const expected = (subTotal as Decimal)
    .minus(descuento as Decimal)
    .plus(trasladados as Decimal)
    .minus(retenidos as Decimal)
    .plus(localTaxes(c));
  if (!total.eq(expected)) {
    context.issues.error(
      'cfdi.total_mismatch',
      path,
      `Total ${c.Total} differs from SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos = ${expected.toString()}.`,
    );
  }
}
