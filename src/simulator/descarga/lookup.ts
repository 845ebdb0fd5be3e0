/**
 * Synthetic history CFDIs by UUID, for the simulator's other SAT services: the ledger does not
 * hold them (they are regenerated on demand), so the status service (ConsultaCFDIService) can
 * ask here when the ledger does not know a UUID. Unlike bulk download, the status service sees a
 * CFDI as soon as it is stamped, so there is no publication lag here.
 */
import type { SimulatorDeps } from '../deps.ts';
import type { LedgerCfdi } from '../ledger-types.ts';
import { SyntheticCredentials } from './credentials.ts';
import { COUNTERPARTIES, formatCents, totalCents } from './history.ts';
import { localDateTime } from './local-time.ts';
import { ownerParty } from './packages.ts';
import { syntheticByUuid } from './selection.ts';
import { readDescargaSettings } from './settings.ts';
import { DescargaStore } from './store.ts';
import { defaultRegimen, syntheticXml } from './synthetic-xml.ts';

/** A synthetic CFDI in the ledger's terms; its XML is sealed on demand (two RSA signatures). */
export type SyntheticRecord = Pick<
  LedgerCfdi,
  'uuid' | 'emisorRfc' | 'emisorNombre' | 'receptorRfc' | 'receptorNombre' | 'tipo' | 'total' | 'fecha' | 'fechaTimbrado' | 'status' | 'cancelledAt'
> & {
  xml(): Promise<string>;
};

/** The synthetic CFDI with this UUID between these two RFCs, as the SAT sees it at `at`. */
export async function findSyntheticCfdi(
  deps: SimulatorDeps,
  query: { uuid: string; emisorRfc: string; receptorRfc: string },
  at: Date,
): Promise<SyntheticRecord | undefined> {
  const settings = readDescargaSettings(deps.settings.descarga);
  const context = { db: deps.db, settings, timeZone: deps.settings.timeZone };
  const uuid = query.uuid.toUpperCase();
  const candidates = [syntheticByUuid(context, query.emisorRfc, uuid, at), syntheticByUuid(context, query.receptorRfc, uuid, at)];
  const cfdi = candidates.find(
    (candidate) => candidate !== undefined && (candidate.side === 'issued' ? candidate.owner === query.emisorRfc : candidate.owner === query.receptorRfc),
  );
  if (!cfdi || cfdi.stampedAt > at.getTime()) return undefined;
  const owner = await ownerParty(deps.ledger, cfdi.owner);
  const counterparty = COUNTERPARTIES[cfdi.counterparty]!;
  const other = { ...counterparty, regimenFiscal: defaultRegimen(counterparty.rfc) };
  const parties = cfdi.side === 'issued' ? { emisor: owner, receptor: other } : { emisor: other, receptor: owner };
  if (parties.emisor.rfc !== query.emisorRfc || parties.receptor.rfc !== query.receptorRfc) return undefined;
  const cancelled = cfdi.cancelledAt !== null && cfdi.cancelledAt <= at.getTime();
  return {
    uuid,
    emisorRfc: parties.emisor.rfc,
    emisorNombre: parties.emisor.name,
    receptorRfc: parties.receptor.rfc,
    receptorNombre: parties.receptor.name,
    tipo: cfdi.tipo,
    total: formatCents(totalCents(cfdi.subtotalCents)),
    fecha: localDateTime(new Date(cfdi.issuedAt), deps.settings.timeZone),
    fechaTimbrado: new Date(cfdi.stampedAt),
    status: cancelled ? 'Cancelado' : 'Vigente',
    cancelledAt: cancelled ? new Date(cfdi.cancelledAt!) : null,
    xml: async () => {
      const credentials = new SyntheticCredentials(new DescargaStore(deps.db), deps.ca, deps.clock);
      const csd = await credentials.csd(parties.emisor.rfc, parties.emisor.name);
      return syntheticXml(cfdi, parties, csd, { credential: deps.ca.stamping, rfcProvCertif: deps.settings.pacRfc }, deps.settings.timeZone);
    },
  };
}
