/**
 * Who issues and who receives (Emisor, Receptor), the Comprobante's own data with the timbre's
 * identifiers, and the optional InformacionGlobal and CfdiRelacionados nodes.
 */
import type { RenderContext } from '../context.ts';
import { LABEL, VALUE } from '../context.ts';
import { dateTimeText, serieFolio } from '../format.ts';
import { drawFieldGrid, drawPanels } from './fields.ts';
import type { Field, Panel } from './fields.ts';

function emisorPanel({ comprobante, labels }: RenderContext): Panel {
  const { Emisor: emisor } = comprobante;
  return {
    title: 'Emisor',
    heading: emisor.Nombre,
    fields: [
      { label: 'RFC', value: emisor.Rfc, bold: true },
      { label: 'Régimen fiscal', value: labels.label('regimen_fiscal', emisor.RegimenFiscal) },
      { label: 'Lugar de expedición', value: comprobante.LugarExpedicion === '' ? '' : `C.P. ${comprobante.LugarExpedicion}` },
      { label: 'Factura a nombre del adquirente', value: emisor.FacAtrAdquirente ?? '' },
    ],
  };
}

function receptorPanel({ comprobante, labels }: RenderContext): Panel {
  const { Receptor: receptor } = comprobante;
  return {
    title: 'Receptor',
    heading: receptor.Nombre,
    fields: [
      { label: 'RFC', value: receptor.Rfc, bold: true },
      { label: 'Domicilio fiscal', value: receptor.DomicilioFiscalReceptor === '' ? '' : `C.P. ${receptor.DomicilioFiscalReceptor}` },
      { label: 'Régimen fiscal', value: labels.label('regimen_fiscal', receptor.RegimenFiscalReceptor) },
      { label: 'Uso del CFDI', value: labels.label('uso_cfdi', receptor.UsoCFDI) },
      { label: 'Residencia fiscal', value: labels.label('pais', receptor.ResidenciaFiscal) },
      { label: 'Núm. registro tributario', value: receptor.NumRegIdTrib ?? '' },
    ],
  };
}

export function drawParties(context: RenderContext): void {
  drawPanels(context.sheet, [emisorPanel(context), receptorPanel(context)]);
}

function comprobanteFields({ comprobante, timbre, labels }: RenderContext): Field[] {
  return [
    // A preview has no timbre: its fields stay visibly empty rather than hold invented values.
    { label: 'Folio fiscal (UUID)', value: timbre?.UUID ?? 'Sin folio fiscal (vista previa)', bold: true },
    { label: 'Serie y folio', value: serieFolio(comprobante.Serie, comprobante.Folio) },
    { label: 'Tipo de comprobante', value: labels.label('tipo_comprobante', comprobante.TipoDeComprobante) },
    { label: 'Fecha y hora de emisión', value: dateTimeText(comprobante.Fecha) },
    { label: 'Fecha y hora de certificación', value: timbre ? dateTimeText(timbre.FechaTimbrado) : '' },
    { label: 'Moneda', value: labels.label('moneda', comprobante.Moneda) },
    { label: 'Tipo de cambio', value: comprobante.TipoCambio ?? '' },
    { label: 'Exportación', value: labels.label('exportacion', comprobante.Exportacion) },
    { label: 'Forma de pago', value: labels.label('forma_pago', comprobante.FormaPago) },
    { label: 'Método de pago', value: labels.label('metodo_pago', comprobante.MetodoPago) },
    { label: 'Condiciones de pago', value: comprobante.CondicionesDePago ?? '' },
    { label: 'No. de certificado del emisor', value: comprobante.NoCertificado ?? '', mono: true },
    { label: 'No. de certificado del SAT', value: timbre?.NoCertificadoSAT ?? '', mono: true },
    { label: 'RFC del proveedor de certificación', value: timbre?.RfcProvCertif ?? '' },
    { label: 'Clave de confirmación', value: comprobante.Confirmacion ?? '' },
  ];
}

export function drawComprobanteData(context: RenderContext): void {
  context.sheet.sectionTitle('Datos del comprobante');
  drawFieldGrid(context.sheet, comprobanteFields(context), 3);
}

/** InformacionGlobal (factura global a público en general) and CfdiRelacionados, when present. */
export function drawGlobalAndRelated(context: RenderContext): void {
  const { sheet, comprobante, labels } = context;
  const global = comprobante.InformacionGlobal;
  if (global) {
    sheet.sectionTitle('Información global');
    drawFieldGrid(
      sheet,
      [
        { label: 'Periodicidad', value: labels.label('periodicidad', global.Periodicidad) },
        { label: 'Meses', value: labels.label('meses', global.Meses) },
        { label: 'Año', value: global.Año },
      ],
      3,
    );
  }
  const related = comprobante.CfdiRelacionados ?? [];
  if (related.length === 0) return;
  sheet.sectionTitle('CFDI relacionados');
  for (const group of related) {
    const label = sheet.wrap(
      `TIPO DE RELACIÓN: ${labels.label('tipo_relacion', group.TipoRelacion)}`,
      { ...LABEL, size: 6.8, color: sheet.theme.muted },
      sheet.width,
    );
    const uuids = sheet.wrap(group.UUIDs.join('   '), { ...VALUE, font: 'mono', size: 7.3 }, sheet.width);
    sheet.ensure(sheet.heightOf(label) + Math.min(sheet.heightOf(uuids), 40));
    sheet.y += sheet.lines(label, sheet.left, sheet.y) + 1;
    for (const line of uuids) {
      sheet.ensure(sheet.lineHeight(line.style));
      sheet.y += sheet.lines([line], sheet.left, sheet.y);
    }
    sheet.y += 5;
  }
  sheet.y += 3;
}
