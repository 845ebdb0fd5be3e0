/**
 * A failure of an external provider (PAC, SAT), already translated to the service's error
 * catalog: a stable code, a detail naming what the provider said, and whether retrying the same
 * call can succeed. The API edge turns it into a problem response like any other coded error.
 */
import type { ErrorCode } from '../platform/errors/catalog.ts';

/** Why the call failed: the provider answered with a rejection, or the exchange itself failed. */
export type ProviderFailure = 'rejected' | 'timeout' | 'network' | 'unavailable' | 'invalid_response';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly retryable: boolean,
    readonly failure: ProviderFailure = 'rejected',
    /** The provider's own code (Finkok CodigoError, SAT EstatusUUID), when it gave one. */
    readonly providerCode?: string,
  ) {
    super(`${code}: ${detail}`);
  }

  /** True when the request may have been processed although no answer arrived (timeouts). */
  get outcomeUnknown(): boolean {
    return this.failure === 'timeout' || this.failure === 'network';
  }
}
