import { ERROR_CATALOG, type ErrorCode } from './catalog.ts';

/** One failing field of a validation problem. */
export interface FieldError {
  /** Dotted path into the request, e.g. `items.0.unit_price`. */
  path: string;
  code: string;
  /** In English, the API's default language. */
  message: string;
  /** The same message in Spanish; without it a Spanish answer words one from the field's name and `code`. */
  messageEs?: string;
}

/** A text in both languages of the service: the English one and its Spanish. */
export interface Bilingual {
  en: string;
  es: string;
}

export interface ApiErrorOptions {
  errors?: FieldError[];
  headers?: Record<string, string>;
  cause?: unknown;
  /** Extra members added to the problem body (e.g. `retry_after`). */
  extensions?: Record<string, unknown>;
}

/**
 * An error with a stable code from the catalog; mapped to an RFC 9457 problem once, at the edge.
 * The detail is given in both languages (`{ en, es }`); only a detail that is another layer's words
 * (a PAC's or the SAT's answer, a parser's finding) is English alone, and a Spanish answer to it is
 * the code's Spanish title.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  /** The detail in Spanish, when the call site wrote one. */
  readonly detailEs: string | undefined;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;
  readonly extensions: Record<string, unknown>;

  constructor(code: ErrorCode, detail?: string | Bilingual, options: ApiErrorOptions = {}) {
    const definition = ERROR_CATALOG[code];
    const english = typeof detail === 'string' ? detail : (detail?.en ?? definition.title);
    super(english, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.detail = english;
    this.detailEs = typeof detail === 'object' ? detail.es : undefined;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }

  get status(): number {
    const status = ERROR_CATALOG[this.code].status;
    return status === 'job' ? 500 : status;
  }
}

/** The Spanish, with its article, of the kinds of object `notFound` names. */
const KINDS_ES: Readonly<Record<string, string>> = {
  'fiscal profile': 'ningún perfil fiscal',
  invoice: 'ninguna factura',
  download: 'ninguna descarga',
  event: 'ningún evento',
  validation: 'ninguna validación',
  'API key': 'ninguna llave de API',
  'webhook endpoint': 'ningún endpoint de webhook',
  account: 'ninguna cuenta conectada',
};

export function notFound(kind: string, id: string): ApiError {
  return new ApiError('resource.not_found', {
    en: `No ${kind} with id '${id}' exists in this organization and mode.`,
    es: `No existe ${KINDS_ES[kind] ?? 'ningún objeto'} con el id '${id}' en esta organización y modo.`,
  });
}
