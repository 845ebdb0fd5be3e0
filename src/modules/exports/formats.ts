/**
 * The three export formats as writers fed a page of rows at a time (docs/guides/exports.md): each
 * writes to the store's sink and waits for it to drain, so memory holds one page, never the file.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { Decimal } from 'decimal.js';
import type { CfdiExportDetails, CfdiExportRow } from '../cfdis/index.ts';
import type { InvoiceExportRow } from '../invoices/index.ts';
import type { ExportFormat } from './repository.ts';
import { ZipFile, type ZipEntry } from './zip-file.ts';

type Cell = string | null;

/** The columns of a row that only its content holds, from the content the store kept. */
interface RowExtras {
  uso_cfdi: string | null;
  metodo_pago: string | null;
  forma_pago: string | null;
  tipo_cambio: string | null;
  /** Sum of the Comprobante's IVA (002) traslados; null when it has none. */
  iva_trasladado: string | null;
  /** TotalImpuestosRetenidos; null when absent. */
  retenciones: string | null;
}

const IVA = '002';

function extrasOf(details: CfdiExportDetails | null): RowExtras | null {
  if (details === null) return null;
  const iva = (details.impuestos?.traslados ?? []).filter((line) => line.impuesto === IVA && line.importe !== null);
  return {
    uso_cfdi: details.uso_cfdi,
    metodo_pago: details.metodo_pago,
    forma_pago: details.forma_pago,
    tipo_cambio: details.tipo_cambio,
    iva_trasladado: iva.length === 0 ? null : iva.reduce((sum, line) => sum.plus(line.importe ?? '0'), new Decimal(0)).toFixed(2),
    retenciones: details.impuestos?.total_impuestos_retenidos ?? null,
  };
}

interface Column {
  header: string;
  value(row: CfdiExportRow, extras: RowExtras | null): Cell;
  /** Written as a number in XLSX. */
  amount?: true;
}

const STATUS: Readonly<Record<string, string>> = { active: 'Vigente', cancelled: 'Cancelado', unknown: 'Sin consultar' };
const SIDE: Readonly<Record<string, string>> = { issued: 'Emitido', received: 'Recibido' };

/** The columns of CSV and XLSX, in order (the guide lists them with their sources). */
const COLUMNS: readonly Column[] = [
  { header: 'UUID', value: (row) => row.uuid },
  { header: 'Fecha', value: (row) => row.fecha },
  { header: 'Serie', value: (row) => row.serie },
  { header: 'Folio', value: (row) => row.folio },
  { header: 'Tipo', value: (row) => row.tipo_de_comprobante },
  { header: 'Emitido/Recibido', value: (row) => SIDE[row.side] ?? row.side },
  { header: 'RFC emisor', value: (row) => row.emisor_rfc },
  { header: 'Nombre emisor', value: (row) => row.emisor_nombre },
  { header: 'RFC receptor', value: (row) => row.receptor_rfc },
  { header: 'Nombre receptor', value: (row) => row.receptor_nombre },
  { header: 'Uso CFDI', value: (_row, extras) => extras?.uso_cfdi ?? null },
  { header: 'Método de pago', value: (_row, extras) => extras?.metodo_pago ?? null },
  { header: 'Forma de pago', value: (_row, extras) => extras?.forma_pago ?? null },
  { header: 'Moneda', value: (row) => row.moneda },
  { header: 'Tipo de cambio', value: (_row, extras) => extras?.tipo_cambio ?? null, amount: true },
  { header: 'Subtotal', value: (row) => row.sub_total, amount: true },
  { header: 'Descuento', value: (row) => row.descuento, amount: true },
  { header: 'IVA trasladado', value: (_row, extras) => extras?.iva_trasladado ?? null, amount: true },
  { header: 'Retenciones', value: (_row, extras) => extras?.retenciones ?? null, amount: true },
  { header: 'Total', value: (row) => row.total, amount: true },
  { header: 'Estado SAT', value: (row) => STATUS[row.sat_status] ?? row.sat_status },
  { header: 'Fecha de cancelación', value: (row) => (row.cancelled_at ? row.cancelled_at.toISOString() : null) },
  { header: 'Fecha de timbrado', value: (row) => row.fecha_timbrado },
  { header: 'Versión', value: (row) => row.version },
  { header: 'RFC PAC', value: (row) => row.rfc_pac },
];

export const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, its quotes doubled. */
function csvField(value: Cell): string {
  if (value === null) return '';
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function csvLine(cells: Cell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

async function write(sink: Writable, chunk: string | Uint8Array): Promise<void> {
  if (!sink.write(chunk)) await once(sink, 'drain');
}

async function drained(sink: Writable): Promise<void> {
  if (sink.writableNeedDrain) await once(sink, 'drain');
}

export interface PageWriter<Row = CfdiExportRow> {
  write(rows: Row[]): Promise<void>;
  /** Writes what closes the file and ends the sink. */
  end(): Promise<void>;
}

/** A table's header and how one row becomes its cells (amounts marked, written as numbers in XLSX). */
interface Table<Row> {
  sheet: string;
  headers: string[];
  amounts: boolean[];
  cells(row: Row): Cell[];
}

const CFDI_TABLE: Table<CfdiExportRow> = {
  sheet: 'CFDI',
  headers: COLUMNS.map((column) => column.header),
  amounts: COLUMNS.map((column) => column.amount === true),
  cells(row) {
    const extras = extrasOf(row.details);
    return COLUMNS.map((column) => column.value(row, extras));
  },
};

function csvWriter<Row>(sink: Writable, table: Table<Row>): PageWriter<Row> {
  let started = false;
  return {
    async write(rows) {
      // UTF-8 with a byte order mark, so Excel (es-MX) reads the accents right.
      let text = started ? '' : `\uFEFF${csvLine(table.headers)}`;
      started = true;
      for (const row of rows) text += csvLine(table.cells(row));
      await write(sink, text);
    },
    async end() {
      if (!started) await write(sink, `\uFEFF${csvLine(table.headers)}`);
      sink.end();
    },
  };
}

function xlsxWriter<Row>(sink: Writable, table: Table<Row>): PageWriter<Row> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(table.sheet);
  sheet.addRow(table.headers).commit();
  return {
    async write(rows) {
      for (const row of rows) {
        const cells = table
          .cells(row)
          .map((value, index) => (table.amounts[index] && value !== null && Number.isFinite(Number(value)) ? Number(value) : value));
        sheet.addRow(cells).commit();
      }
      await drained(sink);
    },
    async end() {
      sheet.commit();
      // The workbook writer ends the sink itself.
      await workbook.commit();
    },
  };
}

function zipWriter(sink: Writable): PageWriter {
  const zip = new ZipFile(sink);
  const missing: string[] = [];
  return {
    async write(rows) {
      const entries: ZipEntry[] = [];
      for (const row of rows) {
        if (row.xml === null) missing.push(row.uuid);
        else entries.push({ name: `${row.uuid}.xml`, content: Buffer.from(row.xml, 'utf8'), modified: row.created_at });
      }
      await zip.add(entries);
    },
    async end() {
      if (missing.length > 0) {
        const list = `CFDI sin XML en el almacén (solo metadatos del SAT):\r\n${missing.map((uuid) => `${uuid}\r\n`).join('')}`;
        await zip.add([{ name: 'faltantes.txt', content: Buffer.from(list, 'utf8'), modified: new Date() }]);
      }
      await zip.end();
    },
  };
}

export function pageWriter(format: ExportFormat, sink: Writable): PageWriter {
  if (format === 'csv') return csvWriter(sink, CFDI_TABLE);
  if (format === 'xlsx') return xlsxWriter(sink, CFDI_TABLE);
  return zipWriter(sink);
}

const INVOICE_STATUS: Readonly<Record<string, string>> = { draft: 'Borrador', stamping: 'Timbrando', stamped: 'Timbrada', cancelled: 'Cancelada' };
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The columns of an export of invoices, in order (the guide lists them with their sources). */
const INVOICE_COLUMNS: readonly { header: string; value(row: InvoiceExportRow): Cell; amount?: true }[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'UUID', value: (row) => row.uuid },
  { header: 'Serie', value: (row) => row.serie },
  { header: 'Folio', value: (row) => row.folio },
  { header: 'Tipo', value: (row) => row.type },
  { header: 'Estado', value: (row) => INVOICE_STATUS[row.status] ?? row.status },
  { header: 'Perfil fiscal', value: (row) => row.fiscal_profile_id },
  { header: 'RFC receptor', value: (row) => row.customer_rfc },
  { header: 'Nombre receptor', value: (row) => row.customer_name },
  { header: 'Uso CFDI', value: (row) => row.uso_cfdi },
  { header: 'Método de pago', value: (row) => row.metodo_pago },
  { header: 'Forma de pago', value: (row) => row.forma_pago },
  { header: 'Moneda', value: (row) => row.currency },
  { header: 'Subtotal', value: (row) => row.subtotal, amount: true },
  { header: 'Total', value: (row) => row.total, amount: true },
  { header: 'Fecha de creación', value: (row) => iso(row.created_at) },
  { header: 'Fecha de timbrado', value: (row) => iso(row.stamped_at) },
  { header: 'Fecha de cancelación', value: (row) => (row.status === 'cancelled' ? iso(row.cancellation_resolved_at) : null) },
];

const INVOICE_TABLE: Table<InvoiceExportRow> = {
  sheet: 'Facturas',
  headers: INVOICE_COLUMNS.map((column) => column.header),
  amounts: INVOICE_COLUMNS.map((column) => column.amount === true),
  cells: (row) => INVOICE_COLUMNS.map((column) => column.value(row)),
};

/**
 * A ZIP of invoices: each stamped invoice's XML as `<UUID>.xml` and its PDF as `<UUID>.pdf`, the
 * PDFs fetched one at a time (rendered on the worker pool when not kept yet); invoices not
 * stamped have neither and are skipped.
 */
function invoiceZipWriter(sink: Writable, pdfOf: (id: string) => Promise<Buffer>): PageWriter<InvoiceExportRow> {
  const zip = new ZipFile(sink);
  return {
    async write(rows) {
      const xmls: ZipEntry[] = [];
      for (const row of rows) {
        if (row.xml === null || row.uuid === null) continue;
        xmls.push({ name: `${row.uuid}.xml`, content: Buffer.from(row.xml, 'utf8'), modified: row.stamped_at ?? row.created_at });
      }
      await zip.add(xmls);
      for (const row of rows) {
        if (row.xml === null || row.uuid === null) continue;
        await zip.add([{ name: `${row.uuid}.pdf`, content: await pdfOf(row.id), modified: row.stamped_at ?? row.created_at }]);
      }
    },
    end: () => zip.end(),
  };
}

export function invoicePageWriter(format: ExportFormat, sink: Writable, pdfOf: (id: string) => Promise<Buffer>): PageWriter<InvoiceExportRow> {
  if (format === 'csv') return csvWriter(sink, INVOICE_TABLE);
  if (format === 'xlsx') return xlsxWriter(sink, INVOICE_TABLE);
  return invoiceZipWriter(sink, pdfOf);
}
