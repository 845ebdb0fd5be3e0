/**
 * Issuing a stamp: a TimbreFiscalDigital 1.1 sealed with the simulator's timbrado certificate,
 * placed in the comprobante's Complemento, and the CFDI recorded in the ledger. Two concurrent
 * stamps of one sealed comprobante end with a single UUID (the ledger's unique Sello hash).
 */
import { randomUUID } from 'node:crypto';
import type { TimbreFiscalDigital } from '../../cfdi/model.ts';
import { findTimbre } from '../../cfdi/model.ts';
import { parseCfdi } from '../../cfdi/parse.ts';
import { buildTimbre } from '../../cfdi/tfd.ts';
import type { SimulatorDeps } from '../deps.ts';
import { localDateTime } from '../../cfdi/local-time.ts';
import type { LedgerCfdi } from '../ledger.ts';
import type { StampCheck } from './stamp-rules.ts';
import { withTimbre } from './stamped-xml.ts';

type Stampable = Extract<StampCheck, { outcome: 'stampable' }>;

export interface StampOutcome {
  cfdi: LedgerCfdi;
  timbre: TimbreFiscalDigital;
  /** True when a concurrent request stamped the same comprobante first. */
  duplicate: boolean;
}

export async function issueStamp(deps: SimulatorDeps, check: Stampable): Promise<StampOutcome> {
  const { subject } = check;
  const now = deps.clock.now();
  const stamping = deps.ca.stamping;
  const timbre = await buildTimbre(
    {
      UUID: randomUUID().toUpperCase(),
      FechaTimbrado: localDateTime(now, deps.settings.timeZone),
      RfcProvCertif: deps.settings.pacRfc,
      SelloCFD: subject.sello,
      NoCertificadoSAT: stamping.certificate.serialNumber,
    },
    stamping.privateKey,
  );
  const recorded = await deps.ledger.insertUnlessDuplicate({
    uuid: timbre.UUID,
    emisorRfc: subject.emisorRfc,
    emisorNombre: subject.emisorNombre,
    receptorRfc: subject.receptorRfc,
    receptorNombre: subject.receptorNombre,
    tipo: subject.tipo,
    total: subject.total,
    fecha: subject.fecha,
    fechaTimbrado: now,
    rfcProvCertif: deps.settings.pacRfc,
    selloHash: subject.selloHash,
    xml: withTimbre(subject.slot, timbre),
    relations: subject.relations,
  });
  return { ...recorded, timbre: recorded.duplicate ? timbreOf(recorded.cfdi) : timbre };
}

/** The timbre of a stamped CFDI of the ledger (its XML always carries one). */
export function timbreOf(cfdi: LedgerCfdi): TimbreFiscalDigital {
  const timbre = findTimbre(parseCfdi(cfdi.xml).comprobante);
  if (!timbre) throw new Error(`The ledger's CFDI ${cfdi.uuid} has no TimbreFiscalDigital.`);
  return timbre;
}
