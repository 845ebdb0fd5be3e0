import { sql, type Insertable, type Selectable } from 'kysely';
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

export type CfdiRow = Selectable<CfdiTable>;
/** A listed row: everything but the XML, plus whether there is one. */
export type CfdiListRow = Omit<CfdiRow, 'xml'> & { has_xml: boolean };
export type NewCfdi = Insertable<CfdiTable>;

const LIST_COLUMNS = [
  'id', 'organization_id', 'mode', 'uuid', 'fiscal_profile_id', 'side', 'version', 'serie', 'folio', 'tipo_de_comprobante', 'fecha',
  'fecha_timbrado', 'emisor_rfc', 'emisor_nombre', 'receptor_rfc', 'receptor_nombre', 'moneda', 'sub_total', 'descuento', 'total',
  'rfc_pac', 'sat_status', 'cancelled_at', 'xml_sha256', 'download_id', 'source_request', 'created_at', 'updated_at',
] as const;

/**
 * Inserts documents in one statement. A UUID already held with its XML is left as it is; a
 * metadata-only row gains the XML and the parsed fields and keeps the SAT's status (unless it
 * had none). Returns the UUIDs written and whether each was new.
 */
export async function upsertDocuments(db: Db, rows: NewCfdi[]): Promise<{ uuid: string; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  return db.insertInto('cfdis').values(rows)
    .onConflict((conflict) => conflict.columns(['organization_id', 'mode', 'uuid']).doUpdateSet((eb) => ({
      version: eb.ref('excluded.version'), serie: eb.ref('excluded.serie'), folio: eb.ref('excluded.folio'),
      tipo_de_comprobante: eb.ref('excluded.tipo_de_comprobante'), fecha: eb.ref('excluded.fecha'), fecha_timbrado: eb.ref('excluded.fecha_timbrado'),
      emisor_rfc: eb.ref('excluded.emisor_rfc'), emisor_nombre: eb.ref('excluded.emisor_nombre'),
      receptor_rfc: eb.ref('excluded.receptor_rfc'), receptor_nombre: eb.ref('excluded.receptor_nombre'),
      moneda: eb.ref('excluded.moneda'), sub_total: eb.ref('excluded.sub_total'), descuento: eb.ref('excluded.descuento'),
      total: eb.ref('excluded.total'), rfc_pac: eb.ref('excluded.rfc_pac'), xml: eb.ref('excluded.xml'), xml_sha256: eb.ref('excluded.xml_sha256'),
      sat_status: sql`CASE WHEN cfdis.sat_status = 'unknown' THEN excluded.sat_status ELSE cfdis.sat_status END`,
      updated_at: eb.ref('excluded.updated_at'),
    })).where('cfdis.xml', 'is', null))
    .returning(['uuid', sql<boolean>`(xmax = 0)`.as('inserted')])
    .execute();
}

/** Current statuses of these UUIDs (those held). */
export async function statusesOf(db: Db, scope: { organizationId: string; mode: Mode }, uuids: readonly string[]): Promise<Map<string, SatStatus>> {
  if (uuids.length === 0) return new Map();
  const rows = await db.selectFrom('cfdis').select(['uuid', 'sat_status'])
    .where('organization_id', '=', scope.organizationId).where('mode', '=', scope.mode).where('uuid', 'in', uuids).execute();
  return new Map(rows.map((row) => [row.uuid, row.sat_status]));
}

/**
 * Inserts metadata rows in one statement; a UUID already held takes the SAT's status and
 * cancellation date from them (metadata is the SAT's word on status) and keeps everything else.
 */
export async function upsertMetadata(db: Db, rows: NewCfdi[]): Promise<{ uuid: string; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  return db.insertInto('cfdis').values(rows)
    .onConflict((conflict) => conflict.columns(['organization_id', 'mode', 'uuid']).doUpdateSet((eb) => ({
      sat_status: eb.ref('excluded.sat_status'),
      cancelled_at: eb.ref('excluded.cancelled_at'),
      updated_at: eb.ref('excluded.updated_at'),
    })).where(sql<boolean>`(cfdis.sat_status, cfdis.cancelled_at) IS DISTINCT FROM (excluded.sat_status, excluded.cancelled_at)`))
    .returning(['uuid', sql<boolean>`(xmax = 0)`.as('inserted')])
    .execute();
}

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
  let query = db.selectFrom('cfdis').select([...LIST_COLUMNS, sql<boolean>`(xml IS NOT NULL)`.as('has_xml')])
    .where('organization_id', '=', organizationId).where('mode', '=', mode);
  if (filters.side !== undefined) query = query.where('side', '=', filters.side);
  if (filters.fiscalProfileId !== undefined) query = query.where('fiscal_profile_id', '=', filters.fiscalProfileId);
  if (filters.downloadId !== undefined) query = query.where('download_id', '=', filters.downloadId);
  if (filters.counterparty !== undefined) {
    const rfc = filters.counterparty;
    query = query.where((eb) => eb.or([
      eb.and([eb('side', '=', 'issued'), eb('receptor_rfc', '=', rfc)]),
      eb.and([eb('side', '=', 'received'), eb('emisor_rfc', '=', rfc)]),
    ]));
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

export function findCfdi(db: Db, organizationId: string, mode: Mode, uuid: string): Promise<CfdiListRow | undefined> {
  return cfdisQuery(db, organizationId, mode).where('uuid', '=', uuid).executeTakeFirst();
}

export async function findCfdiXml(db: Db, organizationId: string, mode: Mode, uuid: string): Promise<{ xml: string | null } | undefined> {
  return db.selectFrom('cfdis').select('xml').where('organization_id', '=', organizationId).where('mode', '=', mode).where('uuid', '=', uuid).executeTakeFirst();
}

/** How many CFDIs a profile's downloads and synchronization brought. */
export async function countForProfile(db: Db, organizationId: string, mode: Mode, profileId: string): Promise<number> {
  const row = await db.selectFrom('cfdis').select(sql<number>`count(*)`.as('count'))
    .where('organization_id', '=', organizationId).where('mode', '=', mode).where('fiscal_profile_id', '=', profileId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The CFDIs of one side that this SAT request tree brought first. */
export function broughtBy(db: Db, rootId: string, side: 'issued' | 'received'): Promise<CfdiListRow[]> {
  return db.selectFrom('cfdis').select([...LIST_COLUMNS, sql<boolean>`(xml IS NOT NULL)`.as('has_xml')])
    .where('source_request', '=', rootId).where('side', '=', side).orderBy('id').execute();
}
