/**
 * Finkok's stamping service (servicios/soap/stamp): stamp, quick_stamp, stamped (the stamp a
 * comprobante received before, for clients that lost the first answer) and query_pending.
 * Request: `<tns:stamp><tns:xml>base64 CFDI</tns:xml><tns:username/><tns:password/></tns:stamp>`;
 * answer: `stampResult` with xml, UUID, Fecha, CodEstatus, SatSeal, Incidencias, NoCertificadoSAT.
 */
import type { TimbreFiscalDigital } from '../../cfdi/model.ts';
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import type { SimulatorDeps } from '../deps.ts';
import { localDateTime } from '../../cfdi/local-time.ts';
import type { LedgerCfdi } from '../ledger.ts';
import { element, param, SoapFault } from '../soap.ts';
import { INVALID_CREDENTIALS, incidenciasXml, resultEnvelope, validCredentials } from './finkok.ts';
import type { Incidencia } from './finkok.ts';
import { MAGIC_SERIE } from './magic.ts';
import type { PacRequest } from './request.ts';
import { checkForStamp, selloHash } from './stamp-rules.ts';
import { issueStamp, timbreOf } from './stamper.ts';

const STAMPED_OK = 'Comprobante timbrado satisfactoriamente';
/** What Finkok's `stamped` answers for a comprobante it stamped before. */
const STAMPED_FOUND = 'Comprobante recibido satisfactoriamente';

/** Waits (without the simulator's clock) unless the server is shutting down. */
export type Delay = (ms: number) => Promise<void>;

function now(deps: SimulatorDeps): string {
  return localDateTime(deps.clock.now(), deps.settings.timeZone);
}

function resultXml(
  operation: string,
  cfdi: LedgerCfdi | undefined,
  codEstatus: string,
  incidencias: Incidencia[],
  at: string,
  known?: TimbreFiscalDigital,
): string {
  if (!cfdi) return resultEnvelope('stamp', operation, incidenciasXml(incidencias, at));
  const timbre = known ?? timbreOf(cfdi);
  return resultEnvelope(
    'stamp',
    operation,
    element('s0:xml', cfdi.xml) +
      element('s0:UUID', cfdi.uuid) +
      element('s0:Fecha', timbre.FechaTimbrado) +
      element('s0:CodEstatus', codEstatus) +
      element('s0:SatSeal', timbre.SelloSAT) +
      incidenciasXml(incidencias, at) +
      element('s0:NoCertificadoSAT', timbre.NoCertificadoSAT),
  );
}

async function stamp(deps: SimulatorDeps, request: PacRequest, name: string, delay: Delay): Promise<string> {
  const { operation, cfdi } = request;
  const at = now(deps);
  if (!validCredentials(deps.settings, param(operation, 'username'), param(operation, 'password'))) {
    return resultXml(name, undefined, '', [INVALID_CREDENTIALS], at);
  }
  if (!cfdi || cfdi.outcome === 'not_base64' || cfdi.outcome === 'sello') {
    return resultXml(name, undefined, '', [{ code: '301', message: 'XML mal formado: el parámetro xml no es base64.' }], at);
  }
  if (cfdi.outcome === 'outage') throw new SoapFault('Server', 'Servicio de timbrado no disponible temporalmente.', 503);
  const check = await checkForStamp(deps, cfdi);
  if (check.outcome === 'rejected') return resultXml(name, undefined, '', check.incidencias, at);
  if (check.outcome === 'duplicate') {
    // Finkok: 307 "El CFDI contiene un timbre previo", with the stamp issued the first time.
    const previous = check.previous;
    return resultXml(
      name,
      previous,
      '',
      [{ code: '307', message: 'El CFDI contiene un timbre previo', uuid: previous.uuid, rfcEmisor: previous.emisorRfc }],
      at,
    );
  }
  const outcome = await issueStamp(deps, check);
  if (outcome.duplicate) {
    return resultXml(name, outcome.cfdi, '', [{ code: '307', message: 'El CFDI contiene un timbre previo', uuid: outcome.cfdi.uuid }], at, outcome.timbre);
  }
  if (check.subject.serie === MAGIC_SERIE.slowAnswer) await delay(deps.settings.slowResponseMs);
  return resultXml(name, outcome.cfdi, STAMPED_OK, [], at, outcome.timbre);
}

/** `stamped`: the stamp a comprobante (identified by its Sello) already received, or 603. */
async function stamped(deps: SimulatorDeps, request: PacRequest): Promise<string> {
  const { operation, cfdi } = request;
  const at = now(deps);
  if (!validCredentials(deps.settings, param(operation, 'username'), param(operation, 'password'))) {
    return resultXml('stamped', undefined, '', [INVALID_CREDENTIALS], at);
  }
  const sello = cfdi?.outcome === 'sello' ? cfdi.sello : undefined;
  if (sello === undefined) return resultXml('stamped', undefined, '', [{ code: '301', message: 'XML mal formado.' }], at);
  const previous = await deps.ledger.findBySelloHash(selloHash(sello));
  if (!previous) return resultXml('stamped', undefined, '', [{ code: '603', message: 'El CFDI no contiene un timbre previo' }], at);
  return resultXml('stamped', previous, STAMPED_FOUND, [], at);
}

/** `query_pending`: whether a stamped UUID reached the SAT (the simulator delivers at once: status S). */
async function queryPending(deps: SimulatorDeps, operation: XmlElement): Promise<string> {
  if (!validCredentials(deps.settings, param(operation, 'username'), param(operation, 'password'))) {
    return resultEnvelope('stamp', 'query_pending', element('s0:error', INVALID_CREDENTIALS.message));
  }
  const cfdi = await deps.ledger.get(param(operation, 'uuid'));
  if (!cfdi) return resultEnvelope('stamp', 'query_pending', element('s0:error', 'UUID no encontrado'));
  return resultEnvelope(
    'stamp',
    'query_pending',
    element('s0:status', 'S') + element('s0:uuid', cfdi.uuid) + element('s0:error', undefined) + element('s0:date', cfdi.fechaTimbrado.toISOString()),
  );
}

export async function stampOperation(deps: SimulatorDeps, request: PacRequest, delay: Delay): Promise<string> {
  const { operation } = request;
  switch (operation.local) {
    case 'stamp':
    case 'quick_stamp':
      return stamp(deps, request, operation.local, delay);
    case 'stamped':
      return stamped(deps, request);
    case 'query_pending':
      return queryPending(deps, operation);
    default:
      throw new SoapFault('Client', `Unknown operation ${operation.local} of the stamp service.`);
  }
}
