/** get_sat_status: Finkok relays the SAT's ConsultaCFDIService answer as get_sat_statusResult/sat. */
import type { SimulatorDeps } from '../deps.ts';
import { element } from '../soap.ts';
import { lookupStatus } from '../status/sat-status.ts';
import type { StatusQuery } from '../status/sat-status.ts';
import { resultEnvelope } from './finkok.ts';

export async function satStatusXml(deps: SimulatorDeps, query: StatusQuery): Promise<string> {
  const status = await lookupStatus(deps, query);
  if (status === 'unavailable') {
    return resultEnvelope('cancel', 'get_sat_status', element('s0:error', 'No se pudo conectar al SAT; intente más tarde.'));
  }
  return resultEnvelope(
    'cancel',
    'get_sat_status',
    '<s0:sat>' +
      element('s0:CodigoEstatus', status.codigoEstatus) +
      element('s0:EsCancelable', status.esCancelable) +
      element('s0:Estado', status.estado) +
      element('s0:EstatusCancelacion', status.estatusCancelacion) +
      element('s0:ValidacionEFOS', status.validacionEfos) +
      '</s0:sat>' +
      element('s0:error', undefined),
  );
}
