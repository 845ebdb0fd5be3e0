import { formatWallTime } from '../../core/format.ts';
type Text = string | null;

interface Party {
  rfc: Text;
  nombre: Text;
}

export interface Cfdi {
  id: string;
  uuid: string;
  side: 'issued' | 'received';
  fiscal_profile_id: string;
  download_id: Text;
  version: Text;
  serie: Text;
  folio: Text;
  tipo_de_comprobante: Text;
  fecha: Text;
  fecha_timbrado: Text;
  emisor: Party;
  receptor: Party;
  moneda: Text;
  sub_total: Text;
  descuento: Text;
  total: Text;
  rfc_pac: Text;
  /** False for a CFDI 3.2 (or older): kept byte for byte, its content not read. */
  indexed: boolean;
  third_parties: { rfc: string; nombre: Text }[];
  sat_status: 'active' | 'cancelled' | 'unknown';
  cancelled_at: Text;
  has_xml: boolean;
  created_at: string;
}

export interface TaxLine {
  base: Text;
  impuesto: Text;
  tipo_factor: Text;
  tasa_o_cuota: Text;
  importe: Text;
}

interface Taxes {
  traslados: TaxLine[];
  retenciones: TaxLine[];
}

interface Concepto {
  clave_prod_serv: Text;
  cantidad: Text;
  clave_unidad: Text;
  descripcion: Text;
  valor_unitario: Text;
  importe: Text;
  descuento: Text;
  objeto_imp: Text;
  impuestos: Taxes;
}

interface Pago {
  fecha_pago: Text;
  forma_de_pago_p: Text;
  moneda_p: Text;
  monto: Text;
  documentos_relacionados: {
    id_documento: Text;
    serie: Text;
    folio: Text;
    num_parcialidad: Text;
    imp_saldo_ant: Text;
    imp_pagado: Text;
    imp_saldo_insoluto: Text;
  }[];
}

export interface CfdiDetails {
  emisor: { regimen_fiscal: Text };
  receptor: { uso_cfdi: Text; regimen_fiscal: Text; domicilio_fiscal: Text };
  metodo_pago: Text;
  forma_pago: Text;
  condiciones_de_pago: Text;
  tipo_cambio: Text;
  lugar_expedicion: Text;
  exportacion: Text;
  conceptos: Concepto[];
  impuestos: (Taxes & { total_impuestos_trasladados: Text; total_impuestos_retenidos: Text }) | null;
  cfdi_relacionados: { tipo_relacion: Text; uuids: string[] }[];
  pagos: Pago[] | null;
  complementos: string[];
}

export type CfdiWithDetails = Cfdi & { details: CfdiDetails | null };

/**
 * The CFDI's Fecha is wall time in Mexico City without an offset: shown as written, not converted
 * to another zone, in the same style as every other date of the dashboard ("14 jul 2026, 10:30").
 */
export function wallTime(value: Text): string {
  if (!value) return '—';
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) ? formatWallTime(value) : value.replace('T', ' ');
}

export const IMPUESTOS: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };
