import { sql, type Selectable } from 'kysely';
import type { CfdiDetails, ThirdParty } from '../../cfdi/overview.ts';
import type { Mode } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';

export type SatStatus = 'active' | 'cancelled' | 'unknown';

export interface CfdiTable {
  id: string;
  organization_id: string;
  mode: Mode;
  uuid: string;
  fiscal_profile_id: string;
  side: 'issued' | 'received';
  version: string | null;
  serie: string | null;
  folio: string | null;
  tipo_de_comprobante: string | null;
  fecha: string | null;
  fecha_timbrado: string | null;
  emisor_rfc: string | null;
  emisor_nombre: string | null;
  receptor_rfc: string | null;
  receptor_nombre: string | null;
  moneda: string | null;
  sub_total: string | null;
  descuento: string | null;
  total: string | null;
  rfc_pac: string | null;
  sat_status: SatStatus;
  cancelled_at: Date | null;
  xml: string | null;
  xml_sha256: string | null;
  /** The content as json, written when the XML arrives (migration 0016); null until then. */
  details: CfdiDetails | null;
  download_id: string | null;
  source_request: string | null;
  created_at: Date;
  updated_at: Date;
}

interface CfdiThirdPartyTable {
  organization_id: string;
  mode: Mode;
  uuid: string;
  rfc: string;
  nombre: string | null;
  created_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    cfdis: CfdiTable;
    cfdi_third_parties: CfdiThirdPartyTable;
  }
}

type CfdiRow = Selectable<CfdiTable>;
/** A listed row: everything but the XML and the content, plus whether there is XML and the third parties. */
export type CfdiListRow = Omit<CfdiRow, 'xml' | 'details'> & { has_xml: boolean; third_parties: ThirdParty[] };

const LIST_COLUMNS = [
  'id',
  'organization_id',
  'mode',
  'uuid',
  'fiscal_profile_id',
  'side',
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
  'sat_status',
  'cancelled_at',
  'xml_sha256',
  'download_id',
  'source_request',
  'created_at',
  'updated_at',
] as const;

export interface CfdiFilters {
  side?: 'issued' | 'received' | undefined;
  fiscalProfileId?: string | undefined;
  downloadId?: string | undefined;
  counterparty?: string | undefined;
  emisor?: string | undefined;
  receptor?: string | undefined;
  tipoDeComprobante?: string | undefined;
  status?: SatStatus | undefined;
  hasXml?: boolean | undefined;
  uuid?: string | undefined;
  fechaFrom?: string | undefined;
  fechaThrough?: string | undefined;
  thirdPartyRfc?: string | undefined;
  /** Words, each matched as the prefix of a word of the parties' RFCs and names, the UUID, the serie or the folio. */
  search?: string | undefined;
}

const HAS_XML = sql<boolean>`(xml IS NOT NULL)`.as('has_xml');
// One probe of the third parties' primary key a row, in RFC order; an empty list when none.
const THIRD_PARTIES = sql<ThirdParty[]>`coalesce((
  SELECT json_agg(json_build_object('rfc', party.rfc, 'nombre', party.nombre) ORDER BY party.rfc)
  FROM cfdi_third_parties AS party
  WHERE party.organization_id = cfdis.organization_id AND party.mode = cfdis.mode AND party.uuid = cfdis.uuid
), '[]'::json)`.as('third_parties');
const LISTED = [...LIST_COLUMNS, HAS_XML, THIRD_PARTIES] as const;

export function cfdisQuery(db: Db, organizationId: string, mode: Mode, filters: CfdiFilters = {}) {
  let query = db.selectFrom('cfdis').select(LISTED).where('organization_id', '=', organizationId).where('mode', '=', mode);
  if (filters.side !== undefined) query = query.where('side', '=', filters.side);
  if (filters.fiscalProfileId !== undefined) query = query.where('fiscal_profile_id', '=', filters.fiscalProfileId);
  if (filters.downloadId !== undefined) query = query.where('download_id', '=', filters.downloadId);
  if (filters.counterparty !== undefined) {
    const rfc = filters.counterparty;
    query = query.where((eb) =>
      eb.or([eb.and([eb('side', '=', 'issued'), eb('receptor_rfc', '=', rfc)]), eb.and([eb('side', '=', 'received'), eb('emisor_rfc', '=', rfc)])]),
    );
  }
  if (filters.emisor !== undefined) query = query.where('emisor_rfc', '=', filters.emisor);
  if (filters.receptor !== undefined) query = query.where('receptor_rfc', '=', filters.receptor);
  if (filters.tipoDeComprobante !== undefined) query = query.where('tipo_de_comprobante', '=', filters.tipoDeComprobante);
  if (filters.status !== undefined) query = query.where('sat_status', '=', filters.status);
  if (filters.hasXml !== undefined) query = query.where('xml', filters.hasXml ? 'is not' : 'is', null);
  if (filters.uuid !== undefined) query = query.where('uuid', '=', filters.uuid);
  if (filters.fechaFrom !== undefined) query = query.where('fecha', '>=', filters.fechaFrom);
  if (filters.fechaThrough !== undefined) query = query.where('fecha', '<=', filters.fechaThrough);
  if (filters.thirdPartyRfc !== undefined) {
    const rfc = filters.thirdPartyRfc;
    query = query.where('uuid', 'in', (eb) =>
      eb.selectFrom('cfdi_third_parties').select('uuid').where('organization_id', '=', organizationId).where('mode', '=', mode).where('rfc', '=', rfc),
    );
  }
  if (filters.search !== undefined) query = query.where(sql<boolean>`search @@ cfdi_search_query(${filters.search})`);
  return query;
}

/** What the list is ordered by, besides the id that breaks ties. */
export type CfdiSortKey = 'fecha' | 'total';

// The indexed expressions of migration 0026.
const SORT_EXPRESSIONS = { fecha: sql<string>`coalesce(fecha, '')`, total: sql<string>`total_value` } as const;

/** The sort key of one row of the organization and mode (a cursor's), as text; undefined when no such row. */
export async function sortKeyOf(db: Db, organizationId: string, mode: Mode, id: string, key: CfdiSortKey): Promise<string | undefined> {
  const found = await db
    .selectFrom('cfdis')
    .select(sql<string>`${SORT_EXPRESSIONS[key]}::text`.as('key'))
    .where('organization_id', '=', organizationId)
    .where('mode', '=', mode)
    .where('id', '=', id)
    .executeTakeFirst();
  return found?.key;
}

/**
 * One page of the filtered store ordered by a key then the id, both ascending or both
 * descending, after or before a cursor row's (key, id): read in order from the key's index.
 */
export function sortedCfdisQuery(
  db: Db,
  organizationId: string,
  mode: Mode,
  filters: CfdiFilters,
  page: { key: CfdiSortKey; direction: 'asc' | 'desc'; after?: { key: string; id: string } | undefined; limit: number },
) {
  const expression = SORT_EXPRESSIONS[page.key];
  const cast = page.key === 'total' ? sql`::numeric` : sql``;
  let query = cfdisQuery(db, organizationId, mode, filters);
  // A Fecha range, also written on the sort key (which it implies), bounds the index scan.
  if (page.key === 'fecha' && filters.fechaFrom !== undefined) query = query.where(sql<boolean>`${expression} >= ${filters.fechaFrom}`);
  if (page.key === 'fecha' && filters.fechaThrough !== undefined) query = query.where(sql<boolean>`${expression} <= ${filters.fechaThrough}`);
  if (page.after !== undefined) {
    const operator = sql.raw(page.direction === 'asc' ? '>' : '<');
    query = query.where(sql<boolean>`(${expression}, id) ${operator} (${page.after.key}${cast}, ${page.after.id})`);
  }
  return query.orderBy(expression, page.direction).orderBy('id', page.direction).limit(page.limit);
}

// PGlite's reader drops a leading U+FEFF from every text value (node-postgres keeps it). The
// database holds the BOM, so reads of the XML ask for it and put it back: the bytes served are
// the bytes stored.
const LEADING_BOM = sql<boolean>`starts_with(xml, chr(65279))`.as('bom');

function exactXml(xml: string | null, bom: boolean | null): string | null {
  return xml !== null && bom === true && !xml.startsWith('\uFEFF') ? `\uFEFF${xml}` : xml;
}

/** Stored values up to this size come with the first read of one CFDI; larger ones are read once the request is charged for them. */
export const INLINE_BYTES = 64 * 1024;

/** One CFDI as a read of it starts: the listed row, and what its content or XML would cost to serve. */
export interface CfdiForRead extends CfdiListRow {
  /** The content when it is stored and at most INLINE_BYTES of JSON; null otherwise. */
  details_inline: CfdiDetails | null;
  /** Bytes of the stored content's JSON; null when none is stored. */
  details_bytes: number | null;
  /** The XML is held and its content was never read (a row stored before the store kept it). */
  details_pending: boolean;
  xml_bytes: number | null;
}

const DETAILS_BYTES = sql`octet_length(details::text)`;

/** One CFDI for `GET /v1/cfdis/{uuid}`, in one read: its row, its content when small, and the sizes that decide the rest. */
export async function findCfdiForRead(db: Db, organizationId: string, mode: Mode, uuid: string): Promise<CfdiForRead | undefined> {
  return cfdisQuery(db, organizationId, mode)
    .select([
      sql<CfdiDetails | null>`CASE WHEN ${DETAILS_BYTES} <= ${INLINE_BYTES} THEN details END`.as('details_inline'),
      sql<number | null>`${DETAILS_BYTES}`.as('details_bytes'),
      sql<boolean>`(xml IS NOT NULL AND details IS NULL)`.as('details_pending'),
      sql<number | null>`octet_length(xml)`.as('xml_bytes'),
    ])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
}

/** The stored content of one row (when it was too large to come with the first read). */
export async function findDetails(db: Db, organizationId: string, mode: Mode, id: string): Promise<CfdiDetails | null> {
  const found = await db
    .selectFrom('cfdis')
    .select('details')
    .where('organization_id', '=', organizationId)
    .where('mode', '=', mode)
    .where('id', '=', id)
    .executeTakeFirst();
  return found?.details ?? null;
}

/** One CFDI's XML for `GET /v1/cfdis/{uuid}/xml`: its size, and the XML itself when small. */
export async function findCfdiXmlForRead(
  db: Db,
  organizationId: string,
  mode: Mode,
  uuid: string,
): Promise<{ uuid: string; has_xml: boolean; xml_bytes: number | null; xml: string | null } | undefined> {
  const found = await db
    .selectFrom('cfdis')
    .select([
      'uuid',
      HAS_XML,
      sql<number | null>`octet_length(xml)`.as('xml_bytes'),
      sql<string | null>`CASE WHEN octet_length(xml) <= ${INLINE_BYTES} THEN xml END`.as('xml'),
      LEADING_BOM,
    ])
    .where('organization_id', '=', organizationId)
    .where('mode', '=', mode)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (!found) return undefined;
  const { bom, ...rest } = found;
  return { ...rest, xml: exactXml(rest.xml, bom) };
}

/** The stored XML, byte for byte (null for metadata-only rows). */
export async function findCfdiXml(db: Db, organizationId: string, mode: Mode, uuid: string): Promise<{ uuid: string; xml: string | null } | undefined> {
  const found = await db
    .selectFrom('cfdis')
    .select(['uuid', 'xml', LEADING_BOM])
    .where('organization_id', '=', organizationId)
    .where('mode', '=', mode)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return found && { uuid: found.uuid, xml: exactXml(found.xml, found.bom) };
}

/** How many CFDIs a profile's downloads and synchronization brought. */
export async function countForProfile(db: Db, organizationId: string, mode: Mode, profileId: string): Promise<number> {
  const row = await db
    .selectFrom('cfdis')
    .select(sql<number>`count(*)`.as('count'))
    .where('organization_id', '=', organizationId)
    .where('mode', '=', mode)
    .where('fiscal_profile_id', '=', profileId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The rows of some UUIDs of an organization and mode (events about them). */
export function rowsOfUuids(db: Db, organizationId: string, mode: Mode, uuids: string[]): Promise<CfdiListRow[]> {
  if (uuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('cfdis')
    .select(LISTED)
    .where('organization_id', '=', organizationId)
    .where('mode', '=', mode)
    .where('uuid', 'in', uuids)
    .orderBy('id')
    .execute();
}

/** The CFDIs of one side that this SAT request tree brought first. */
export function broughtBy(db: Db, rootId: string, side: 'issued' | 'received'): Promise<CfdiListRow[]> {
  return db.selectFrom('cfdis').select(LISTED).where('source_request', '=', rootId).where('side', '=', side).orderBy('id').execute();
}

/** What the columns of an export read of a CFDI's stored content (`details`). */
export type CfdiExportDetails = Pick<CfdiDetails, 'metodo_pago' | 'forma_pago' | 'tipo_cambio' | 'impuestos'> & { uso_cfdi: string | null };

/**
 * A row of an export: the listed fields, and either the XML (`read: 'xml'`; null for
 * metadata-only rows) or the part of the stored content the columns need (`read: 'details'`;
 * null when none is stored, and then `xml` is the XML of a row stored before its content was
 * kept, to be read once).
 */
export type CfdiExportRow = CfdiListRow & { xml: string | null; details: CfdiExportDetails | null };

const EXPORT_DETAILS = sql<CfdiExportDetails | null>`CASE WHEN details IS NOT NULL THEN json_build_object(
  'uso_cfdi', details->'receptor'->'uso_cfdi', 'metodo_pago', details->'metodo_pago', 'forma_pago', details->'forma_pago',
  'tipo_cambio', details->'tipo_cambio', 'impuestos', details->'impuestos') END`.as('details');

/**
 * One keyset page of the filtered store, oldest first, after `afterId` (exports read the whole
 * selection this way, never all of it at once).
 */
export async function cfdiExportPage(
  db: Db,
  organizationId: string,
  mode: Mode,
  filters: CfdiFilters,
  page: { afterId: string | null; limit: number; read: 'xml' | 'details' },
): Promise<CfdiExportRow[]> {
  let query = cfdisQuery(db, organizationId, mode, filters);
  if (page.afterId !== null) query = query.where('id', '>', page.afterId);
  query = query.orderBy('id').limit(page.limit);
  if (page.read === 'details') {
    const rows = await query.select([EXPORT_DETAILS, sql<string | null>`CASE WHEN details IS NULL THEN xml END`.as('xml')]).execute();
    return rows.map((row) => ({ ...row, details: typeof row.details === 'string' ? (JSON.parse(row.details) as CfdiExportDetails) : row.details }));
  }
  const rows = await query.select(['xml', LEADING_BOM]).execute();
  return rows.map(({ bom, ...row }) => ({ ...row, xml: exactXml(row.xml, bom), details: null }));
}

/** How many CFDIs the filters select. */
export async function countCfdis(db: Db, organizationId: string, mode: Mode, filters: CfdiFilters): Promise<number> {
  const row = await cfdisQuery(db, organizationId, mode, filters).clearSelect().select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What a report reads of a stored CFDI: its index fields, status and content. */
export type CfdiReportRow = Pick<
  CfdiRow,
  'uuid' | 'side' | 'tipo_de_comprobante' | 'fecha' | 'emisor_rfc' | 'receptor_rfc' | 'moneda' | 'sub_total' | 'descuento' | 'total' | 'sat_status' | 'details'
>;

const REPORT_COLUMNS = [
  'uuid',
  'side',
  'tipo_de_comprobante',
  'fecha',
  'emisor_rfc',
  'receptor_rfc',
  'moneda',
  'sub_total',
  'descuento',
  'total',
  'sat_status',
  'details',
] as const;

/**
 * A profile's CFDIs of one period (Fecha at or after `from`, before `to`, local text), and its
 * payment CFDIs (type P) with a Pago whose FechaPago falls in the period, whatever their own Fecha.
 */
export function cfdisOfPeriod(
  db: Db,
  scope: { organizationId: string; mode: Mode; fiscalProfileId: string },
  period: { from: string; to: string },
): Promise<CfdiReportRow[]> {
  const paidInPeriod = sql<boolean>`(tipo_de_comprobante = 'P' AND json_typeof(details->'pagos') = 'array' AND EXISTS (
    SELECT 1 FROM json_array_elements(details->'pagos') AS pago
    WHERE pago->>'fecha_pago' >= ${period.from} AND pago->>'fecha_pago' < ${period.to}))`;
  return db
    .selectFrom('cfdis')
    .select(REPORT_COLUMNS)
    .where('organization_id', '=', scope.organizationId)
    .where('mode', '=', scope.mode)
    .where('fiscal_profile_id', '=', scope.fiscalProfileId)
    .where((eb) => eb.or([eb.and([eb('fecha', '>=', period.from), eb('fecha', '<', period.to)]), paidInPeriod]))
    .orderBy('fecha')
    .orderBy('uuid')
    .execute();
}

/** The CFDIs of some UUIDs of a profile's side (the documents payments name). */
export function cfdisOfUuids(
  db: Db,
  scope: { organizationId: string; mode: Mode; fiscalProfileId: string },
  side: 'issued' | 'received',
  uuids: string[],
): Promise<CfdiReportRow[]> {
  if (uuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('cfdis')
    .select(REPORT_COLUMNS)
    .where('organization_id', '=', scope.organizationId)
    .where('mode', '=', scope.mode)
    .where('fiscal_profile_id', '=', scope.fiscalProfileId)
    .where('side', '=', side)
    .where('uuid', 'in', uuids)
    .execute();
}

export interface CfdiTotalsRow {
  tipo_de_comprobante: string | null;
  moneda: string | null;
  count: number;
  sub_total: string;
  descuento: string;
  total: string;
}

// Amounts are stored as the text the SAT gave; one that is not a decimal number adds nothing.
const amount = (column: 'sub_total' | 'descuento' | 'total') =>
  sql<string>`coalesce(sum(CASE WHEN ${sql.ref(column)} ~ '^-?[0-9]+(\.[0-9]+)?$' THEN ${sql.ref(column)}::numeric END), 0)::text`.as(column);

/** Sums of the filtered store by voucher type and currency (amounts of two currencies are never added). */
export async function cfdiTotals(db: Db, organizationId: string, mode: Mode, filters: CfdiFilters): Promise<CfdiTotalsRow[]> {
  const rows = await cfdisQuery(db, organizationId, mode, filters)
    .clearSelect()
    .select(['tipo_de_comprobante', 'moneda', sql<number>`count(*)::int`.as('count'), amount('sub_total'), amount('descuento'), amount('total')])
    .groupBy(['tipo_de_comprobante', 'moneda'])
    .orderBy('tipo_de_comprobante')
    .orderBy('moneda')
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
