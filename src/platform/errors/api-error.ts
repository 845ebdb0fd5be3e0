import { ERROR_CATALOG, type ErrorCode } from './catalog.ts';

/** One failing field of a validation problem. */
export interface FieldError {
  /** Dotted path into the request, e.g. `items.0.unit_price`. */
  path: string;
  code: string;
  message: string;
}

export interface ApiErrorOptions {
  errors?: FieldError[];
  headers?: Record<string, string>;
  cause?: unknown;
  /** Extra members added to the problem body (e.g. `retry_after`). */
  extensions?: Record<string, unknown>;
}

/** An error with a stable code from the catalog; mapped to an RFC 9457 problem once, at the edge. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;
  readonly extensions: Record<string, unknown>;

  constructor(code: ErrorCode, detail?: string, options: ApiErrorOptions = {}) {
    const definition = ERROR_CATALOG[code];
    super(detail ?? definition.title, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.detail = detail ?? definition.title;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }

  get status(): number {
    const status = ERROR_CATALOG[this.code].status;
    return status === 'job' ? 500 : status;
  }
}

export function notFound(kind: string, id: string): ApiError {
  return new ApiError('resource.not_found', `No ${kind} with id '${id}' exists in this organization and mode.`);
}
