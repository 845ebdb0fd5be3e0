/**
 * Which CFDIs a request covers, as of the instant it was accepted: the ledger's CFDIs (stamped
 * through the simulator's PAC) plus the owner's synthetic history, filtered as the SAT filters
 * (period on Fecha, type, status, counterparty, third party, complement) and only once published
 * (FechaTimbrado + 24-72 h <= as-of). Results are ordered by Fecha, then UUID.
 */
import { sql } from 'kysely';
import type { LedgerCfdi } from '../ledger-types.ts';
import type { SimulatorDb } from '../schema.ts';
import { hasComplemento } from './complementos.ts';
import { COUNTERPARTIES, coordinatesOf, monthBounds, monthlyCount, publicationLagMs, syntheticCfdi, thirdPartyOf } from './history.ts';
import type { Side, SyntheticCfdi } from './history.ts';
import { instantOf, localDateTime, monthNumberOf } from './local-time.ts';
import type { DescargaQuery } from './query.ts';
import type { DescargaSettings } from './settings.ts';

/** The ledger columns a bulk download reads (not the XML, which only CFDI packages need). */
type LedgerSummary = Pick<
  LedgerCfdi,
  'uuid' | 'emisorRfc' | 'emisorNombre' | 'receptorRfc' | 'receptorNombre' | 'tipo' | 'total' | 'fecha' | 'fechaTimbrado' | 'rfcProvCertif' | 'cancelledAt'
>;

export type SelectionEntry =
  | { origin: 'ledger'; uuid: string; issuedAt: number; cfdi: LedgerSummary }
  | { origin: 'synthetic'; uuid: string; issuedAt: number; cfdi: SyntheticCfdi };

export interface SelectionContext {
  db: SimulatorDb;
  settings: DescargaSettings;
  timeZone: string;
}

interface Matcher {
  published(uuid: string, stampedAt: number): boolean;
  status(cancelledAt: number | null): boolean;
}

function matcher(context: SelectionContext, query: DescargaQuery, asOf: Date): Matcher {
  const { publicationLagMinHours: min, publicationLagMaxHours: max } = context.settings;
  const now = asOf.getTime();
  return {
    published: (uuid, stampedAt) => stampedAt + publicationLagMs(uuid, min, max) <= now,
    status: (cancelledAt) => {
      const cancelled = cancelledAt !== null && cancelledAt <= now;
      return query.estado === 'Todos' || (query.estado === 'Cancelado') === cancelled;
    },
  };
}

function sideOf(query: DescargaQuery): Side {
  return query.operation === 'emitidos' ? 'issued' : 'received';
}

async function ledgerEntries(context: SelectionContext, query: DescargaQuery, match: Matcher): Promise<SelectionEntry[]> {
  const needsXml = query.terceros !== undefined || query.complemento !== undefined;
  let select = context.db
    .selectFrom('sim_cfdis')
    .select([
      'uuid',
      'emisor_rfc',
      'emisor_nombre',
      'receptor_rfc',
      'receptor_nombre',
      'tipo',
      'total',
      'fecha',
      'fecha_timbrado',
      'rfc_prov_certif',
      'cancelled_at',
    ])
    .select(needsXml ? sql<string>`xml`.as('xml') : sql<string>`''`.as('xml'));
  if (query.operation === 'folio') {
    select = select.where('uuid', '=', query.folio!).where((eb) => eb.or([eb('emisor_rfc', '=', query.requester), eb('receptor_rfc', '=', query.requester)]));
  } else {
    select = select
      .where(query.operation === 'emitidos' ? 'emisor_rfc' : 'receptor_rfc', '=', query.requester)
      .where('fecha', '>=', query.from!)
      .where('fecha', '<=', query.to!);
    if (query.tipoComprobante !== undefined) select = select.where('tipo', '=', query.tipoComprobante);
    if (query.counterparts.length > 0) select = select.where(query.operation === 'emitidos' ? 'receptor_rfc' : 'emisor_rfc', 'in', query.counterparts);
  }
  const rows = await select.execute();
  const entries: SelectionEntry[] = [];
  for (const row of rows) {
    if (!match.published(row.uuid, row.fecha_timbrado.getTime()) || !match.status(row.cancelled_at?.getTime() ?? null)) continue;
    if (query.terceros !== undefined && !row.xml.includes(`RfcACuentaTerceros="${query.terceros}"`)) continue;
    if (query.complemento !== undefined && !hasComplemento(row.xml, query.complemento)) continue;
    const cfdi: LedgerSummary = {
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
      cancelledAt: row.cancelled_at,
    };
    entries.push({ origin: 'ledger', uuid: row.uuid, issuedAt: instantOf(row.fecha, context.timeZone).getTime(), cfdi });
  }
  return entries;
}

/** The synthetic CFDIs of a period query, visited month by month (nothing is kept unless `visit` keeps it). */
function visitSynthetic(context: SelectionContext, query: DescargaQuery, asOf: Date, match: Matcher, visit: (cfdi: SyntheticCfdi) => void): void {
  // Synthetic CFDIs carry no complement besides the TFD; some carry a third party (history.ts).
  if (query.complemento !== undefined && query.complemento !== 'comprobante') return;
  const { settings, timeZone } = context;
  const side = sideOf(query);
  const average = side === 'issued' ? settings.issuedPerMonth : settings.receivedPerMonth;
  const from = instantOf(query.from!, timeZone).getTime();
  const to = instantOf(query.to!, timeZone).getTime();
  const current = monthNumberOf(localDateTime(asOf, timeZone));
  const first = Math.max(monthNumberOf(query.from!), current - settings.historyMonths);
  const last = Math.min(monthNumberOf(query.to!), current);
  const counterparts = new Set(query.counterparts);
  for (let month = first; month <= last; month++) {
    const bounds = monthBounds(month, timeZone);
    const count = monthlyCount(query.requester, side, month, average);
    for (let index = 0; index < count; index++) {
      const cfdi = syntheticCfdi({ owner: query.requester, side, month, index }, bounds, settings.cancelledShare);
      if (cfdi.issuedAt < from || cfdi.issuedAt > to) continue;
      if (query.tipoComprobante !== undefined && cfdi.tipo !== query.tipoComprobante) continue;
      if (counterparts.size > 0 && !counterparts.has(COUNTERPARTIES[cfdi.counterparty]!.rfc)) continue;
      if (query.terceros !== undefined && thirdPartyOf(cfdi)?.rfc !== query.terceros) continue;
      if (!match.published(cfdi.uuid, cfdi.stampedAt) || !match.status(cfdi.cancelledAt)) continue;
      visit(cfdi);
    }
  }
}

/** The synthetic CFDI a folio names, when it belongs to the requester and exists by `asOf`. */
export function syntheticByUuid(context: SelectionContext, owner: string, uuid: string, asOf: Date): SyntheticCfdi | undefined {
  const coordinates = coordinatesOf(uuid);
  if (!coordinates) return undefined;
  const { settings, timeZone } = context;
  const current = monthNumberOf(localDateTime(asOf, timeZone));
  if (coordinates.month < current - settings.historyMonths || coordinates.month > current) return undefined;
  const average = coordinates.side === 'issued' ? settings.issuedPerMonth : settings.receivedPerMonth;
  if (coordinates.index >= monthlyCount(owner, coordinates.side, coordinates.month, average)) return undefined;
  const cfdi = syntheticCfdi({ owner, ...coordinates }, monthBounds(coordinates.month, timeZone), settings.cancelledShare);
  return cfdi.uuid === uuid.toUpperCase() ? cfdi : undefined;
}

function compareEntries(a: SelectionEntry, b: SelectionEntry): number {
  return a.issuedAt - b.issuedAt || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0);
}

/** Every entry of the request, ordered; or only their number when `countOnly`. */
export async function selectEntries(context: SelectionContext, query: DescargaQuery, asOf: Date): Promise<SelectionEntry[]> {
  const match = matcher(context, query, asOf);
  const entries = await ledgerEntries(context, query, match);
  if (query.operation === 'folio') {
    const cfdi = entries.length > 0 ? undefined : syntheticByUuid(context, query.requester, query.folio!, asOf);
    if (cfdi && match.published(cfdi.uuid, cfdi.stampedAt)) entries.push({ origin: 'synthetic', uuid: cfdi.uuid, issuedAt: cfdi.issuedAt, cfdi });
    return entries;
  }
  visitSynthetic(context, query, asOf, match, (cfdi) => entries.push({ origin: 'synthetic', uuid: cfdi.uuid, issuedAt: cfdi.issuedAt, cfdi }));
  return entries.sort(compareEntries);
}

/** How many CFDIs the request covers, without keeping them (the SAT counts before it packs: 5003). */
export async function countEntries(context: SelectionContext, query: DescargaQuery, asOf: Date): Promise<number> {
  if (query.operation === 'folio') return (await selectEntries(context, query, asOf)).length;
  const match = matcher(context, query, asOf);
  let count = (await ledgerEntries(context, query, match)).length;
  visitSynthetic(context, query, asOf, match, () => {
    count += 1;
  });
  return count;
}
