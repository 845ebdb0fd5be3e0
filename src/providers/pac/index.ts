/** The stamping provider port and its Finkok-compatible SOAP adapter. */
export type {
  CancellationMotivo, CancelRequest, CancelResult, ManifestRequest, ManifestResult, PacClient, StampResult,
} from './port.ts';
export { FinkokPacClient } from './finkok-client.ts';
export type { FinkokOptions } from './finkok-client.ts';
export { ProviderError } from '../errors.ts';
export type { ProviderFailure } from '../errors.ts';
