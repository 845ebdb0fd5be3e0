import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type FieldError } from '../errors/api-error.ts';
import { ERROR_CATALOG, errorAnchor, errorTypeSlug, isErrorCode } from '../errors/catalog.ts';
import { ERROR_CATALOG_ES } from '../errors/catalog-es.ts';
import { fieldMessageEs } from '../errors/field-words.ts';
import { contentLanguage, requestLanguage, type Language } from '../errors/language.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { fieldErrors } from './validation.ts';
import { renderForVersion } from './versions.ts';

const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';
/** A restarted or failed-over PostgreSQL usually takes connections again within seconds; the pool reconnects on the next request. */
const DATABASE_RETRY_AFTER_SECONDS = '5';
const INVALID_JSON = { en: 'The request body is not valid JSON.', es: 'El contenido enviado no es JSON válido.' };

/**
 * Maps anything thrown while handling a request to an ApiError; a database that cannot be reached
 * is 503 `service.unavailable` (the request may be retried as it is); unknown errors become 500.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) {
    const detail = {
      en: 'The service cannot reach its database at the moment; retry after Retry-After.',
      es: 'El servicio no alcanza su base de datos en este momento; vuelva a intentarlo en unos segundos.',
    };
    return new ApiError('service.unavailable', detail, {
      headers: { 'Retry-After': DATABASE_RETRY_AFTER_SECONDS },
      cause: error,
    });
  }
  const coded = codedError(error);
  if (coded) return coded;
  const fastifyError = error as FastifyError & { validationContext?: string };
  if (fastifyError.validation) {
    const part = fastifyError.validationContext;
    const where = part === 'body' ? 'The request body' : part === 'querystring' ? 'The query string' : `The ${part ?? 'request'}`;
    const errors = fieldErrors(fastifyError.validation as never);
    const count = errors.length === 1 ? 'un dato' : `${errors.length} datos`;
    const detail = {
      en: `${where} does not match the schema of this endpoint.`,
      es: `Hay ${count} que corregir; la lista de errores indica cuáles y por qué.`,
    };
    return new ApiError('request.validation_failed', detail, {
      errors,
    });
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('request.invalid_json', INVALID_JSON);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('request.unsupported_media_type', {
        en: 'This endpoint does not accept that Content-Type: send application/json, or another type /openapi.json lists for this endpoint (multipart/form-data or application/xml where it takes them).',
        es: 'Este servicio no acepta ese tipo de contenido: envíe JSON (application/json), o un formulario o XML donde se aceptan.',
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('request.body_too_large', {
        en: 'The request body is larger than this endpoint accepts.',
        es: 'El contenido enviado es más grande de lo que acepta este servicio.',
      });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('request.invalid_json', {
        en: 'Content-Length does not match the body that was sent.',
        es: 'El tamaño declarado (Content-Length) no coincide con el contenido enviado.',
      });
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new ApiError('request.invalid_json', INVALID_JSON);
  }
  const detail = {
    en: 'Something went wrong on our side; the error was logged with this request id.',
    es: 'Algo falló de nuestro lado; el error quedó registrado con el id de esta solicitud.',
  };
  return new ApiError('internal.error', detail, { cause: error });
}

/**
 * Errors from the engine and the providers carry a catalog code of their own (CfdiError,
 * ProviderError…); platform/ cannot import them, so they are recognised by shape: a catalog
 * `code`, a `detail` or message, and a `retryable` flag that earns a Retry-After.
 */
function codedError(error: unknown): ApiError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, detail, retryable } = error as Error & { code?: unknown; detail?: unknown; retryable?: unknown };
  if (typeof code !== 'string' || !isErrorCode(code) || code === 'internal.error') return undefined;
  const headers: Record<string, string> = retryable === true ? { 'Retry-After': '5' } : {};
  return new ApiError(code, typeof detail === 'string' ? detail : error.message, { headers, cause: error });
}

/**
 * The problem for a path the router refused before matching a route: a parameter over its length
 * limit or a malformed %-escape names nothing, so it is the 404 an unknown id gets (docs/contract.md
 * §2). The path is quoted up to 120 characters.
 */
export function routerProblem(error: FastifyError, url: string, maxParamLength: number): ApiError {
  const whole = url.split('?')[0] ?? url;
  const path = whole.length > 120 ? `${whole.slice(0, 120)}…` : whole;
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new ApiError('resource.not_found', {
      en: `Nothing exists at ${path}: a part of the path is longer than ${maxParamLength} characters, which no id or name is.`,
      es: `No existe nada en ${path}: una parte de la ruta tiene más de ${maxParamLength} caracteres, y ningún id ni nombre es tan largo.`,
    });
  }
  if (error.code === 'FST_ERR_BAD_URL')
    return new ApiError('resource.not_found', {
      en: `Nothing exists at ${path}: the path is not valid percent-encoding.`,
      es: `No existe nada en ${path}: la ruta no está bien codificada (codificación por porcentaje).`,
    });
  return toApiError(error);
}

interface ProblemContext {
  baseUrl: string;
  requestId: string;
  version: string;
  language: Language;
}

/**
 * A problem's detail in Spanish: the call site's own, or else (a detail that is another layer's
 * English words) the code's Spanish title, never the English detail.
 */
function detailEs(error: ApiError): string {
  return error.detailEs ?? `${ERROR_CATALOG_ES[error.code].title}.`;
}

/** A field error in `language`: its own Spanish message, or one worded from its field and code. */
export function fieldErrorIn(error: FieldError, language: Language): FieldError {
  const message = language === 'es' ? (error.messageEs ?? fieldMessageEs(error.path, error.code)) : error.message;
  return { path: error.path, code: error.code, message };
}

/** The RFC 9457 body in the request's language, newest shape, then rendered in the caller's version. */
function problemBody(error: ApiError, context: ProblemContext): Record<string, unknown> {
  const es = context.language === 'es';
  const definition = es ? ERROR_CATALOG_ES[error.code] : ERROR_CATALOG[error.code];
  const body: Record<string, unknown> = {
    type: `${context.baseUrl}/errors/${errorTypeSlug(error.code)}`,
    title: definition.title,
    status: error.status,
    code: error.code,
    detail: es ? detailEs(error) : error.detail,
    remediation: definition.remediation,
    doc_url: `${context.baseUrl}/docs/errors#${errorAnchor(error.code)}`,
    request_id: context.requestId,
    ...error.extensions,
  };
  if (error.errors) body.errors = error.errors.map((field) => fieldErrorIn(field, context.language));
  return renderForVersion(body, context.version);
}

/** Content-Language of an answer whose words are in `language`, and Vary: Accept-Language. */
export function answerInLanguage(reply: FastifyReply, language: Language): void {
  reply.header('Content-Language', contentLanguage(language));
  const vary = reply.getHeader('vary');
  if (typeof vary !== 'string' || !/accept-language/i.test(vary)) reply.header('Vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: ApiError, baseUrl: string): FastifyReply {
  const state = request.state;
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  const language = requestLanguage(request);
  const body = problemBody(error, { baseUrl, requestId: state.requestId, version: state.version, language });
  // The words follow Accept-Language; the code, path, type and status never do.
  answerInLanguage(reply, language);
  return reply.code(error.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}
