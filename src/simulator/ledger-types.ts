/**
 * The ledger's data: the shapes other parts of the simulator read and write, and their mapping
 * to the sim_cfdis rows.
 */
import type { Selectable } from 'kysely';
import type { SimCfdisTable } from './schema.ts';

type CfdiStatus = 'Vigente' | 'Cancelado';

/** EstatusCancelacion as the SAT's ConsultaCFDIService words it. */
export type CancellationStatus = 'En proceso' | 'Cancelado sin aceptación' | 'Cancelado con aceptación' | 'Plazo vencido' | 'Solicitud rechazada';

export interface LedgerCancellation {
  motivo: string;
  folioSustitucion: string | null;
  requestedAt: Date;
  /** When the receptor's 72 business hours end (null when no acceptance is needed). */
  deadlineAt: Date | null;
  status: CancellationStatus;
  resolvedAt: Date | null;
  /** The signed acuse XML, once the SAT answered. */
  acuse: string | null;
}

export interface LedgerCfdi {
  uuid: string;
  emisorRfc: string;
  emisorNombre: string;
  receptorRfc: string;
  receptorNombre: string;
  /** TipoDeComprobante: I, E, T, N or P. */
  tipo: string;
  /** Total as a decimal string. */
  total: string;
  /** Comprobante Fecha as written (local time, `YYYY-MM-DDTHH:mm:ss`). */
  fecha: string;
  fechaTimbrado: Date;
  rfcProvCertif: string;
  /** SHA-256 hex of the issuer's Sello (duplicate detection). */
  selloHash: string;
  /** The stamped XML. */
  xml: string;
  status: CfdiStatus;
  source: 'pac' | 'generated';
  cancelledAt: Date | null;
  cancellation: LedgerCancellation | null;
}

/** A CFDI this one refers to: CfdiRelacionados (kind = TipoRelacion) or a Pagos DoctoRelacionado ('pago'). */
export interface LedgerRelation {
  uuid: string;
  kind: string;
}

export type NewLedgerCfdi = Omit<LedgerCfdi, 'status' | 'source' | 'cancelledAt' | 'cancellation'> & {
  status?: CfdiStatus;
  source?: 'pac' | 'generated';
  /** For generated history that is already cancelled. */
  cancelledAt?: Date | null;
  relations?: readonly LedgerRelation[];
};

export interface LedgerFilter {
  emisorRfc?: string;
  receptorRfc?: string;
  /** Inclusive bounds on Fecha, compared as `YYYY-MM-DDTHH:mm:ss` text. */
  fechaFrom?: string;
  fechaTo?: string;
  status?: CfdiStatus;
  tipo?: string;
  source?: 'pac' | 'generated';
}

export interface LedgerPage {
  limit: number;
  /** Keyset cursor: the (fecha, uuid) of the last row of the previous page. */
  after?: { fecha: string; uuid: string };
}

export interface Taxpayer {
  rfc: string;
  name: string;
  regimenFiscal: string;
  postalCode: string;
  inLco: boolean;
  efos: string;
}

export interface SignedManifest {
  rfc: string;
  email: string;
  fielNoCertificado: string;
  privacyXml: string;
  contractXml: string;
  signedAt: Date;
}

type CfdiRow = Selectable<SimCfdisTable>;

export function fromRow(row: CfdiRow): LedgerCfdi {
  const cancellation: LedgerCancellation | null =
    row.cancel_status === null || row.cancel_requested_at === null
      ? null
      : {
          motivo: row.cancel_motivo ?? '',
          folioSustitucion: row.cancel_folio_sustitucion,
          requestedAt: row.cancel_requested_at,
          deadlineAt: row.cancel_deadline_at,
          status: row.cancel_status as CancellationStatus,
          resolvedAt: row.cancel_resolved_at,
          acuse: row.cancel_acuse,
        };
  return {
    uuid: row.uuid,
    emisorRfc: row.emisor_rfc,
    emisorNombre: row.emisor_nombre,
    receptorRfc: row.receptor_rfc,
    receptorNombre: row.receptor_nombre,
    tipo: row.tipo,
    total: String(row.total),
    fecha: row.fecha,
    fechaTimbrado: row.fecha_timbrado,
    rfcProvCertif: row.rfc_prov_certif,
    selloHash: row.sello_hash,
    xml: row.xml,
    status: row.status,
    source: row.source,
    cancelledAt: row.cancelled_at,
    cancellation,
  };
}

export function toRow(cfdi: NewLedgerCfdi) {
  return {
    uuid: cfdi.uuid.toUpperCase(),
    emisor_rfc: cfdi.emisorRfc,
    emisor_nombre: cfdi.emisorNombre,
    receptor_rfc: cfdi.receptorRfc,
    receptor_nombre: cfdi.receptorNombre,
    tipo: cfdi.tipo,
    total: cfdi.total,
    fecha: cfdi.fecha,
    fecha_timbrado: cfdi.fechaTimbrado,
    rfc_prov_certif: cfdi.rfcProvCertif,
    sello_hash: cfdi.selloHash,
    xml: cfdi.xml,
    status: cfdi.status ?? 'Vigente',
    source: cfdi.source ?? 'pac',
    cancelled_at: cfdi.cancelledAt ?? null,
    cancel_motivo: null,
    cancel_folio_sustitucion: null,
    cancel_requested_at: null,
    cancel_deadline_at: null,
    cancel_status: null,
    cancel_resolved_at: null,
    cancel_acuse: null,
  };
}
