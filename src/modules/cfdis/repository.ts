import { sql, type Selectable } from 'kysely';
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
  download_id: string | null;
  source_request: string | null;
  created_at: Date;
  updated_at: Date;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    cfdis: CfdiTable;
  }
}

type CfdiRow = Selectable<CfdiTable>;
/** A listed row: everything but the XML, plus whether there is one. */
export type CfdiListRow = Omit<CfdiRow, 'xml'> & { has_xml: boolean };

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
}

export function cfdisQuery(db: Db, organizationId: string, mode: Mode, filters: CfdiFilters = {}) {
  let query = db
    .selectFrom('cfdis')
    .select([...LIST_COLUMNS, sql<boolean>`(xml IS NOT NULL)`.as('has_xml')])
    .where('organization_id', '=', organizationId)
    .where('mode', '=', mode);
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
  return query;
}

// PGlite's reader drops a leading U+FEFF from every text value (node-postgres keeps it). The
// database holds the BOM, so reads of the XML ask for it and put it back: the bytes served are
// the bytes stored.
const LEADING_BOM = sql<boolean>`starts_with(xml, chr(65279))`.as('bom');

function exactXml(xml: string | null, bom: boolean | null): string | null {
  return xml !== null && bom === true && !xml.startsWith('\uFEFF') ? `\uFEFF${xml}` : xml;
}

/** One CFDI with its XML (null for metadata-only rows), in one read. */
export async function findCfdi(db: Db, organizationId: string, mode: Mode, uuid: string): Promise<(CfdiListRow & { xml: string | null }) | undefined> {
  const found = await cfdisQuery(db, organizationId, mode).select(['xml', LEADING_BOM]).where('uuid', '=', uuid).executeTakeFirst();
  if (!found) return undefined;
  const { bom, ...row } = found;
  return { ...row, xml: exactXml(row.xml, bom) };
}

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
    .select([...LIST_COLUMNS, sql<boolean>`(xml IS NOT NULL)`.as('has_xml')])
    .where('organization_id', '=', organizationId)
    .where('mode', '=', mode)
    .where('uuid', 'in', uuids)
    .orderBy('id')
    .execute();
}

/** The CFDIs of one side that this SAT request tree brought first. */
export function broughtBy(db: Db, rootId: string, side: 'issued' | 'received'): Promise<CfdiListRow[]> {
  return db
    .selectFrom('cfdis')
    .select([...LIST_COLUMNS, sql<boolean>`(xml IS NOT NULL)`.as('has_xml')])
    .where('source_request', '=', rootId)
    .where('side', '=', side)
    .orderBy('id')
    .execute();
}

/** A row of an export: the listed fields and the XML (null for metadata-only rows). */
export type CfdiExportRow = CfdiListRow & { xml: string | null };

/**
 * One keyset page of the filtered store, oldest first, after `afterId` (exports read the whole
 * selection this way, never all of it at once). The XML is read only when `withXml`.
 */
export async function cfdiExportPage(
  db: Db,
  organizationId: string,
  mode: Mode,
  filters: CfdiFilters,
  page: { afterId: string | null; limit: number; withXml: boolean },
): Promise<CfdiExportRow[]> {
  let query = cfdisQuery(db, organizationId, mode, filters);
  if (page.afterId !== null) query = query.where('id', '>', page.afterId);
  query = query.orderBy('id').limit(page.limit);
  if (!page.withXml) return (await query.execute()).map((row) => ({ ...row, xml: null }));
  const rows = await query.select(['xml', LEADING_BOM]).execute();
  return rows.map(({ bom, ...row }) => ({ ...row, xml: exactXml(row.xml, bom) }));
}

/** How many CFDIs the filters select. */
export async function countCfdis(db: Db, organizationId: string, mode: Mode, filters: CfdiFilters): Promise<number> {
  const row = await cfdisQuery(db, organizationId, mode, filters).clearSelect().select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
