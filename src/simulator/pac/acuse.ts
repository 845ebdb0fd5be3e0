/**
 * The cancellation acuse: the SAT's `Acuse` document (Fecha, RfcEmisor, Folios with UUID and
 * EstatusUUID in the namespace http://cancelacfd.sat.gob.mx) with an enveloped XML signature
 * Id="SelloSAT". The SAT signs its acuses with a key of its own; the simulator signs with its
 * timbrado certificate (RSA-SHA256, certificate in KeyInfo), so anyone can verify it against the
 * certificate published under /certificates/{NoCertificado}.cer.
 */
import { localDateTime } from '../../cfdi/local-time.ts';
import { signEnveloped } from '../../cfdi/xml/xmldsig.ts';
import type { SimulatorDeps } from '../deps.ts';
import { escapeXml } from '../soap.ts';

export interface AcuseFolio {
  uuid: string;
  estatusUuid: string;
}

export function buildAcuse(deps: SimulatorDeps, rfcEmisor: string, folios: readonly AcuseFolio[], at: Date): string {
  const fecha = localDateTime(at, deps.settings.timeZone);
  const items = folios.map((folio) => `<UUID>${escapeXml(folio.uuid)}</UUID><EstatusUUID>${escapeXml(folio.estatusUuid)}</EstatusUUID>`).join('');
  const unsigned =
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<Acuse xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    `Fecha="${escapeXml(fecha)}" RfcEmisor="${escapeXml(rfcEmisor)}"><Folios xmlns="http://cancelacfd.sat.gob.mx">${items}</Folios></Acuse>`;
  const { certificate, privateKey } = deps.ca.stamping;
  return signEnveloped(unsigned, {
    privateKey,
    certificateDer: certificate.der,
    hash: 'sha256',
    referenceCanonicalization: 'exclusive',
    id: 'SelloSAT',
    keyName: certificate.serialNumber,
  });
}
