/**
 * The metadata package text: one header line and one line per CFDI, fields separated by `~`,
 * CRLF line ends, dates as `YYYY-MM-DD HH:mm:ss` in Mexico City time, Estatus 1 (vigente) or 0
 * (cancelado) with FechaCancelacion only for cancelled CFDIs. Its companion `_tercero.txt` has
 * one line per CFDI and third party it was issued on behalf of.
 */

export const METADATA_HEADER =
  'Uuid~RfcEmisor~NombreEmisor~RfcReceptor~NombreReceptor~RfcPac~FechaEmision~FechaCertificacionSat~Monto~EfectoComprobante~Estatus~FechaCancelacion';

export interface MetadataRow {
  uuid: string;
  rfcEmisor: string;
  nombreEmisor: string;
  rfcReceptor: string;
  nombreReceptor: string;
  rfcPac: string;
  fechaEmision: string;
  fechaCertificacionSat: string;
  monto: string;
  efectoComprobante: string;
  estatus: '0' | '1';
  fechaCancelacion: string;
}

/** A field must not break the line or the columns. */
function field(value: string): string {
  return value.replace(/[~\r\n]+/g, ' ');
}

function metadataLine(row: MetadataRow): string {
  return [
    row.uuid,
    row.rfcEmisor,
    row.nombreEmisor,
    row.rfcReceptor,
    row.nombreReceptor,
    row.rfcPac,
    row.fechaEmision,
    row.fechaCertificacionSat,
    row.monto,
    row.efectoComprobante,
    row.estatus,
    row.fechaCancelacion,
  ]
    .map(field)
    .join('~');
}

export function metadataText(rows: Iterable<MetadataRow>): string {
  const lines = [METADATA_HEADER];
  for (const row of rows) lines.push(metadataLine(row));
  return `${lines.join('\r\n')}\r\n`;
}

export const THIRD_PARTY_HEADER = 'Uuid~RfcACuentaTerceros~NombreACuentaTerceros';

export interface ThirdPartyRow {
  uuid: string;
  rfcACuentaTerceros: string;
  nombreACuentaTerceros: string;
}

/** The `_tercero.txt` text of a metadata package. */
export function thirdPartyText(rows: Iterable<ThirdPartyRow>): string {
  const lines = [THIRD_PARTY_HEADER];
  for (const row of rows) lines.push([row.uuid, row.rfcACuentaTerceros, row.nombreACuentaTerceros].map(field).join('~'));
  return `${lines.join('\r\n')}\r\n`;
}

/** A decimal as the CFDI writes Total: the ledger's numeric(24,6) loses its padding zeros beyond cents. */
export function amountText(value: string): string {
  const [integer = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${integer}.${trimmed.padEnd(2, '0')}`;
}
