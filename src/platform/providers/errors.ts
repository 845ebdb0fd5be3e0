/**
 * A failure of an external provider (the PAC, the SAT's status, RFC and bulk download services),
 * already given a code of the service's error catalog, and the one function that turns it into a
 * problem. Every client reports its failures as a ProviderError; every module that calls one
 * answers with providerProblem(), choosing only its Retry-After, and for transient failures the
 * code and wording its resource promises.
 */
import { ApiError, type Bilingual } from '../errors/api-error.ts';
import type { ErrorCode } from '../errors/catalog.ts';

/**
 * What went wrong with the exchange: the provider could not be reached (or the connection broke
 * mid-call), did not answer in time, answered with a refusal (its own code in `providerCode`: a
 * Finkok CodigoError, a SAT CodEstatus or fault code, an HTTP status), or answered something that
 * cannot be read.
 */
export type ProviderFailure = 'unreachable' | 'timeout' | 'refused' | 'malformed';

export interface ProviderErrorOptions {
  /** Whether the same call may succeed later. */
  retryable: boolean;
  /** Default `refused`: the provider answered, and the answer was no. */
  failure?: ProviderFailure;
  providerCode?: string | undefined;
  cause?: unknown;
}

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly retryable: boolean;
  readonly failure: ProviderFailure;
  /** The provider's own code, when it gave one. */
  readonly providerCode: string | undefined;

  constructor(
    readonly code: ErrorCode,
    /** What the provider said, or what the client found wrong with the exchange; passed through as it is. */
    readonly detail: string,
    options: ProviderErrorOptions,
  ) {
    super(`${code}: ${detail}`, { cause: options.cause });
    this.retryable = options.retryable;
    this.failure = options.failure ?? 'refused';
    this.providerCode = options.providerCode;
  }

  /** True when the request may have been processed although no answer arrived. */
  get outcomeUnknown(): boolean {
    return this.failure === 'timeout' || this.failure === 'unreachable';
  }

  /** A failure the caller can retry: the provider said so, or it may have acted without answering. */
  get transient(): boolean {
    return this.retryable || this.outcomeUnknown;
  }
}

/** How one resource words a provider failure. */
export interface ProblemPolicy {
  /** Sent as Retry-After with a transient failure. */
  retryAfterSeconds: number;
  /** The catalog code to answer with; default the provider error's own. */
  code?: (error: ProviderError) => ErrorCode;
  /** The detail of a transient failure in both languages; default the provider's text. */
  transientDetail?: (error: ProviderError) => Bilingual;
  /**
   * The operation stays open whatever the failure (a stamp being recovered stays `stamping`):
   * every failure is answered as a transient one.
   */
  pending?: boolean;
}

/**
 * The problem for a provider failure. A transient one carries Retry-After; a definitive one has
 * no wait. The provider's own words are passed through as the English detail (a Spanish answer
 * then gives the code's Spanish title), unless the policy words a transient failure itself.
 */
export function providerProblem(error: ProviderError, policy: ProblemPolicy): ApiError {
  const code = policy.code?.(error) ?? error.code;
  if (!error.transient && !policy.pending) return new ApiError(code, error.detail, { cause: error });
  return new ApiError(code, policy.transientDetail?.(error) ?? error.detail, {
    headers: { 'Retry-After': String(policy.retryAfterSeconds) },
    cause: error,
  });
}
