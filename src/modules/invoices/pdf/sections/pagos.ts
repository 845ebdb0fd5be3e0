/**
 * Complemento para recepción de pagos 2.0: its Totales, then each Pago with its data and the
 * documents it pays (DoctoRelacionado) with their balances and taxes.
 */
import type { DoctoRelacionado, Pago, Pagos } from '../../../../cfdi/model.ts';
import { findPagos } from '../../../../cfdi/model.ts';
import type { RenderContext } from '../context.ts';
import { dateTimeText, groupThousands, money, rateText, serieFolio } from '../format.ts';
import type { CatalogLabels } from '../format.ts';
import type { TextStyle } from '../sheet.ts';
import { drawTable } from '../table.ts';
import type { Cell, Column } from '../table.ts';
import { drawFieldGrid } from './fields.ts';
import type { Field } from './fields.ts';
import { drawWords, wordsFor } from './totals.ts';

const DOCUMENT_COLUMNS: readonly Column[] = [
  { title: 'Documento relacionado', width: 178 },
  { title: 'Moneda / equivalencia', width: 58 },
  { title: 'Parcialidad', width: 44, align: 'right' },
  { title: 'Saldo anterior', width: 66, align: 'right' },
  { title: 'Importe pagado', width: 66, align: 'right' },
  { title: 'Saldo insoluto', width: 66, align: 'right' },
  { title: 'Objeto de impuesto', width: 62 },
];

function totalesFields(pagos: Pagos): Field[] {
  const totales = pagos.Totales;
  const amount = (value: string | undefined) => (value === undefined ? '' : money(value));
  return [
    { label: 'Monto total de los pagos', value: amount(totales.MontoTotalPagos), bold: true },
    { label: 'Traslados IVA 16%: base', value: amount(totales.TotalTrasladosBaseIVA16) },
    { label: 'Traslados IVA 16%: impuesto', value: amount(totales.TotalTrasladosImpuestoIVA16) },
    { label: 'Traslados IVA 8%: base', value: amount(totales.TotalTrasladosBaseIVA8) },
    { label: 'Traslados IVA 8%: impuesto', value: amount(totales.TotalTrasladosImpuestoIVA8) },
    { label: 'Traslados IVA 0%: base', value: amount(totales.TotalTrasladosBaseIVA0) },
    { label: 'Traslados IVA 0%: impuesto', value: amount(totales.TotalTrasladosImpuestoIVA0) },
    { label: 'Traslados IVA exento: base', value: amount(totales.TotalTrasladosBaseIVAExento) },
    { label: 'Retenciones IVA', value: amount(totales.TotalRetencionesIVA) },
    { label: 'Retenciones ISR', value: amount(totales.TotalRetencionesISR) },
    { label: 'Retenciones IEPS', value: amount(totales.TotalRetencionesIEPS) },
  ];
}

function pagoFields(pago: Pago, labels: CatalogLabels): Field[] {
  return [
    { label: 'Fecha de pago', value: dateTimeText(pago.FechaPago) },
    { label: 'Forma de pago', value: labels.label('forma_pago', pago.FormaDePagoP) },
    { label: 'Moneda', value: labels.label('moneda', pago.MonedaP) },
    { label: 'Tipo de cambio', value: pago.TipoCambioP ?? '' },
    { label: 'Monto', value: `${money(pago.Monto)} ${pago.MonedaP}`, bold: true },
    { label: 'Número de operación', value: pago.NumOperacion ?? '' },
    { label: 'RFC del banco ordenante', value: pago.RfcEmisorCtaOrd ?? '' },
    { label: 'Banco ordenante extranjero', value: pago.NomBancoOrdExt ?? '' },
    { label: 'Cuenta ordenante', value: pago.CtaOrdenante ?? '' },
    { label: 'RFC del banco beneficiario', value: pago.RfcEmisorCtaBen ?? '' },
    { label: 'Cuenta beneficiaria', value: pago.CtaBeneficiario ?? '' },
    { label: 'Tipo de cadena de pago', value: pago.TipoCadPago ?? '' },
    { label: 'Certificado del pago', value: pago.CertPago ?? '', mono: true },
    { label: 'Cadena del pago', value: pago.CadPago ?? '', mono: true },
    { label: 'Sello del pago', value: pago.SelloPago ?? '', mono: true },
  ];
}

function documentTaxes(document: DoctoRelacionado, labels: CatalogLabels): string[] {
  const traslados = (document.ImpuestosDR?.TrasladosDR ?? []).map((tax) => {
    const importe = tax.ImporteDR === undefined ? '' : ` · Importe ${groupThousands(tax.ImporteDR)}`;
    return `Traslado ${labels.tax(tax.ImpuestoDR)} ${rateText(tax.TipoFactorDR, tax.TasaOCuotaDR)} · Base ${groupThousands(tax.BaseDR)}${importe}`;
  });
  const retenciones = (document.ImpuestosDR?.RetencionesDR ?? []).map(
    (tax) =>
      `Retención ${labels.tax(tax.ImpuestoDR)} ${rateText(tax.TipoFactorDR, tax.TasaOCuotaDR)} · Base ${groupThousands(tax.BaseDR)} · Importe ${groupThousands(tax.ImporteDR)}`,
  );
  return [...traslados, ...retenciones];
}

function documentRow(document: DoctoRelacionado, context: RenderContext): Cell[] {
  const main: TextStyle = { size: 7 };
  const muted: TextStyle = { size: 6.3, color: context.sheet.theme.muted };
  const folio = serieFolio(document.Serie, document.Folio);
  return [
    [
      { text: document.IdDocumento, style: { font: 'mono', size: 6.8 } },
      ...(folio === '' ? [] : [{ text: `Serie y folio: ${folio}`, style: muted }]),
      ...documentTaxes(document, context.labels).map((text) => ({ text, style: muted })),
    ],
    [{ text: document.MonedaDR, style: main }, ...(document.EquivalenciaDR ? [{ text: `Equiv. ${document.EquivalenciaDR}`, style: muted }] : [])],
    [{ text: document.NumParcialidad, style: main }],
    [{ text: groupThousands(document.ImpSaldoAnt), style: main }],
    [{ text: groupThousands(document.ImpPagado), style: { ...main, font: 'bold' } }],
    [{ text: groupThousands(document.ImpSaldoInsoluto), style: main }],
    [{ text: context.labels.label('objeto_imp', document.ObjetoImpDR), style: main }],
  ];
}

function impuestosPText(pago: Pago, labels: CatalogLabels): string[] {
  const traslados = (pago.ImpuestosP?.TrasladosP ?? []).map((tax) => {
    const importe = tax.ImporteP === undefined ? '' : `, importe ${money(tax.ImporteP)}`;
    return `Traslado ${labels.tax(tax.ImpuestoP)} ${rateText(tax.TipoFactorP, tax.TasaOCuotaP)}: base ${money(tax.BaseP)}${importe}`;
  });
  const retenciones = (pago.ImpuestosP?.RetencionesP ?? []).map((tax) => `Retención ${labels.tax(tax.ImpuestoP)}: ${money(tax.ImporteP)}`);
  return [...traslados, ...retenciones];
}

function drawPago(context: RenderContext, pago: Pago, index: number, count: number): void {
  const { sheet, labels } = context;
  const title = sheet.wrap(`PAGO ${index + 1} DE ${count}`, { font: 'bold', size: 7.5, color: sheet.theme.accentText }, sheet.width);
  // Keep the payment's heading, its data and the first related document together.
  sheet.ensure(sheet.heightOf(title) + 150);
  sheet.rect(sheet.left, sheet.y, sheet.width, sheet.heightOf(title) + 6, sheet.theme.tint);
  sheet.y += 3 + sheet.lines(title, sheet.left + 6, sheet.y + 3) + 5;
  drawFieldGrid(sheet, pagoFields(pago, labels), 4);
  drawTable(
    sheet,
    DOCUMENT_COLUMNS,
    pago.DoctoRelacionado.map((document) => documentRow(document, context)),
  );
  const taxes = impuestosPText(pago, labels);
  if (taxes.length > 0) {
    const lines = sheet.wrap(`Impuestos del pago: ${taxes.join('; ')}`, { size: 7, color: sheet.theme.muted }, sheet.width);
    sheet.ensure(sheet.heightOf(lines) + 4);
    sheet.y += 3 + sheet.lines(lines, sheet.left, sheet.y + 3);
  }
  sheet.y += 10;
}

export function drawPagos(context: RenderContext): void {
  const pagos = findPagos(context.comprobante);
  if (pagos === undefined) return;
  const { sheet } = context;
  sheet.sectionTitle('Complemento para recepción de pagos 2.0', 80);
  drawFieldGrid(sheet, totalesFields(pagos), 4);
  // Anexo 20, Pagos 2.0: the Totales are expressed in MXN.
  const words = wordsFor(pagos.Totales.MontoTotalPagos, 'MXN');
  if (words !== undefined) {
    sheet.ensure(30);
    sheet.y += drawWords(sheet, 'Monto total de los pagos con letra', words, sheet.left, sheet.y, sheet.width) + 8;
  }
  pagos.Pago.forEach((pago, index) => drawPago(context, pago, index, pagos.Pago.length));
}
