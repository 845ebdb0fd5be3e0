import { Problem } from '../../platform/http/schemas.ts';
import { API_VERSIONS, CURRENT_VERSION } from '../../platform/http/versions.ts';
import type { OpenApiDocument, ParameterObject, ResponseObject } from './openapi-types.ts';

export const SECURITY_SCHEME = 'apiKey';
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** The request headers every /v1 operation shares, declared once and referenced. */
const COMMON_PARAMETERS: Record<string, ParameterObject> = {
  InvoiceVersion: {
    name: 'Invoice-Version',
    in: 'header',
    required: false,
    description: `API version to render this request in. Wins over the key's pinned version; without either, ${CURRENT_VERSION} (the current one). An unknown value is 400 \`request.invalid_version\`.`,
    schema: { type: 'string', enum: API_VERSIONS.map((entry) => entry.version) },
  },
  InvoiceAccount: {
    name: 'Invoice-Account',
    in: 'header',
    required: false,
    description: 'Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys.',
    schema: { type: 'string', minLength: 1 },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** Response headers, declared once and referenced. */
const COMMON_HEADERS: Record<string, Record<string, unknown>> = {
  RequestId: { description: 'Id of this request (`req_…`); the same value as `request_id` in problems. Quote it to support.', schema: { type: 'string' } },
  InvoiceVersion: { description: 'The API version the response was rendered in.', schema: { type: 'string' } },
  RateLimitLimit: integerHeader("Ceiling of this key's bucket for this request class (reads or writes)."),
  RateLimitRemaining: integerHeader('Requests left in the bucket after this one.'),
  RateLimitReset: integerHeader('Seconds until the bucket is full again.'),
  RetryAfter: integerHeader('Seconds to wait before retrying.'),
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

export const BASE_RESPONSE_HEADERS = { 'Request-Id': headerRef('RequestId'), 'Invoice-Version': headerRef('InvoiceVersion') };
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': headerRef('RateLimitLimit'),
  'RateLimit-Remaining': headerRef('RateLimitRemaining'),
  'RateLimit-Reset': headerRef('RateLimitReset'),
};

function problemResponse(description: string, extraHeaders: Record<string, unknown> = {}): ResponseObject {
  return {
    description,
    headers: { ...BASE_RESPONSE_HEADERS, ...extraHeaders },
    content: { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } },
  };
}

/** The error responses shared by /v1 operations, by status. */
export const PROBLEM_RESPONSES: Record<string, { name: string; response: ResponseObject }> = {
  400: {
    name: 'BadRequest',
    response: problemResponse(
      'Bad request: an unknown `Invoice-Version`, malformed JSON or an invalid header (`request.*`, `idempotency.key_invalid`, `connect.not_supported_here`).',
    ),
  },
  401: { name: 'Unauthorized', response: problemResponse('Missing, invalid or revoked API key (`auth.unauthorized`, `auth.key_revoked`).') },
  404: {
    name: 'NotFound',
    response: problemResponse('No such object in this organization and mode, or no such endpoint (`resource.not_found`, `request.route_not_found`).'),
  },
  409: {
    name: 'Conflict',
    response: problemResponse(
      'The Idempotency-Key was used with another request, or its first request is still running (`idempotency.key_reuse`, `idempotency.key_processing`), or the object is in the wrong state.',
    ),
  },
  422: {
    name: 'UnprocessableContent',
    response: problemResponse('The request failed validation (`request.validation_failed`, with `errors`) or a business rule.'),
  },
  429: {
    name: 'TooManyRequests',
    response: problemResponse('Rate limit exceeded for this key and request class (`rate_limit.exceeded`).', {
      'Retry-After': headerRef('RetryAfter'),
      ...RATE_LIMIT_HEADERS,
    }),
  },
  500: { name: 'InternalError', response: problemResponse('Unexpected error (`internal.error`); retry with backoff and quote `request_id`.') },
  503: {
    name: 'ServiceUnavailable',
    response: problemResponse(
      'The service cannot take or finish the request right now: more work is waiting than it can finish (`service.overloaded`, expensive requests first), its database cannot be reached for a moment (`service.unavailable`), or CPU-heavy work ran past its time limit (`service.task_timeout`). Retry after `Retry-After`, with backoff and the same Idempotency-Key.',
      { 'Retry-After': headerRef('RetryAfter') },
    ),
  },
};

/** The Problem schema as plain JSON Schema (TypeBox's `$id` is the component's name instead). */
function problemSchema(): Record<string, unknown> {
  const { $id: _id, ...schema } = JSON.parse(JSON.stringify(Problem)) as Record<string, unknown>;
  return schema;
}

/** The components every document carries, merged into what the routes produced. */
export function addCommonComponents(document: OpenApiDocument): void {
  const components = document.components;
  components.schemas = { ...components.schemas, Problem: components.schemas?.Problem ?? problemSchema() };
  components.parameters = { ...components.parameters, ...COMMON_PARAMETERS };
  components.headers = { ...components.headers, ...COMMON_HEADERS };
  components.responses = { ...components.responses };
  for (const { name, response } of Object.values(PROBLEM_RESPONSES)) components.responses[name] = response;
}

const PRUNABLE = ['responses', 'parameters', 'headers'] as const;

/**
 * Drops the shared components nothing refers to (a document without POST routes has no use for
 * Idempotency-Key, say), so the document never carries dead definitions.
 */
export function pruneUnusedComponents(document: OpenApiDocument): void {
  for (let changed = true; changed; ) {
    changed = false;
    const text =
      JSON.stringify({ ...document, components: { ...document.components, schemas: undefined } }) +
      JSON.stringify(Object.values(document.components.schemas ?? {}));
    for (const kind of PRUNABLE) {
      const entries = document.components[kind] ?? {};
      for (const name of Object.keys(entries)) {
        const referenced = text.includes(`"#/components/${kind}/${name}"`);
        if (!referenced) {
          delete (entries as Record<string, unknown>)[name];
          changed = true;
        }
      }
    }
    if (document.components.schemas?.Problem && !text.includes('"#/components/schemas/Problem"')) {
      delete document.components.schemas.Problem;
      changed = true;
    }
  }
}
