/**
 * The receptor's side of a cancellation through the PAC: get_pending lists the UUIDs waiting for
 * its answer; accept_reject answers them (UUIDS_AR/uuids_ar/UUID_AR {uuid, respuesta
 * "Aceptacion"|"Rechazo"}) with the SAT's codes: 1000 answer received, 1001 no pending request
 * for the UUID, 1003 the certificate is not the receptor's, 1005 malformed UUID.
 */
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import type { SimulatorDeps } from '../deps.ts';
import { child, children, element, param } from '../soap.ts';
import { buildAcuse } from './acuse.ts';
import { openSentCredential } from './sent-credential.ts';
import { UUID_PATTERN } from './cancel-request.ts';
import { resultEnvelope, validCredentials } from './finkok.ts';
import { settleLapsedCancellations } from '../status/sat-status.ts';

export async function pendingFor(deps: SimulatorDeps, operation: XmlElement): Promise<string> {
  if (!validCredentials(deps.settings, param(operation, 'username'), param(operation, 'password'))) {
    return resultEnvelope('cancel', 'get_pending', element('s0:error', 'Usuario y contraseña inválidos'));
  }
  await settleLapsedCancellations(deps);
  const pending = await deps.ledger.pendingFor(param(operation, 'rtaxpayer_id').toUpperCase());
  const uuids = pending.map((cfdi) => element('tns:string', cfdi.uuid)).join('');
  return resultEnvelope('cancel', 'get_pending', `<s0:uuids>${uuids}</s0:uuids>`);
}

async function answerOne(deps: SimulatorDeps, receptor: string, uuid: string, accept: boolean): Promise<string> {
  if (!UUID_PATTERN.test(uuid)) return '1005';
  const cfdi = await deps.ledger.get(uuid);
  if (!cfdi || cfdi.receptorRfc !== receptor || cfdi.cancellation?.status !== 'En proceso') return '1001';
  const now = deps.clock.now();
  await deps.ledger.resolveCancellation(cfdi.uuid, accept ? 'Cancelado con aceptación' : 'Solicitud rechazada', now);
  if (accept) await deps.ledger.setAcuse(cfdi.uuid, buildAcuse(deps, cfdi.emisorRfc, [{ uuid: cfdi.uuid, estatusUuid: '201' }], now));
  return '1000';
}

export async function answerAcceptReject(deps: SimulatorDeps, operation: XmlElement): Promise<string> {
  if (!validCredentials(deps.settings, param(operation, 'username'), param(operation, 'password'))) {
    return resultEnvelope('cancel', 'accept_reject', element('s0:error', 'Usuario y contraseña inválidos'));
  }
  const receptor = param(operation, 'rtaxpayer_id').toUpperCase();
  const credential = openSentCredential(deps, operation);
  const list = child(operation, 'UUIDS_AR');
  const items = (list ? children(child(list, 'uuids_ar') ?? list, 'UUID_AR') : []).map((item) => ({
    uuid: param(item, 'uuid'),
    accept: param(item, 'respuesta') === 'Aceptacion',
  }));
  await settleLapsedCancellations(deps);
  const accepted: string[] = [];
  const rejected: string[] = [];
  for (const item of items) {
    const status = credential?.certificate.rfc === receptor ? await answerOne(deps, receptor, item.uuid, item.accept) : '1003';
    const line = `<s0:${item.accept ? 'Acepta' : 'Rechaza'}>${element('s0:status', status)}${element('s0:uuid', item.uuid.toUpperCase())}</s0:${item.accept ? 'Acepta' : 'Rechaza'}>`;
    (item.accept ? accepted : rejected).push(line);
  }
  return resultEnvelope('cancel', 'accept_reject', `<s0:rechazo>${rejected.join('')}</s0:rechazo><s0:aceptacion>${accepted.join('')}</s0:aceptacion>`);
}
