/**
 * Finkok's cancellation service (servicios/soap/cancel) for CFDI 4.0: cancel (UUIDS of
 * UUID/@UUID, @Motivo, @FolioSustitucion, with the emisor's CSD as cer/key), get_sat_status,
 * get_receipt (the acuse), and the receptor's side: get_pending and accept_reject.
 */
import type { SatCredential } from '../../cfdi/credentials.ts';
import { localDateTime } from '../../cfdi/local-time.ts';
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import type { SimulatorDeps } from '../deps.ts';
import { child, children, element, param, SoapFault, textOf } from '../soap.ts';
import { buildAcuse } from './acuse.ts';
import { cancelOne } from './cancel-request.ts';
import { openSentCredential } from './sent-credential.ts';
import type { CancelItem, FolioResult } from './cancel-request.ts';
import { resultEnvelope, validCredentials } from './finkok.ts';
import { answerAcceptReject, pendingFor } from './receptor-service.ts';
import { satStatusXml } from './sat-status-xml.ts';
import { settleLapsedCancellations } from '../status/sat-status.ts';

/** Request-level certificate problems: 310 unreadable or not a pair, 305 not a CSD of this RFC, 304 expired or revoked. */
async function certificateCode(deps: SimulatorDeps, credential: SatCredential | undefined, rfc: string): Promise<string | undefined> {
  if (!credential) return '310';
  const { certificate } = credential;
  if (certificate.kind !== 'csd' || certificate.rfc !== rfc || deps.ca.trustOf(certificate) === undefined) return '305';
  const now = deps.clock.now();
  if (now < certificate.validFrom || now > certificate.validTo || (await deps.ca.isRevoked(certificate.serialNumber, now))) return '304';
  return undefined;
}

function cancelItems(operation: XmlElement): CancelItem[] {
  const list = child(operation, 'UUIDS');
  const attribute = (item: XmlElement, name: string) => item.attributes.find((a) => a.local === name && a.namespace === null)?.value.trim() ?? '';
  return (list ? children(list, 'UUID') : []).map((item) => ({
    uuid: attribute(item, 'UUID') || textOf(item).trim(),
    motivo: attribute(item, 'Motivo'),
    folioSustitucion: attribute(item, 'FolioSustitucion'),
  }));
}

function cancelResult(folios: readonly FolioResult[], acuse: string, fecha: string, rfc: string, codEstatus?: string): string {
  const items = folios
    .map(
      (folio) =>
        `<s0:Folio>${element('s0:EstatusCancelacion', folio.estatusCancelacion)}${element('s0:EstatusUUID', folio.estatusUuid)}${element('s0:UUID', folio.uuid)}</s0:Folio>`,
    )
    .join('');
  return resultEnvelope(
    'cancel',
    'cancel',
    `<s0:Folios>${items}</s0:Folios>${element('s0:Acuse', acuse)}${element('s0:Fecha', fecha)}${element('s0:RfcEmisor', rfc)}${codEstatus === undefined ? '' : element('s0:CodEstatus', codEstatus)}`,
  );
}

async function cancel(deps: SimulatorDeps, operation: XmlElement): Promise<string> {
  const now = deps.clock.now();
  const fecha = localDateTime(now, deps.settings.timeZone);
  const rfc = param(operation, 'taxpayer_id').toUpperCase();
  if (!validCredentials(deps.settings, param(operation, 'username'), param(operation, 'password'))) {
    return cancelResult([], '', fecha, rfc, '300');
  }
  const items = cancelItems(operation);
  if (rfc === '' || items.length === 0) return cancelResult([], '', fecha, rfc, '301');
  const certificate = await certificateCode(deps, openSentCredential(deps, operation), rfc);
  if (certificate) return cancelResult([], '', fecha, rfc, certificate);
  await settleLapsedCancellations(deps);
  const folios: FolioResult[] = [];
  for (const item of items) folios.push(await cancelOne(deps, item, rfc));
  const received = folios.filter((folio) => folio.estatusUuid === '201' || folio.estatusUuid === '202');
  const acuse =
    received.length === 0
      ? ''
      : buildAcuse(
          deps,
          rfc,
          received.map((folio) => ({ uuid: folio.uuid, estatusUuid: folio.estatusUuid })),
          now,
        );
  return cancelResult(folios, acuse, fecha, rfc);
}

async function getSatStatus(deps: SimulatorDeps, operation: XmlElement): Promise<string> {
  if (!validCredentials(deps.settings, param(operation, 'username'), param(operation, 'password'))) {
    return resultEnvelope('cancel', 'get_sat_status', element('s0:error', 'Usuario y contraseña inválidos'));
  }
  return satStatusXml(deps, {
    rfcEmisor: param(operation, 'taxpayer_id'),
    rfcReceptor: param(operation, 'rtaxpayer_id'),
    uuid: param(operation, 'uuid'),
    total: param(operation, 'total'),
  });
}

function receiptResult(success: boolean, fields: { uuid: string; rfc: string; receipt?: string; date?: string; error?: string }): string {
  return resultEnvelope(
    'cancel',
    'get_receipt',
    element('s0:success', success ? 'true' : 'false') +
      element('s0:uuid', fields.uuid) +
      element('s0:receipt', fields.receipt) +
      element('s0:taxpayer_id', fields.rfc) +
      element('s0:error', fields.error) +
      element('s0:date', fields.date),
  );
}

/** get_receipt type C: the acuse of a finished cancellation. */
async function getReceipt(deps: SimulatorDeps, operation: XmlElement): Promise<string> {
  const uuid = param(operation, 'uuid').toUpperCase();
  const rfc = param(operation, 'taxpayer_id').toUpperCase();
  if (!validCredentials(deps.settings, param(operation, 'username'), param(operation, 'password'))) {
    return receiptResult(false, { uuid, rfc, error: 'Usuario y contraseña inválidos' });
  }
  if (param(operation, 'type') !== 'C') return receiptResult(false, { uuid, rfc, error: 'Tipo de acuse no disponible; use C (cancelación).' });
  await settleLapsedCancellations(deps);
  const cfdi = await deps.ledger.get(uuid);
  if (!cfdi || cfdi.emisorRfc !== rfc) return receiptResult(false, { uuid, rfc, error: 'UUID no encontrado para el RFC emisor.' });
  const acuse = cfdi.cancellation?.acuse;
  if (cfdi.status !== 'Cancelado' || !acuse) return receiptResult(false, { uuid, rfc, error: 'El UUID no ha sido cancelado; no existe acuse de cancelación.' });
  return receiptResult(true, { uuid, rfc, receipt: acuse, date: localDateTime(cfdi.cancellation?.resolvedAt ?? deps.clock.now(), deps.settings.timeZone) });
}

export async function cancelOperation(deps: SimulatorDeps, operation: XmlElement): Promise<string> {
  switch (operation.local) {
    case 'cancel':
      return cancel(deps, operation);
    case 'get_sat_status':
      return getSatStatus(deps, operation);
    case 'get_receipt':
      return getReceipt(deps, operation);
    case 'get_pending':
      return pendingFor(deps, operation);
    case 'accept_reject':
      return answerAcceptReject(deps, operation);
    default:
      throw new SoapFault('Client', `Unknown operation ${operation.local} of the cancel service.`);
  }
}
