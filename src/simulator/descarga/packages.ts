/**
 * Package contents: a zip of `<UUID>.xml` files for a CFDI request, a zip with one
 * `<IDPAQUETE>.txt` metadata file for a Metadata request (and `<IDPAQUETE>_tercero.txt` when
 * some of its CFDIs were issued on behalf of third parties). A request's ordered selection is cut
 * into packages of `cfdiPerPackage` / `metadataPerPackage` entries; package ids are the
 * request id plus `_01`, `_02`, ... as the SAT numbers them.
 */
import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { readCfdiOverview } from '../../cfdi/overview.ts';
import { approximateBytes, BoundedCache, stringBytes } from '../../platform/caches/bounded-cache.ts';
import type { Ledger } from '../ledger.ts';
import type { SyntheticCredentials } from './credentials.ts';
import { COUNTERPARTIES, formatCents, thirdPartyOf, totalCents } from './history.ts';
import type { SyntheticCfdi } from './history.ts';
import { localDateTime, metadataDate } from './local-time.ts';
import { amountText, metadataText, thirdPartyText } from './metadata.ts';
import type { MetadataRow, ThirdPartyRow } from './metadata.ts';
import { selectEntries } from './selection.ts';
import type { SelectionContext, SelectionEntry } from './selection.ts';
import type { StoredRequest } from './store.ts';
import { defaultRegimen, syntheticXml } from './synthetic-xml.ts';
import type { Party, Stamper } from './synthetic-xml.ts';

export interface PackageBuilder {
  context: SelectionContext;
  ledger: Ledger;
  credentials: SyntheticCredentials;
  stamper: Stamper;
  selections: SelectionCache;
}

interface HeldSelection {
  selection: Promise<SelectionEntry[]>;
  /** Bytes of the whole selection once computed (its length times the first entry's). */
  bytes: number;
}

/**
 * The ordered selections of the requests downloaded last, up to 64 MiB (a request of 100,000
 * CFDIs counts about 55): such a request comes in dozens of packages, and recomputing its
 * selection for each would dominate the download.
 */
export class SelectionCache {
  private readonly entries: BoundedCache<HeldSelection>;

  constructor(maxBytes = 64 * 1024 * 1024) {
    this.entries = new BoundedCache<HeldSelection>({ name: 'simulator_selections', maxBytes, sizeOf: (held, id) => 256 + held.bytes + stringBytes(id) });
  }

  get(request: StoredRequest, compute: () => Promise<SelectionEntry[]>): Promise<SelectionEntry[]> {
    const held = this.entries.get(request.id);
    if (held) return held.selection;
    const selection = compute();
    const computing = { selection, bytes: 0 };
    this.entries.set(request.id, computing);
    selection.then(
      (entries) => {
        // Counted again at its size, unless it was let go or replaced meanwhile.
        if (this.entries.peek(request.id) === computing)
          this.entries.set(request.id, { selection, bytes: entries.length === 0 ? 0 : entries.length * approximateBytes(entries[0]) });
      },
      () => this.entries.delete(request.id),
    );
    return selection;
  }
}

/** Synthetic CFDIs sealed at once: enough to keep libuv's thread pool busy. */
const SEALING_CONCURRENCY = 16;

export function packageId(requestId: string, index: number): string {
  return `${requestId}_${String(index + 1).padStart(2, '0')}`;
}

export function parsePackageId(id: string): { requestId: string; index: number } | undefined {
  const match = /^([0-9a-fA-F-]{36})_([0-9]{2,})$/.exec(id);
  if (!match || Number(match[2]) < 1) return undefined;
  return { requestId: match[1]!.toLowerCase(), index: Number(match[2]) - 1 };
}

export function packageCount(count: number, perPackage: number): number {
  return Math.ceil(count / perPackage);
}

/** The profile as its synthetic CFDIs name it: its registered taxpayer data, or defaults. */
export async function ownerParty(ledger: Ledger, rfc: string): Promise<Party> {
  const taxpayer = await ledger.getTaxpayer(rfc);
  return {
    rfc,
    name: taxpayer?.name ?? `CONTRIBUYENTE ${rfc}`,
    postalCode: taxpayer?.postalCode ?? '06000',
    regimenFiscal: taxpayer?.regimenFiscal ?? defaultRegimen(rfc),
  };
}

function parties(cfdi: SyntheticCfdi, owner: Party): { emisor: Party; receptor: Party } {
  const counterparty = COUNTERPARTIES[cfdi.counterparty]!;
  const other: Party = { ...counterparty, regimenFiscal: defaultRegimen(counterparty.rfc) };
  return cfdi.side === 'issued' ? { emisor: owner, receptor: other } : { emisor: other, receptor: owner };
}

function metadataRow(entry: SelectionEntry, owner: Party, rfcPac: string, asOf: number, timeZone: string): MetadataRow {
  const local = (instant: number) => metadataDate(localDateTime(new Date(instant), timeZone));
  if (entry.origin === 'ledger') {
    const { cfdi } = entry;
    const cancelled = cfdi.cancelledAt !== null && cfdi.cancelledAt.getTime() <= asOf;
    return {
      uuid: cfdi.uuid,
      rfcEmisor: cfdi.emisorRfc,
      nombreEmisor: cfdi.emisorNombre,
      rfcReceptor: cfdi.receptorRfc,
      nombreReceptor: cfdi.receptorNombre,
      rfcPac: cfdi.rfcProvCertif,
      fechaEmision: metadataDate(cfdi.fecha),
      fechaCertificacionSat: local(cfdi.fechaTimbrado.getTime()),
      monto: amountText(cfdi.total),
      efectoComprobante: cfdi.tipo,
      estatus: cancelled ? '0' : '1',
      fechaCancelacion: cancelled ? local(cfdi.cancelledAt!.getTime()) : '',
    };
  }
  const { cfdi } = entry;
  const { emisor, receptor } = parties(cfdi, owner);
  const cancelled = cfdi.cancelledAt !== null && cfdi.cancelledAt <= asOf;
  return {
    uuid: cfdi.uuid,
    rfcEmisor: emisor.rfc,
    nombreEmisor: emisor.name,
    rfcReceptor: receptor.rfc,
    nombreReceptor: receptor.name,
    rfcPac,
    fechaEmision: local(cfdi.issuedAt),
    fechaCertificacionSat: local(cfdi.stampedAt),
    monto: formatCents(totalCents(cfdi.subtotalCents)),
    efectoComprobante: cfdi.tipo,
    estatus: cancelled ? '0' : '1',
    fechaCancelacion: cancelled ? local(cfdi.cancelledAt!) : '',
  };
}

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const position = next++;
      results[position] = await work(items[position]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The ledger's XML of some UUIDs; with `thirdPartiesOnly`, only of those naming a third party. */
async function ledgerXml(builder: PackageBuilder, uuids: string[], thirdPartiesOnly = false): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let start = 0; start < uuids.length; start += 1_000) {
    let query = builder.context.db
      .selectFrom('sim_cfdis')
      .select(['uuid', 'xml'])
      .where('uuid', 'in', uuids.slice(start, start + 1_000));
    if (thirdPartiesOnly) query = query.where((eb) => eb.or([eb('xml', 'like', '%ACuentaTerceros%'), eb('xml', 'like', '%PorCuentadeTerceros%')]));
    for (const row of await query.execute()) found.set(row.uuid, row.xml);
  }
  return found;
}

/**
 * The `_tercero.txt` rows of some entries, in order: a synthetic CFDI's third party by the
 * history's rule, and each third party a ledger CFDI's Conceptos name (read from its XML).
 */
async function thirdPartyRows(builder: PackageBuilder, entries: readonly SelectionEntry[]): Promise<ThirdPartyRow[]> {
  const stored = await ledgerXml(
    builder,
    entries.filter((entry) => entry.origin === 'ledger').map((entry) => entry.uuid),
    true,
  );
  const rows: ThirdPartyRow[] = [];
  for (const entry of entries) {
    if (entry.origin === 'synthetic') {
      const party = thirdPartyOf(entry.cfdi);
      if (party) rows.push({ uuid: entry.uuid, rfcACuentaTerceros: party.rfc, nombreACuentaTerceros: party.name });
      continue;
    }
    const xml = stored.get(entry.uuid);
    if (xml === undefined) continue;
    for (const party of readCfdiOverview(xml).thirdParties)
      rows.push({ uuid: entry.uuid, rfcACuentaTerceros: party.rfc, nombreACuentaTerceros: party.nombre ?? '' });
  }
  return rows;
}

/** The XML files of some entries, in order. */
async function cfdiFiles(builder: PackageBuilder, entries: readonly SelectionEntry[], owner: Party): Promise<[string, string][]> {
  const { timeZone } = builder.context;
  const stored = await ledgerXml(
    builder,
    entries.filter((entry) => entry.origin === 'ledger').map((entry) => entry.uuid),
  );
  return mapLimited(entries, SEALING_CONCURRENCY, async (entry): Promise<[string, string]> => {
    if (entry.origin === 'ledger') return [entry.uuid, stored.get(entry.uuid) ?? ''];
    const both = parties(entry.cfdi, owner);
    const csd = await builder.credentials.csd(both.emisor.rfc, both.emisor.name);
    return [entry.uuid, await syntheticXml(entry.cfdi, both, csd, builder.stamper, timeZone)];
  });
}

/** The zip of package `index` of a request (its selection is recomputed as of the request). */
export async function buildPackage(builder: PackageBuilder, request: StoredRequest, index: number): Promise<Uint8Array> {
  const { settings, timeZone } = builder.context;
  const entries = await builder.selections.get(request, () => selectEntries(builder.context, request.query, request.asOf));
  const size = request.query.requestType === 'CFDI' ? settings.cfdiPerPackage : settings.metadataPerPackage;
  const slice = entries.slice(index * size, (index + 1) * size);
  const owner = await ownerParty(builder.ledger, request.requesterRfc);
  const files: Zippable = {};
  if (request.query.requestType === 'Metadata') {
    const rows = slice.map((entry) => metadataRow(entry, owner, builder.stamper.rfcProvCertif, request.asOf.getTime(), timeZone));
    const name = packageId(request.id, index).toUpperCase();
    files[`${name}.txt`] = strToU8(metadataText(rows));
    const thirdParties = await thirdPartyRows(builder, slice);
    if (thirdParties.length > 0) files[`${name}_tercero.txt`] = strToU8(thirdPartyText(thirdParties));
  } else {
    for (const [uuid, xml] of await cfdiFiles(builder, slice, owner)) files[`${uuid}.xml`] = strToU8(xml);
  }
  return zipSync(files, { level: 6, mtime: request.asOf });
}
