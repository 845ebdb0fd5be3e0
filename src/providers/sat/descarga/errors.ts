/**
 * A failure of the SAT bulk download services, mapped to the service's error catalog. `satCode`
 * keeps the SAT's own code (CodEstatus, a fault code or an HTTP status) for the download's
 * `error.detail`; `retryable` says whether the same call may succeed later.
 */
import type { ErrorCode } from '../../../platform/errors/catalog.ts';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { satCode?: string; retryable: boolean; cause?: unknown },
  ) {
    super(message, { cause: details.cause });
  }

  get satCode(): string | undefined {
    return this.details.satCode;
  }

  get retryable(): boolean {
    return this.details.retryable;
  }
}
