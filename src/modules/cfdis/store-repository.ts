/**
 * The store's writes: a batch of documents or of metadata rows in one statement each. What a
 * batch shares (organization, mode, provenance, time) is a parameter of the statement once, not
 * of every row: for documents 20 parameters a row instead of 30 and no timestamps to parse per
 * row, which makes the statement about a fifth faster on the embedded database
 * (bench/cfdi-store.ts, docs/decisions.md "The CFDI store"). Every column is text, so the VALUES
 * rows need no casts. Documents come as one parameter, their rows as JSON built on the worker pool
 * (read-task.ts), so the main thread holds no value per column (docs/decisions.md, "Memory"). Also
 * the store's other writes: the content of a row stored before it was kept, and third parties.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { CfdiTable, SatStatus } from './repository.ts';

/** What every row of a batch shares: where it came from and when. */
export interface BatchScope {
  organizationId: string;
  mode: Mode;
  fiscalProfileId: string;
  side: 'issued' | 'received';
  downloadId: string | null;
  sourceRequest: string | null;
  now: Date;
}

/** The index fields a document's XML gives (and metadata may give first). */
const PARSED_COLUMNS = [
  'version',
  'serie',
  'folio',
  'tipo_de_comprobante',
  'fecha',
  'fecha_timbrado',
  'emisor_rfc',
  'emisor_nombre',
  'receptor_rfc',
  'receptor_nombre',
  'moneda',
  'sub_total',
  'descuento',
  'total',
  'rfc_pac',
] as const satisfies readonly (keyof CfdiTable)[];
type ParsedFields = { [column in (typeof PARSED_COLUMNS)[number]]: string | null };

/** A document's own columns, parsed from its XML; `details` is its content (JSON). */
const DOCUMENT_COLUMNS = [
  'id',
  'uuid',
  'version',
  'serie',
  'folio',
  'tipo_de_comprobante',
  'fecha',
  'fecha_timbrado',
  'emisor_rfc',
  'emisor_nombre',
  'receptor_rfc',
  'receptor_nombre',
  'moneda',
  'sub_total',
  'descuento',
  'total',
  'rfc_pac',
  'xml',
  'xml_sha256',
  'details',
] as const satisfies readonly (keyof CfdiTable)[];
/** A document's row as the batch given to upsertDocuments holds it: `details` is the content as a JSON value (null for a version the store does not read). */
export type DocumentRow = { [column in Exclude<(typeof DOCUMENT_COLUMNS)[number], 'details'>]: string | null } & {
  id: string;
  uuid: string;
  xml: string;
  details: unknown;
};

/** A metadata row's own columns; `cancelled_at` as an ISO instant. */
const METADATA_COLUMNS = [
  'id',
  'uuid',
  'tipo_de_comprobante',
  'fecha',
  'fecha_timbrado',
  'emisor_rfc',
  'emisor_nombre',
  'receptor_rfc',
  'receptor_nombre',
  'total',
  'rfc_pac',
  'sat_status',
  'cancelled_at',
] as const satisfies readonly (keyof CfdiTable)[];
export type MetadataRow = { [column in (typeof METADATA_COLUMNS)[number]]: string | null } & { id: string; uuid: string; sat_status: SatStatus };

// What a metadata-only row takes from its XML (id, uuid and provenance stay the first's): the
// XML and its content, and each parsed field the XML carries (a field it lacks, such as the PAC
// of a CFDI 3.2's timbre, keeps what metadata said).
const COMPLETED = sql.join([
  ...PARSED_COLUMNS.map((column) => sql`${sql.ref(column)} = coalesce(excluded.${sql.ref(column)}, cfdis.${sql.ref(column)})`),
  sql`xml = excluded.xml, xml_sha256 = excluded.xml_sha256, details = excluded.details`,
]);
// The batch's columns: every one text but the content, json (its text exactly as the batch
// carries it); a content of JSON null (a version the store does not read) is stored as the json
// value null, which says it was read, not as SQL NULL, which says it was not (completeDetails).
const DOCUMENT_RECORD = sql.join(DOCUMENT_COLUMNS.map((column) => sql`${sql.ref(column)} ${sql.raw(column === 'details' ? 'json' : 'text')}`));
const DOCUMENT_VALUES = sql.join(
  DOCUMENT_COLUMNS.map((column) => (column === 'details' ? sql`coalesce(document.details, 'null'::json)` : sql`document.${sql.ref(column)}`)),
);

function valuesOf<C extends string>(columns: readonly C[], rows: readonly { [column in C]: string | null }[]): RawBuilder<unknown> {
  return sql.join(rows.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`));
}

const names = (columns: readonly string[]) => sql.join(columns.map((column) => sql.ref(column)));

/**
 * Inserts a batch of documents in one statement, given as one parameter: a JSON array of
 * DocumentRow in UTF-8 (read-task.ts builds it on the worker pool; PostgreSQL reads it with
 * json_to_recordset), each UUID at most once. A UUID already held with its XML is left as it is;
 * a metadata-only row gains the XML and the parsed fields and keeps the SAT's status (unless it
 * had none). Returns the UUIDs written and whether each was new.
 */
export async function upsertDocuments(db: Db, scope: BatchScope & { satStatus: SatStatus }, rows: Uint8Array): Promise<{ uuid: string; inserted: boolean }[]> {
  const result = await sql<{ uuid: string; inserted: boolean }>`
    INSERT INTO cfdis (${names(DOCUMENT_COLUMNS)}, organization_id, mode, fiscal_profile_id, side, sat_status, download_id, source_request, created_at, updated_at)
    SELECT ${DOCUMENT_VALUES}, ${scope.organizationId}, ${scope.mode}, ${scope.fiscalProfileId}, ${scope.side}, ${scope.satStatus},
      ${scope.downloadId}::text, ${scope.sourceRequest}::text, ${scope.now}::timestamptz, ${scope.now}::timestamptz
    FROM json_to_recordset(${rows}::text::json) AS document (${DOCUMENT_RECORD})
    ON CONFLICT (organization_id, mode, uuid) DO UPDATE SET ${COMPLETED},
      sat_status = CASE WHEN cfdis.sat_status = 'unknown' THEN excluded.sat_status ELSE cfdis.sat_status END,
      updated_at = excluded.updated_at
    WHERE cfdis.xml IS NULL
    RETURNING uuid, (xmax = 0) AS inserted`.execute(db);
  return result.rows;
}

/**
 * Inserts metadata rows in one statement; a UUID already held takes the SAT's status and
 * cancellation date from them (metadata is the SAT's word on status) and keeps everything else.
 * Returns the rows written (new ones, and held ones whose status or date changed) with the status
 * each held before, read under a row lock in the same statement: of two runs bringing the same
 * cancellation at once, only the first sees a change.
 */
export async function upsertMetadata(db: Db, scope: BatchScope, rows: MetadataRow[]): Promise<{ uuid: string; inserted: boolean; was: SatStatus | null }[]> {
  if (rows.length === 0) return [];
  const own = METADATA_COLUMNS.filter((column) => column !== 'cancelled_at');
  // The rows held are found by joining the batch (one index probe a row, whatever the plan), not
  // by an array parameter: once PostgreSQL switches a prepared statement to its generic plan it
  // cannot see the array's size and scanned the organization's rows.
  const result = await sql<{ uuid: string; inserted: boolean; was: SatStatus | null }>`
    WITH record (${names(METADATA_COLUMNS)}) AS (VALUES ${valuesOf(METADATA_COLUMNS, rows)}),
    held AS (
      SELECT cfdis.uuid, cfdis.sat_status FROM cfdis JOIN record ON record.uuid = cfdis.uuid
      WHERE cfdis.organization_id = ${scope.organizationId} AND cfdis.mode = ${scope.mode}
      FOR UPDATE OF cfdis
    ), written AS (
      INSERT INTO cfdis (${names(METADATA_COLUMNS)}, organization_id, mode, fiscal_profile_id, side, download_id, source_request, created_at, updated_at)
      SELECT ${sql.join(own.map((column) => sql`record.${sql.ref(column)}`))}, record.cancelled_at::timestamptz,
        ${scope.organizationId}, ${scope.mode}, ${scope.fiscalProfileId}, ${scope.side},
        ${scope.downloadId}::text, ${scope.sourceRequest}::text, ${scope.now}::timestamptz, ${scope.now}::timestamptz
      FROM record
      ON CONFLICT (organization_id, mode, uuid) DO UPDATE SET
        sat_status = excluded.sat_status, cancelled_at = excluded.cancelled_at, updated_at = excluded.updated_at
      -- A status the store cannot read (neither 1 nor 0) never overwrites one it could.
      WHERE excluded.sat_status <> 'unknown'
        AND (cfdis.sat_status, cfdis.cancelled_at) IS DISTINCT FROM (excluded.sat_status, excluded.cancelled_at)
      RETURNING uuid, (xmax = 0) AS inserted
    )
    SELECT written.uuid, written.inserted, held.sat_status AS was FROM written LEFT JOIN held ON held.uuid = written.uuid`.execute(db);
  return result.rows;
}

/**
 * Stores the content (and the parsed fields) of a row stored before the store kept it, read once
 * on its first `GET`. A field the XML lacks keeps what the row held; a row another read completed
 * meanwhile is left as it is.
 */
export async function completeDetails(
  db: Db,
  scope: { organizationId: string; mode: Mode; id: string; now: Date },
  read: ParsedFields & { details: string },
): Promise<void> {
  const fields = sql.join(PARSED_COLUMNS.map((column) => sql`${sql.ref(column)} = coalesce(${read[column]}::text, ${sql.ref(column)})`));
  await sql`
    UPDATE cfdis SET ${fields}, details = ${read.details}::json, updated_at = ${scope.now}::timestamptz
    WHERE organization_id = ${scope.organizationId} AND mode = ${scope.mode} AND id = ${scope.id} AND details IS NULL`.execute(db);
}

/** A third party of one CFDI, from metadata's `_tercero.txt` or from the XML. */
export interface ThirdPartyRow {
  uuid: string;
  rfc: string;
  nombre: string | null;
}

const THIRD_PARTY_COLUMNS = ['uuid', 'rfc', 'nombre'] as const;

/** Stores third parties in one statement; one already held (same UUID and RFC) is left as it is. */
export async function insertThirdParties(db: Db, scope: { organizationId: string; mode: Mode; now: Date }, rows: ThirdPartyRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO cfdi_third_parties (uuid, rfc, nombre, organization_id, mode, created_at)
    SELECT party.*, ${scope.organizationId}, ${scope.mode}, ${scope.now}::timestamptz
    FROM (VALUES ${valuesOf(THIRD_PARTY_COLUMNS, rows)}) AS party (${names(THIRD_PARTY_COLUMNS)})
    ON CONFLICT DO NOTHING`.execute(db);
}
