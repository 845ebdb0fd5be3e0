/**
 * Finkok's utilities service (servicios/soap/utilities): datetime (the server's local time, to
 * write a Fecha the PAC accepts) and get_xml (a stamped CFDI by UUID and emisor RFC).
 */
import { localDateTime } from '../../cfdi/local-time.ts';
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import type { SimulatorDeps } from '../deps.ts';
import { element, param, SoapFault } from '../soap.ts';
import { resultEnvelope, validCredentials } from './finkok.ts';

const AUTH_ERROR = 'Usuario y contraseña inválidos';

export async function utilitiesOperation(deps: SimulatorDeps, operation: XmlElement): Promise<string> {
  const authorized = validCredentials(deps.settings, param(operation, 'username'), param(operation, 'password'));
  switch (operation.local) {
    case 'datetime':
      return resultEnvelope(
        'utilities',
        'datetime',
        authorized
          ? element('s0:datetime', localDateTime(deps.clock.now(), deps.settings.timeZone)) + element('s0:error', undefined)
          : element('s0:error', AUTH_ERROR),
      );
    case 'get_xml': {
      if (!authorized) return resultEnvelope('utilities', 'get_xml', element('s0:error', AUTH_ERROR));
      const cfdi = await deps.ledger.get(param(operation, 'uuid'));
      const found = cfdi && cfdi.emisorRfc === param(operation, 'taxpayer_id').toUpperCase();
      return resultEnvelope(
        'utilities',
        'get_xml',
        found ? element('s0:xml', cfdi.xml) + element('s0:error', undefined) : element('s0:error', 'UUID no encontrado'),
      );
    }
    default:
      throw new SoapFault('Client', `Unknown operation ${operation.local} of the utilities service.`);
  }
}
