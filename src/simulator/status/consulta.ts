/**
 * The SAT's CFDI status service, ConsultaCFDIService.svc (WCF, SOAP 1.1): SOAPAction
 * http://tempuri.org/IConsultaCFDIService/Consulta, body Consulta/expresionImpresa, answer
 * ConsultaResponse/ConsultaResult with CodigoEstatus, EsCancelable, Estado, EstatusCancelacion
 * and ValidacionEFOS in the data contract namespace. Faults use WCF's faultcodes.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimulatorDeps } from '../deps.ts';
import { readPacRequest } from '../pac/request.ts';
import { element, envelope, escapeXml, param, SoapFault, sendXml } from '../soap.ts';
import { wsdlDocument } from '../pac/wsdl.ts';
import { parseExpression } from './expression.ts';
import { INVALID_EXPRESSION, lookupStatus } from './sat-status.ts';
import type { SatCfdiStatus } from './sat-status.ts';

const CONSULTA_PATH = '/ConsultaCFDIService.svc';
const CONSULTA_ACTION = 'http://tempuri.org/IConsultaCFDIService/Consulta';
const TEMPURI = 'http://tempuri.org/';
const CONTRACT_NAMESPACE = 'http://schemas.datacontract.org/2004/07/Sat.Cfdi.Negocio.ConsultaCfdi.Servicio';

function resultXml(status: SatCfdiStatus): string {
  return envelope(
    `<ConsultaResponse xmlns="${TEMPURI}"><ConsultaResult xmlns:a="${CONTRACT_NAMESPACE}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">` +
      element('a:CodigoEstatus', status.codigoEstatus) +
      element('a:EsCancelable', status.esCancelable) +
      element('a:Estado', status.estado) +
      element('a:EstatusCancelacion', status.estatusCancelacion) +
      element('a:ValidacionEFOS', status.validacionEfos) +
      '</ConsultaResult></ConsultaResponse>',
  );
}

/** A WCF-style fault: faultcode in the addressing "none" namespace, as the .svc services answer. */
function wcfFault(reply: FastifyReply, code: string, message: string): FastifyReply {
  return sendXml(
    reply,
    envelope(
      `<senv:Fault><faultcode xmlns:a="http://schemas.microsoft.com/ws/2005/05/addressing/none">a:${code}</faultcode>` +
        `<faultstring xml:lang="en-US">${escapeXml(message)}</faultstring></senv:Fault>`,
    ),
    500,
  );
}

async function consulta(deps: SimulatorDeps, body: unknown, action: string): Promise<SatCfdiStatus | 'unavailable'> {
  if (action !== CONSULTA_ACTION) {
    throw new SoapFault(
      'Client',
      `The message with Action '${action}' cannot be processed at the receiver, due to a ContractFilter mismatch at the EndpointDispatcher.`,
    );
  }
  const { operation } = await readPacRequest(deps.workers, body, false);
  if (operation.local !== 'Consulta' || operation.namespace !== TEMPURI) {
    throw new SoapFault('Client', `The operation ${operation.local} is not part of IConsultaCFDIService.`);
  }
  const expression = parseExpression(param(operation, 'expresionImpresa'));
  if (!expression) return INVALID_EXPRESSION;
  return lookupStatus(deps, expression);
}

export function registerConsulta(app: FastifyInstance, deps: SimulatorDeps): void {
  app.post(CONSULTA_PATH, async (request, reply) => {
    const action = String(request.headers.soapaction ?? '').replace(/^"|"$/g, '');
    try {
      const status = await consulta(deps, request.body, action);
      if (status === 'unavailable') return wcfFault(reply, 'InternalServiceFault', 'The server was unable to process the request due to an internal error.');
      return sendXml(reply, resultXml(status));
    } catch (error) {
      if (error instanceof SoapFault) return wcfFault(reply, action === CONSULTA_ACTION ? 'DeserializationFailed' : 'ActionNotSupported', error.message);
      request.log.error({ err: error }, 'ConsultaCFDIService failed');
      return wcfFault(reply, 'InternalServiceFault', 'The server was unable to process the request due to an internal error.');
    }
  });
  app.get(CONSULTA_PATH, (_request, reply) =>
    sendXml(
      reply,
      wsdlDocument('ConsultaCFDIService', TEMPURI, `${deps.publicUrl()}${CONSULTA_PATH}`, [{ name: 'Consulta', parameters: ['expresionImpresa'] }]),
    ),
  );
}
