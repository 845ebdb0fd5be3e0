/**
 * The PAC services at Finkok's paths: /servicios/soap/stamp, /cancel and /utilities, and the
 * manifest signing service at /servicios/soap/firmar. Each accepts POSTs at the bare path and at
 * the `.wsdl` path (clients post to either) and serves its WSDL on GET `.wsdl` or `?wsdl`.
 */
import type { FastifyInstance } from 'fastify';
import type { SimulatorDeps } from '../deps.ts';
import { answerSoap, sendXml } from '../soap.ts';
import { cancelOperation } from './cancel-service.ts';
import { serviceNamespace } from './finkok.ts';
import { manifestOperation } from './manifest-service.ts';
import { readPacRequest, type PacRequest } from './request.ts';
import { stampOperation } from './stamp-service.ts';
import type { Delay } from './stamp-service.ts';
import { utilitiesOperation } from './utilities-service.ts';
import { wsdlDocument } from './wsdl.ts';
import type { OperationShape } from './wsdl.ts';

const AUTH = ['username', 'password'];

interface ServiceDefinition {
  path: string;
  namespace: Parameters<typeof serviceNamespace>[0];
  operations: OperationShape[];
  /** Whether the operations' `xml` parameter is a CFDI to examine (request.ts). */
  examinesCfdi?: boolean;
  handle: (deps: SimulatorDeps, request: PacRequest, delay: Delay) => Promise<string>;
}

const SERVICES: ServiceDefinition[] = [
  {
    path: 'stamp',
    namespace: 'stamp',
    operations: [
      { name: 'stamp', parameters: ['xml', ...AUTH] },
      { name: 'quick_stamp', parameters: ['xml', ...AUTH] },
      { name: 'stamped', parameters: ['xml', ...AUTH] },
      { name: 'query_pending', parameters: [...AUTH, 'uuid'] },
    ],
    examinesCfdi: true,
    handle: stampOperation,
  },
  {
    path: 'cancel',
    namespace: 'cancel',
    operations: [
      { name: 'cancel', parameters: ['UUIDS', ...AUTH, 'taxpayer_id', 'cer', 'key', 'store_pending'] },
      { name: 'get_sat_status', parameters: [...AUTH, 'taxpayer_id', 'rtaxpayer_id', 'uuid', 'total'] },
      { name: 'get_receipt', parameters: [...AUTH, 'taxpayer_id', 'uuid', 'type'] },
      { name: 'get_pending', parameters: [...AUTH, 'rtaxpayer_id'] },
      { name: 'accept_reject', parameters: ['UUIDS_AR', ...AUTH, 'rtaxpayer_id', 'cer', 'key'] },
    ],
    handle: (deps, request) => cancelOperation(deps, request.operation),
  },
  {
    path: 'utilities',
    namespace: 'utilities',
    operations: [
      { name: 'datetime', parameters: [...AUTH, 'zipcode'] },
      { name: 'get_xml', parameters: [...AUTH, 'uuid', 'taxpayer_id', 'invoice_type'] },
    ],
    handle: (deps, request) => utilitiesOperation(deps, request.operation),
  },
  {
    path: 'firmar',
    namespace: 'manifest',
    operations: [
      { name: 'get_contracts_snid', parameters: ['snid', 'taxpayer_id', 'name', 'address', 'email'] },
      { name: 'sign_contract', parameters: ['snid', 'privacy_xml', 'contract_xml'] },
    ],
    handle: (deps, request) => manifestOperation(deps, request.operation),
  },
];

/** Holds answers (the slow-answer magic value) on real timers, released at once when the server closes. */
function delays(app: FastifyInstance): Delay {
  const pending = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const release of pending) release();
    done();
  });
  return (ms) =>
    new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        pending.delete(release);
        resolve();
      };
      const timer = setTimeout(release, ms);
      pending.add(release);
    });
}

export function registerPac(app: FastifyInstance, deps: SimulatorDeps): void {
  const delay = delays(app);
  for (const service of SERVICES) {
    const base = `/servicios/soap/${service.path}`;
    const post = (request: { body: unknown }, reply: Parameters<typeof answerSoap>[0]) =>
      answerSoap(reply, async () => service.handle(deps, await readPacRequest(deps.workers, request.body, service.examinesCfdi ?? false), delay));
    app.post(base, (request, reply) => post(request, reply));
    app.post(`${base}.wsdl`, (request, reply) => post(request, reply));
    const wsdl = (_request: unknown, reply: Parameters<typeof sendXml>[0]) =>
      sendXml(reply, wsdlDocument(service.path, serviceNamespace(service.namespace), `${deps.publicUrl()}${base}`, service.operations));
    app.get(`${base}.wsdl`, wsdl);
    app.get(base, wsdl);
  }
}
