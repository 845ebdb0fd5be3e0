/**
 * Filling the CFDI store (docs/guides/cfdis.md): downloaded documents and metadata rows, one row
 * per organization, mode and UUID. Each batch is parsed on the worker pool (split across its
 * threads) and written in one statement.
 */
import { instantOf, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import type { Mode, Services } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import type { MetadataRecord } from '../../providers/sat/descarga/index.ts';
import type { IndexedDocument, IndexTaskInput } from './read-task.ts';
import { statusesOf, upsertDocuments, upsertMetadata, type NewCfdi, type SatStatus } from './repository.ts';

export const READ_TASK = new URL('./read-task.ts', import.meta.url);

/** Where stored CFDIs come from: a profile's download of one side, with the status its request implies. */
export interface CfdiSource {
  organizationId: string;
  mode: Mode;
  fiscalProfileId: string;
  side: 'issued' | 'received';
  /** The download that asked for it; null for synchronization's requests. */
  downloadId: string | null;
  /** The SAT request tree (root id) whose package brought it. */
  sourceRequest: string | null;
  /** The SAT status the request implies (received XML is served only while active); otherwise a new row's status is unknown until metadata says. */
  statusHint?: 'active' | 'cancelled';
}

export interface StoredDocuments {
  /** New UUIDs. */
  inserted: number;
  /** Metadata-only rows that gained their XML. */
  completed: number;
  /** Already held with XML (or twice in the batch). */
  duplicates: number;
  unreadable: { name: string; reason: string }[];
}

function slices<T>(items: T[], parts: number): T[][] {
  const size = Math.ceil(items.length / Math.max(1, parts));
  const result: T[][] = [];
  for (let at = 0; at < items.length; at += size) result.push(items.slice(at, at + size));
  return result;
}

/** `YYYY-MM-DD HH:mm:ss` (metadata) or `YYYY-MM-DDTHH:mm:ss` → the latter; '' → null. */
function localText(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.trim().replace(' ', 'T').slice(0, 19);
}

export async function storeCfdiDocuments(services: Services, source: CfdiSource, documents: { name: string; xml: Uint8Array }[]): Promise<StoredDocuments> {
  const parts = slices(documents, services.config.workerThreads);
  const read = (await Promise.all(parts.map((part) => services.workers.run<IndexTaskInput, IndexedDocument[]>(READ_TASK, { kind: 'index', documents: part })))).flat();
  const now = services.clock.now();
  const rows = new Map<string, NewCfdi>();
  const unreadable: StoredDocuments['unreadable'] = [];
  for (const document of read) {
    if ('unreadable' in document) {
      unreadable.push({ name: document.name, reason: document.unreadable });
      continue;
    }
    const { index } = document;
    rows.set(index.uuid, {
      id: newId('cfdi', now.getTime()),
      organization_id: source.organizationId,
      mode: source.mode,
      uuid: index.uuid,
      fiscal_profile_id: source.fiscalProfileId,
      side: source.side,
      version: index.version,
      serie: index.serie,
      folio: index.folio,
      tipo_de_comprobante: index.tipoDeComprobante,
      fecha: localText(index.fecha),
      fecha_timbrado: localText(index.fechaTimbrado),
      emisor_rfc: index.emisorRfc,
      emisor_nombre: index.emisorNombre,
      receptor_rfc: index.receptorRfc,
      receptor_nombre: index.receptorNombre,
      moneda: index.moneda,
      sub_total: index.subTotal,
      descuento: index.descuento,
      total: index.total,
      rfc_pac: index.rfcPac,
      sat_status: source.statusHint ?? 'unknown',
      cancelled_at: null,
      xml: document.xml,
      xml_sha256: document.sha256,
      download_id: source.downloadId,
      source_request: source.sourceRequest,
      created_at: now,
      updated_at: now,
    });
  }
  const written = await upsertDocuments(services.db, [...rows.values()]);
  const inserted = written.filter((row) => row.inserted).length;
  return { inserted, completed: written.length - inserted, duplicates: read.length - unreadable.length - written.length, unreadable };
}

const STATUS: Readonly<Record<string, SatStatus>> = { 1: 'active', 0: 'cancelled' };

export interface StoredMetadata {
  inserted: number;
  /** Rows whose SAT status or cancellation date changed. */
  updated: number;
  /** UUIDs that were held as not cancelled and now are. */
  cancelledNow: string[];
}

export async function storeMetadataRecords(services: Services, source: CfdiSource, records: MetadataRecord[]): Promise<StoredMetadata> {
  const now = services.clock.now();
  const rows = new Map<string, NewCfdi>();
  for (const record of records) {
    const uuid = record.uuid.trim().toUpperCase();
    if (!/^[0-9A-F-]{36}$/.test(uuid)) continue;
    const cancelledAt = localText(record.fechaCancelacion);
    rows.set(uuid, {
      id: newId('cfdi', now.getTime()),
      organization_id: source.organizationId,
      mode: source.mode,
      uuid,
      fiscal_profile_id: source.fiscalProfileId,
      side: source.side,
      version: null,
      serie: null,
      folio: null,
      tipo_de_comprobante: record.efectoComprobante || null,
      fecha: localText(record.fechaEmision),
      fecha_timbrado: localText(record.fechaCertificacionSat),
      emisor_rfc: record.rfcEmisor.toUpperCase() || null,
      emisor_nombre: record.nombreEmisor || null,
      receptor_rfc: record.rfcReceptor.toUpperCase() || null,
      receptor_nombre: record.nombreReceptor || null,
      moneda: null,
      sub_total: null,
      descuento: null,
      total: record.monto || null,
      rfc_pac: record.rfcPac || null,
      sat_status: STATUS[record.estatus.trim()] ?? 'unknown',
      cancelled_at: cancelledAt ? instantOf(cancelledAt, MEXICO_CITY_TIME_ZONE) : null,
      xml: null,
      xml_sha256: null,
      download_id: source.downloadId,
      source_request: source.sourceRequest,
      created_at: now,
      updated_at: now,
    });
  }
  const scope = { organizationId: source.organizationId, mode: source.mode };
  const before = await statusesOf(services.db, scope, [...rows.keys()]);
  const written = await upsertMetadata(services.db, [...rows.values()]);
  const inserted = written.filter((row) => row.inserted).length;
  const cancelledNow = written
    .filter((row) => !row.inserted && rows.get(row.uuid)?.sat_status === 'cancelled' && before.get(row.uuid) !== 'cancelled')
    .map((row) => row.uuid);
  return { inserted, updated: written.length - inserted, cancelledNow };
}
