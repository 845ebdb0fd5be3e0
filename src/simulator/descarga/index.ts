/**
 * The SAT bulk download services (Descarga Masiva de CFDI, WS v1.5) at the SAT's paths under the
 * simulator's base address: authentication, request, verification and package download. Bodies
 * arrive as text (the simulator parses text/xml and application/soap+xml as strings); every
 * answer is SOAP, and an unexpected failure is the operation's 404 "Error no controlado".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimulatorDeps } from '../deps.ts';
import { authenticate } from './authenticate.ts';
import { CodEstatus } from './codes.ts';
import { descarga } from './descarga.ts';
import { AUTH_NAMESPACE, DESCARGA_NAMESPACE } from './envelope.ts';
import type { SoapEnvelope } from './envelope.ts';
import { SyntheticCredentials } from './credentials.ts';
import { SelectionCache } from './packages.ts';
import { descargaResponse, invalidSecurityFault, solicitaResponse, verificaResponse } from './responses.ts';
import type { SoapAnswer } from './responses.ts';
import { withOperation } from './service.ts';
import type { DescargaService } from './service.ts';
import { readDescargaSettings } from './settings.ts';
import { solicita } from './solicita.ts';
import { DescargaStore } from './store.ts';
import { TokenAuthority } from './token.ts';
import { verifica } from './verifica.ts';

export const DESCARGA_PATHS = {
  authenticate: '/Autenticacion/Autenticacion.svc',
  request: '/SolicitaDescargaService.svc',
  verify: '/VerificaSolicitudDescargaService.svc',
  download: '/DescargaMasivaService.svc',
} as const;

function createDescargaService(deps: SimulatorDeps): DescargaService {
  const settings = readDescargaSettings(deps.settings.descarga);
  const store = new DescargaStore(deps.db);
  return {
    deps,
    settings,
    store,
    tokens: new TokenAuthority(settings.tokenSeconds),
    builder: {
      context: { db: deps.db, settings, timeZone: deps.settings.timeZone },
      ledger: deps.ledger,
      credentials: new SyntheticCredentials(store, deps.ca, deps.clock),
      stamper: { credential: deps.ca.stamping, rfcProvCertif: deps.settings.pacRfc },
      selections: new SelectionCache(),
    },
  };
}

type Handler = (envelope: SoapEnvelope, operation: string, authorization: string | undefined) => Promise<SoapAnswer>;

interface Endpoint {
  path: string;
  namespace: string;
  operations: readonly string[];
  handle: Handler;
  /** What the operation answers when something unexpected breaks. */
  uncontrolled: (operation: string) => SoapAnswer;
}

function endpoints(service: DescargaService): Endpoint[] {
  return [
    {
      path: DESCARGA_PATHS.authenticate,
      namespace: AUTH_NAMESPACE,
      operations: ['Autentica'],
      handle: (envelope) => authenticate(service, envelope),
      uncontrolled: () => invalidSecurityFault(),
    },
    {
      path: DESCARGA_PATHS.request,
      namespace: DESCARGA_NAMESPACE,
      operations: ['SolicitaDescargaEmitidos', 'SolicitaDescargaRecibidos', 'SolicitaDescargaFolio'],
      handle: (envelope, operation, authorization) => solicita(service, envelope, operation, authorization),
      uncontrolled: (operation) => solicitaResponse(operation, CodEstatus.uncontrolled),
    },
    {
      path: DESCARGA_PATHS.verify,
      namespace: DESCARGA_NAMESPACE,
      operations: ['VerificaSolicitudDescarga'],
      handle: (envelope, _operation, authorization) => verifica(service, envelope, authorization),
      uncontrolled: () => verificaResponse({ status: CodEstatus.uncontrolled }),
    },
    {
      path: DESCARGA_PATHS.download,
      namespace: DESCARGA_NAMESPACE,
      operations: ['PeticionDescargaMasivaTercerosEntrada'],
      handle: (envelope, _operation, authorization) => descarga(service, envelope, authorization),
      uncontrolled: () => descargaResponse(CodEstatus.uncontrolled),
    },
  ];
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function registerDescargaMasiva(app: FastifyInstance, deps: SimulatorDeps): Promise<void> {
  const service = createDescargaService(deps);
  for (const endpoint of endpoints(service)) {
    app.post(endpoint.path, async (request, reply) => {
      const incoming = { body: request.body, authorization: header(request, 'authorization'), soapAction: header(request, 'soapaction') };
      let answer: SoapAnswer;
      try {
        answer = await withOperation(incoming, endpoint.namespace, endpoint.operations, async (envelope, operation) => {
          try {
            return await endpoint.handle(envelope, operation, incoming.authorization);
          } catch (error) {
            request.log.error({ err: error }, 'bulk download operation failed');
            return endpoint.uncontrolled(operation);
          }
        });
      } catch (error) {
        request.log.error({ err: error }, 'bulk download request could not be read');
        answer = endpoint.uncontrolled(endpoint.operations[0]!);
      }
      return reply.code(answer.status).type('text/xml; charset=utf-8').send(answer.body);
    });
  }
}
