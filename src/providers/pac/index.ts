/** The stamping provider port and its Finkok-compatible SOAP adapter. */
export type { CancelResult, PacClient, StampResult } from './port.ts';
export { FinkokPacClient } from './finkok-client.ts';
export { ProviderError } from '../../platform/providers/errors.ts';
