/**
 * The items table (cfdi:Conceptos). NoIdentificacion goes under the product key; the description
 * cell also carries what belongs to the item but has no column of its own: ObjetoImp, each tax of
 * the item (Anexo 20 puts the taxes per Concepto), CuentaPredial, pedimentos, ACuentaTerceros and Partes.
 */
import type { Concepto } from '../../../../cfdi/model.ts';
import type { RenderContext } from '../context.ts';
import { groupThousands, rateText } from '../format.ts';
import type { CatalogLabels } from '../format.ts';
import type { TextStyle } from '../sheet.ts';
import { drawTable } from '../table.ts';
import type { Cell, Column } from '../table.ts';

const COLUMNS: readonly Column[] = [
  { title: 'Clave prod./serv. / No. ident.', width: 62 },
  { title: 'Cantidad', width: 44, align: 'right' },
  { title: 'Unidad', width: 52 },
  { title: 'Descripción', width: 206 },
  { title: 'Valor unitario', width: 62, align: 'right' },
  { title: 'Descuento', width: 50, align: 'right' },
  { title: 'Importe', width: 64, align: 'right' },
];

const MAIN: TextStyle = { size: 7.3 };
const BOLD: TextStyle = { size: 7.3, font: 'bold' };

/** "Traslado IVA 16% · Base 1,000.00 · Importe 160.00" for each tax of the item. */
function taxLines(concepto: Concepto, labels: CatalogLabels): string[] {
  const lines: string[] = [];
  for (const traslado of concepto.Impuestos?.Traslados ?? []) {
    const importe = traslado.Importe === undefined ? '' : ` · Importe ${groupThousands(traslado.Importe)}`;
    lines.push(
      `Traslado ${labels.tax(traslado.Impuesto)} ${rateText(traslado.TipoFactor, traslado.TasaOCuota)} · Base ${groupThousands(traslado.Base)}${importe}`,
    );
  }
  for (const retencion of concepto.Impuestos?.Retenciones ?? []) {
    lines.push(
      `Retención ${labels.tax(retencion.Impuesto)} ${rateText(retencion.TipoFactor, retencion.TasaOCuota)} · Base ${groupThousands(retencion.Base)} · Importe ${groupThousands(retencion.Importe)}`,
    );
  }
  return lines;
}

function detailLines(concepto: Concepto, labels: CatalogLabels): string[] {
  const lines: string[] = [];
  const product = labels.name('clave_prod_serv', concepto.ClaveProdServ);
  if (product) lines.push(`Producto o servicio: ${product}`);
  lines.push(`Objeto de impuesto: ${labels.label('objeto_imp', concepto.ObjetoImp)}`);
  lines.push(...taxLines(concepto, labels));
  for (const predial of concepto.CuentaPredial ?? []) lines.push(`Cuenta predial: ${predial.Numero}`);
  for (const aduanera of concepto.InformacionAduanera ?? []) lines.push(`Pedimento: ${aduanera.NumeroPedimento}`);
  const terceros = concepto.ACuentaTerceros;
  if (terceros) {
    lines.push(
      `A cuenta de terceros: ${terceros.NombreACuentaTerceros} (RFC ${terceros.RfcACuentaTerceros}, ` +
        `régimen ${terceros.RegimenFiscalACuentaTerceros}, C.P. ${terceros.DomicilioFiscalACuentaTerceros})`,
    );
  }
  for (const parte of concepto.Parte ?? []) {
    const importe = parte.Importe === undefined ? '' : ` · Importe ${groupThousands(parte.Importe)}`;
    lines.push(`Parte: ${groupThousands(parte.Cantidad)} × ${parte.Descripcion} (${parte.ClaveProdServ})${importe}`);
  }
  for (const complemento of concepto.ComplementoConcepto ?? []) lines.push(`Complemento del concepto: ${complemento.Xml.local}`);
  return lines;
}

function row(concepto: Concepto, context: RenderContext): Cell[] {
  const { labels, sheet } = context;
  const muted: TextStyle = { size: 6.3, color: sheet.theme.muted };
  const unitName = concepto.Unidad ?? labels.name('clave_unidad', concepto.ClaveUnidad);
  return [
    [{ text: concepto.ClaveProdServ, style: MAIN }, ...(concepto.NoIdentificacion ? [{ text: concepto.NoIdentificacion, style: muted }] : [])],
    [{ text: groupThousands(concepto.Cantidad), style: MAIN }],
    [{ text: concepto.ClaveUnidad, style: BOLD }, ...(unitName ? [{ text: unitName, style: muted }] : [])],
    [{ text: concepto.Descripcion, style: MAIN }, ...detailLines(concepto, labels).map((text) => ({ text, style: muted }))],
    [{ text: groupThousands(concepto.ValorUnitario), style: MAIN }],
    [{ text: groupThousands(concepto.Descuento), style: MAIN }],
    [{ text: groupThousands(concepto.Importe), style: BOLD }],
  ];
}

export function drawConceptos(context: RenderContext): void {
  const { sheet, comprobante } = context;
  sheet.sectionTitle(`Conceptos (${comprobante.Conceptos.length})`, 60);
  drawTable(
    sheet,
    COLUMNS,
    comprobante.Conceptos.map((concepto) => row(concepto, context)),
  );
  sheet.y += 8;
}
