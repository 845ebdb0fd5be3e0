/**
 * Filling the CFDI store (docs/guides/cfdis.md): downloaded documents and metadata rows, one row
 * per organization, mode and UUID, and the third parties both name. Each batch of documents is
 * parsed once, on the worker pool (split across the threads its organization may use), into the
 * rows the store inserts: the index fields, the content a read shows and the third parties are
 * written with it, so no read parses the XML again, and the main thread only passes each part's
 * rows, one buffer, to the database.
 */
import { instantOf, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import { localText, parsedFields } from './document-row.ts';
import type { Mode, Services } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { newId } from '../../platform/ids.ts';
import type { MetadataRecord, ThirdPartyRecord } from '../../providers/sat/descarga/index.ts';
import type { detailsTask, rowsTask } from './read-task.ts';
import { defineTask } from '../../platform/workers/task.ts';
import { emitEvents } from '../events/index.ts';
import { rowsOfUuids, type SatStatus } from './repository.ts';
import { renderCfdi } from './serialize.ts';
import { noteBulkWrite } from '../../platform/db/statistics.ts';
import {
  completeDetails,
  insertThirdParties,
  upsertDocuments,
  upsertMetadata,
  type BatchScope,
  type MetadataRow,
  type ThirdPartyRow,
} from './store-repository.ts';

const ROWS_TASK = defineTask<typeof rowsTask>('cfdis.rows');
const DETAILS_TASK = defineTask<typeof detailsTask>('cfdis.details');

// Rows per statement, under PostgreSQL's 65,535 parameters (13 a metadata row, 3 a third party).
// A larger batch is written in several statements; the downloads send 2,000. Documents are one
// parameter per part of the batch (one part per thread the organization may use).
const METADATA_PER_STATEMENT = 4_500;
const THIRD_PARTIES_PER_STATEMENT = 20_000;

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

export interface StoredMetadata {
  inserted: number;
  /** Rows whose SAT status or cancellation date changed. */
  updated: number;
  /** UUIDs that were held as not cancelled and now are. */
  cancelledNow: string[];
}

function slices<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let at = 0; at < items.length; at += size) result.push(items.slice(at, at + size));
  return result;
}

function scopeOf(source: CfdiSource, now: Date): BatchScope {
  return {
    organizationId: source.organizationId,
    mode: source.mode,
    fiscalProfileId: source.fiscalProfileId,
    side: source.side,
    downloadId: source.downloadId,
    sourceRequest: source.sourceRequest,
    now,
  };
}

async function writeThirdParties(services: Services, source: CfdiSource, now: Date, rows: Map<string, ThirdPartyRow>): Promise<void> {
  const scope = { organizationId: source.organizationId, mode: source.mode, now };
  for (const statement of slices([...rows.values()], THIRD_PARTIES_PER_STATEMENT)) await insertThirdParties(services.db, scope, statement);
}

/**
 * Parses a batch of XML documents on the worker pool into rows and stores them, one statement per
 * part of the batch (one part per thread the organization may use), with their content and their
 * Conceptos' third parties. A UUID already held with its XML is left as it is (a duplicate); a
 * metadata-only row gains its XML, content and parsed fields and keeps its SAT status. A document
 * that is not UTF-8, not a CFDI, or has no TimbreFiscalDigital UUID is counted in `unreadable`
 * with the reason; only infrastructure failures (database, worker pool) throw. A CFDI 3.2 (or
 * older) is stored with its index fields and no content.
 */
export async function storeCfdiDocuments(services: Services, source: CfdiSource, documents: { name: string; xml: Uint8Array }[]): Promise<StoredDocuments> {
  // As many parts as the organization may have running on the pool at once.
  const perThread = Math.ceil(documents.length / Math.max(1, Math.min(services.config.workerThreads, services.config.workerThreadsPerOrganization)));
  const now = services.clock.now();
  const parts = await Promise.all(
    slices(documents, Math.max(1, perThread)).map((part) =>
      services.workers.run(ROWS_TASK, { documents: part, at: now.getTime() }, { tenant: source.organizationId }),
    ),
  );
  const scope = { ...scopeOf(source, now), satStatus: source.statusHint ?? 'unknown' } as const;
  const thirdParties = new Map<string, ThirdPartyRow>();
  const stored = new Set<string>();
  const unreadable: StoredDocuments['unreadable'] = [];
  let read = 0;
  let inserted = 0;
  let written = 0;
  // In order: the first copy of a UUID in the batch is the one stored; a later one (in a later
  // part, or later in its part) counts as a duplicate, and so do its third parties.
  for (const part of parts) {
    read += part.read;
    unreadable.push(...part.unreadable);
    const earlier = part.uuids.filter((uuid) => stored.has(uuid));
    for (const party of part.thirdParties) if (!earlier.includes(party.uuid)) thirdParties.set(`${party.uuid}|${party.rfc}`, party);
    for (const uuid of part.uuids) stored.add(uuid);
    if (part.uuids.length === 0) continue;
    const result = await upsertDocuments(services.db, scope, part.rows);
    written += result.length;
    inserted += result.filter((row) => row.inserted).length;
  }
  await writeThirdParties(services, source, now, thirdParties);
  await noteBulkWrite(services.database, 'cfdis', inserted);
  return { inserted, completed: written - inserted, duplicates: read - written, unreadable };
}

const STATUS: Readonly<Record<string, SatStatus>> = { 1: 'active', 0: 'cancelled' };
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

function metadataRow(id: string, uuid: string, record: MetadataRecord): MetadataRow {
  const cancelledAt = localText(record.fechaCancelacion);
  const cancelledInstant = cancelledAt ? instantOf(cancelledAt, MEXICO_CITY_TIME_ZONE) : null;
  return {
    id,
    uuid,
    tipo_de_comprobante: record.efectoComprobante.trim() || null,
    fecha: localText(record.fechaEmision),
    fecha_timbrado: localText(record.fechaCertificacionSat),
    emisor_rfc: record.rfcEmisor.trim().toUpperCase() || null,
    emisor_nombre: record.nombreEmisor || null,
    receptor_rfc: record.rfcReceptor.trim().toUpperCase() || null,
    receptor_nombre: record.nombreReceptor || null,
    total: record.monto.trim() || null,
    rfc_pac: record.rfcPac.trim() || null,
    sat_status: STATUS[record.estatus.trim()] ?? 'unknown',
    cancelled_at: cancelledInstant && !Number.isNaN(cancelledInstant.getTime()) ? cancelledInstant.toISOString() : null,
  };
}

/**
 * Stores the SAT's metadata rows in one statement (per 4,500): new UUIDs become rows without XML;
 * rows held take the SAT's status and cancellation date, and `cancelledNow` names those that were
 * held as not cancelled and now are (once, even across concurrent runs), each a `cfdi.cancelled`
 * event written with the change. Rows without a UUID are skipped.
 */
export async function storeMetadataRecords(services: Services, source: CfdiSource, records: MetadataRecord[]): Promise<StoredMetadata> {
  const now = services.clock.now();
  const rows = new Map<string, MetadataRow>();
  for (const record of records) {
    const uuid = record.uuid.trim().toUpperCase();
    // A row without a UUID names nothing the store could hold; a UUID twice in a batch is stored once.
    if (UUID.test(uuid) && !rows.has(uuid)) rows.set(uuid, metadataRow(newId('cfdi', now.getTime()), uuid, record));
  }
  const result: StoredMetadata = { inserted: 0, updated: 0, cancelledNow: [] };
  for (const statement of slices([...rows.values()], METADATA_PER_STATEMENT)) {
    // The status change and its cfdi.cancelled events commit together (or neither does).
    await services.db.transaction().execute(async (trx) => {
      const cancelledNow: string[] = [];
      for (const row of await upsertMetadata(trx, scopeOf(source, now), statement)) {
        if (row.inserted) result.inserted += 1;
        else result.updated += 1;
        if (!row.inserted && row.was !== 'cancelled' && rows.get(row.uuid)?.sat_status === 'cancelled') cancelledNow.push(row.uuid);
      }
      await cancelledEvents(services, trx, source, cancelledNow);
      result.cancelledNow.push(...cancelledNow);
    });
  }
  await noteBulkWrite(services.database, 'cfdis', result.inserted);
  return result;
}

/**
 * Reads, once, the content of a row stored before the store kept it (its first `GET`), on the
 * worker pool, and stores it with the parsed fields and the XML's third parties, as ingest now
 * would have. Returns the content as JSON text.
 */
export async function completeStoredDetails(services: Services, row: { id: string; organizationId: string; mode: Mode }, xml: string): Promise<string> {
  const read = await services.workers.run(DETAILS_TASK, { xml }, { tenant: row.organizationId });
  const now = services.clock.now();
  await completeDetails(
    services.db,
    { organizationId: row.organizationId, mode: row.mode, id: row.id, now },
    { ...parsedFields(read.index), details: read.details },
  );
  const uuid = read.index.uuid;
  await insertThirdParties(
    services.db,
    { organizationId: row.organizationId, mode: row.mode, now },
    read.thirdParties.map((party) => ({ uuid, ...party })),
  );
  return read.details;
}

/**
 * Stores the third parties of a metadata package's `_tercero.txt` (RfcACuentaTerceros and
 * NombreACuentaTerceros per UUID). They are kept by UUID, whether the package's rows for those
 * UUIDs came before, come after or are held already; a UUID several rows name gets each RFC once.
 * Rows without a UUID or an RFC are skipped. Returns how many were new or already held.
 */
export async function storeThirdParties(services: Services, source: CfdiSource, records: ThirdPartyRecord[]): Promise<number> {
  const rows = new Map<string, ThirdPartyRow>();
  for (const record of records) {
    const uuid = record.uuid.trim().toUpperCase();
    const rfc = record.rfcACuentaTerceros.trim().toUpperCase();
    if (UUID.test(uuid) && rfc !== '' && !rows.has(`${uuid}|${rfc}`)) {
      rows.set(`${uuid}|${rfc}`, { uuid, rfc, nombre: record.nombreACuentaTerceros.trim() || null });
    }
  }
  await writeThirdParties(services, source, services.clock.now(), rows);
  return rows.size;
}

/**
 * `cfdi.cancelled` for each CFDI the store held as not cancelled that the SAT's metadata now says
 * is: a row first stored as cancelled is no change, so a backfill emits none.
 */
async function cancelledEvents(services: Services, db: Db, source: CfdiSource, uuids: string[]): Promise<void> {
  if (uuids.length === 0) return;
  const held = await rowsOfUuids(db, source.organizationId, source.mode, uuids);
  await emitEvents(
    db,
    held.map((row) => ({
      organizationId: source.organizationId,
      mode: source.mode,
      type: 'cfdi.cancelled' as const,
      object: renderCfdi(row, services.config.baseUrl),
    })),
    services,
  );
}
