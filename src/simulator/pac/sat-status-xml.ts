/** get_sat_status: Finkok relays the SAT's ConsultaCFDIService answer as get_sat_statusResult/sat. */
import type { SimulatorDeps } from '../deps.ts';
import { element } from '../soap.ts';
import { isQueryable } from '../status/expression.ts';
import { INVALID_EXPRESSION, lookupStatus } from '../status/sat-status.ts';
import type { StatusQuery } from '../status/sat-status.ts';
import { resultEnvelope } from './finkok.ts';

export async function satStatusXml(deps: SimulatorDeps, query: StatusQuery): Promise<string> {
  // The PAC builds the SAT's expression from these values: the SAT refuses one it cannot look up.
  const status = isQueryable(query) ? await lookupStatus(deps, query) : INVALID_EXPRESSION;
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
