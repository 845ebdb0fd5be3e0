/**
 * What the four bulk download operations share: their dependencies, the token check and the
 * envelope handling that turns any request body into either a parsed operation or the SOAP
 * answer the SAT would give to garbage.
 */
import type { SimulatorDeps } from '../deps.ts';
import type { SatStatus } from './codes.ts';
import { CodEstatus } from './codes.ts';
import { parseEnvelope } from './envelope.ts';
import type { SoapEnvelope } from './envelope.ts';
import type { PackageBuilder } from './packages.ts';
import { actionNotSupportedFault, badRequestFault } from './responses.ts';
import type { SoapAnswer } from './responses.ts';
import type { DescargaSettings } from './settings.ts';
import type { DescargaStore } from './store.ts';
import { tokenFromAuthorization } from './token.ts';
import type { TokenAuthority } from './token.ts';

export interface DescargaService {
  deps: SimulatorDeps;
  settings: DescargaSettings;
  store: DescargaStore;
  tokens: TokenAuthority;
  builder: PackageBuilder;
}

export interface IncomingSoap {
  body: unknown;
  authorization: string | undefined;
  soapAction: string | undefined;
}

/** 300 "Usuario No Válido" unless the Authorization header carries a valid, unexpired token. */
export function checkToken(service: DescargaService, authorization: string | undefined): SatStatus | undefined {
  const token = tokenFromAuthorization(authorization);
  const claims = token === undefined ? undefined : service.tokens.verify(token, service.deps.clock.now());
  return claims ? undefined : CodEstatus.invalidUser;
}

/**
 * Parses the envelope and hands its operation to `handle` when the operation is one this
 * endpoint offers (by namespace and local name); otherwise answers with the right fault.
 */
export async function withOperation(
  incoming: IncomingSoap,
  namespace: string,
  operations: readonly string[],
  handle: (envelope: SoapEnvelope, operation: string) => Promise<SoapAnswer>,
): Promise<SoapAnswer> {
  if (typeof incoming.body !== 'string') return badRequestFault();
  const envelope = parseEnvelope(incoming.body);
  if (typeof envelope === 'string') return badRequestFault();
  try {
    const operation = envelope.operation;
    if (!operation || operation.namespaceUri !== namespace || !operations.includes(operation.name)) {
      const action = incoming.soapAction?.replace(/^"|"$/g, '') ?? `${namespace}/${operation?.name ?? ''}`;
      return actionNotSupportedFault(action);
    }
    return await handle(envelope, operation.name);
  } finally {
    envelope.dispose();
  }
}
