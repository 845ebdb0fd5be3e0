/**
 * Issuing a stamp: a TimbreFiscalDigital 1.1 sealed with the simulator's timbrado certificate,
 * placed in the comprobante's Complemento, and the CFDI recorded in the ledger. Two concurrent
 * stamps of one sealed comprobante end with a single UUID (the ledger's unique Sello hash).
 */
import { randomUUID } from 'node:crypto';
import type { Comprobante, TimbreFiscalDigital } from '../../cfdi/model.ts';
import { findPagos, findTimbre } from '../../cfdi/model.ts';
import { parseCfdi } from '../../cfdi/parse.ts';
import { buildTimbre } from '../../cfdi/tfd.ts';
import type { SimulatorDeps } from '../deps.ts';
import { localDateTime } from '../../cfdi/local-time.ts';
import type { LedgerCfdi, LedgerRelation } from '../ledger.ts';
import type { StampCheck } from './stamp-rules.ts';
import { stampedXml } from './stamped-xml.ts';

type Stampable = Extract<StampCheck, { outcome: 'stampable' }>;

function relationsOf(comprobante: Comprobante): LedgerRelation[] {
  const relations: LedgerRelation[] = [];
  for (const group of comprobante.CfdiRelacionados ?? []) {
    for (const uuid of group.UUIDs) relations.push({ uuid, kind: group.TipoRelacion });
  }
  for (const pago of findPagos(comprobante)?.Pago ?? []) {
    for (const documento of pago.DoctoRelacionado) relations.push({ uuid: documento.IdDocumento, kind: 'pago' });
  }
  return relations;
}

export interface StampOutcome {
  cfdi: LedgerCfdi;
  timbre: TimbreFiscalDigital;
  /** True when a concurrent request stamped the same comprobante first. */
  duplicate: boolean;
}

export async function issueStamp(deps: SimulatorDeps, check: Stampable): Promise<StampOutcome> {
  const { comprobante } = check.parsed;
  const now = deps.clock.now();
  const stamping = deps.ca.stamping;
  const timbre = await buildTimbre(
    {
      UUID: randomUUID().toUpperCase(),
      FechaTimbrado: localDateTime(now, deps.settings.timeZone),
      RfcProvCertif: deps.settings.pacRfc,
      SelloCFD: comprobante.Sello ?? '',
      NoCertificadoSAT: stamping.certificate.serialNumber,
    },
    stamping.privateKey,
  );
  const recorded = await deps.ledger.insertUnlessDuplicate({
    uuid: timbre.UUID,
    emisorRfc: comprobante.Emisor.Rfc,
    emisorNombre: comprobante.Emisor.Nombre,
    receptorRfc: comprobante.Receptor.Rfc,
    receptorNombre: comprobante.Receptor.Nombre,
    tipo: comprobante.TipoDeComprobante,
    total: comprobante.Total,
    fecha: comprobante.Fecha,
    fechaTimbrado: now,
    rfcProvCertif: deps.settings.pacRfc,
    selloHash: check.selloHash,
    xml: stampedXml(check.xml, check.parsed, timbre),
    relations: relationsOf(comprobante),
  });
  return { ...recorded, timbre: recorded.duplicate ? timbreOf(recorded.cfdi) : timbre };
}

/** The timbre of a stamped CFDI of the ledger (its XML always carries one). */
export function timbreOf(cfdi: LedgerCfdi): TimbreFiscalDigital {
  const timbre = findTimbre(parseCfdi(cfdi.xml).comprobante);
  if (!timbre) throw new Error(`The ledger's CFDI ${cfdi.uuid} has no TimbreFiscalDigital.`);
  return timbre;
}
