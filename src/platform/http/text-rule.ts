/**
 * One rule for every string an endpoint takes (body fields and keys, query and path
 * parameters): no character that the database or XML cannot carry. A NUL cannot be stored in a
 * PostgreSQL text column, a lone surrogate is not valid JSON for jsonb, and the C0 controls
 * other than tab, LF and CR, U+FFFE and U+FFFF cannot appear in XML 1.0, so a CFDI could never
 * hold them. Each is refused before the handler runs, with the field's path, instead of failing
 * later as a 500.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, type FieldError } from '../errors/api-error.ts';

// XML 1.0 §2.2 Char, on UTF-16 code units; surrogates are judged separately (isWellFormed).
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function describe(text: string): string | undefined {
  const match = NOT_XML_CHARACTER.exec(text);
  if (match) return `contains U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, a character that cannot be stored or written in a CFDI.`;
  if (!(text as string & { isWellFormed(): boolean }).isWellFormed()) return 'contains an unpaired UTF-16 surrogate, which is not a character.';
  return undefined;
}

const join = (path: string, part: string | number) => (path === '' ? String(part) : `${path}.${part}`);

// Each object is walked once: a multipart form's parts point back at the whole form.
function visit(value: unknown, path: string, errors: FieldError[], seen: WeakSet<object>): void {
  if (typeof value === 'string') {
    const problem = describe(value);
    if (problem) errors.push({ path, code: 'invalid_character', message: problem });
    return;
  }
  // Uploaded files are bytes, not text, and streams are not data.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    value.forEach((item, index) => visit(item, join(path, index), errors, seen));
    return;
  }
  // Data only: dates, streams and other instances are not text a client sent.
  if (value instanceof Date || typeof (value as { pipe?: unknown }).pipe === 'function') return;
  // A multipart text part ({type: 'field', fieldname, value}) is its value, named by its field.
  const part = value as { type?: unknown; fieldname?: unknown; value?: unknown };
  if (part.type === 'field' && typeof part.fieldname === 'string') {
    visit(part.value, path, errors, seen);
    return;
  }
  if (part.type === 'file' && typeof part.fieldname === 'string') return;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = describe(key);
    if (keyProblem) errors.push({ path: join(path, key), code: 'invalid_character', message: `The key ${keyProblem}` });
    visit(item, join(path, key), errors, seen);
  }
}

/** Every string in the parsed request parts that holds a forbidden character, by field path. */
function forbiddenText(parts: { params?: unknown; query?: unknown; body?: unknown }): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new WeakSet<object>();
  visit(parts.params, '', errors, seen);
  visit(parts.query, '', errors, seen);
  // A raw text body (an XML document) is judged by what reads it, not as a field.
  if (typeof parts.body !== 'string') visit(parts.body, '', errors, seen);
  return errors;
}

/**
 * Throws the route's invalid-text problem (`config.invalidTextCode`, default
 * `request.validation_failed`) listing every offending field.
 */
export function assertStorableText(request: FastifyRequest): void {
  const errors = forbiddenText(request);
  if (errors.length === 0) return;
  const code = request.routeOptions.config.invalidTextCode ?? 'request.validation_failed';
  const fields = errors.map((error) => error.path || 'the body').join(', ');
  throw new ApiError(code, `${errors.length === 1 ? 'A field holds' : `${errors.length} fields hold`} a character that cannot be stored (${fields}).`, {
    errors,
  });
}
