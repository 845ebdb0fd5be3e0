/**
 * One rule for every string an endpoint takes (body fields and keys, query and path
 * parameters): no character that the database or XML cannot carry. A NUL cannot be stored in a
 * PostgreSQL text column, a lone surrogate is not valid JSON for jsonb, and the C0 controls
 * other than tab, LF and CR, U+FFFE and U+FFFF cannot appear in XML 1.0, so a CFDI could never
 * hold them. Each is refused before the handler runs, with the field's path, instead of failing
 * later as a 500. A path parameter names something (an id, a UUID, a slug) and no name holds such
 * a character, so there it is a 404, as any other id that names nothing (docs/contract.md §2).
 *
 * The same walk bounds nesting: a body is read without recursion, and one nested deeper than
 * MAX_NESTING_DEPTH is refused at the first level too deep, so no later reader (the schema
 * validator, JSON.stringify, PostgreSQL's jsonb) recurses through thousands of levels.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, type FieldError } from '../errors/api-error.ts';

// XML 1.0 §2.2 Char, on UTF-16 code units; surrogates are judged separately (isWellFormed).
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/**
 * Arrays and objects inside one another, counting the body itself as level 1. The deepest request
 * the API defines (an invoice: items, their taxes…) has 7; far more is no request of this API.
 */
export const MAX_NESTING_DEPTH = 32;

/** The first character of `text` that cannot be carried, named (`U+0000`), or undefined. */
function forbiddenCharacter(text: string): string | undefined {
  const match = NOT_XML_CHARACTER.exec(text);
  if (match) return `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  if (!(text as string & { isWellFormed(): boolean }).isWellFormed()) return 'an unpaired UTF-16 surrogate';
  return undefined;
}

function describe(text: string): string | undefined {
  const character = forbiddenCharacter(text);
  if (character === undefined) return undefined;
  return character.startsWith('U+')
    ? `contains ${character}, a character that cannot be stored or written in a CFDI.`
    : `contains ${character}, which is not a character.`;
}

const join = (path: string, part: string | number) => (path === '' ? String(part) : `${path}.${part}`);

/** A value still to look at, or an object key (judged in its place, before its value). */
type Task = { value: unknown; path: string; depth: number; key?: undefined } | { key: string; path: string };

function tooDeep(path: string): ApiError {
  const message = `nests arrays and objects more than ${MAX_NESTING_DEPTH} levels deep; no request of this API has more than a few.`;
  const messageEs = `anida arreglos y objetos en más de ${MAX_NESTING_DEPTH} niveles; ninguna solicitud de esta API necesita más de unos cuantos.`;
  return new ApiError(
    'request.validation_failed',
    { en: `The request ${message}`, es: `La solicitud ${messageEs}` },
    {
      errors: [{ path, code: 'too_deep', message: `This value ${message}`, messageEs: `Este dato ${messageEs}` }],
    },
  );
}

/**
 * Every forbidden string under `root`, in document order. An explicit stack instead of recursion:
 * a 10 KB body can nest five thousand levels. Each object is walked once: a multipart form's parts
 * point back at the whole form.
 */
function visit(root: unknown, errors: FieldError[], seen: WeakSet<object>): void {
  const stack: Task[] = [{ value: root, path: '', depth: 0 }];
  for (let task = stack.pop(); task !== undefined; task = stack.pop()) {
    if (task.key !== undefined) {
      const keyProblem = describe(task.key);
      if (keyProblem) errors.push({ path: task.path, code: 'invalid_character', message: `The key ${keyProblem}` });
      continue;
    }
    const { value, path, depth } = task;
    if (typeof value === 'string') {
      const problem = describe(value);
      if (problem) errors.push({ path, code: 'invalid_character', message: problem });
      continue;
    }
    // Uploaded files are bytes, not text, and streams are not data.
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || seen.has(value)) continue;
    seen.add(value);
    // Data only: dates, streams and other instances are not text a client sent.
    if (value instanceof Date || typeof (value as { pipe?: unknown }).pipe === 'function') continue;
    // A multipart text part ({type: 'field', fieldname, value}) is its value, named by its field.
    const part = value as { type?: unknown; fieldname?: unknown; value?: unknown };
    if (!Array.isArray(value) && typeof part.fieldname === 'string' && (part.type === 'field' || part.type === 'file')) {
      if (part.type === 'field') stack.push({ value: part.value, path, depth });
      continue;
    }
    if (depth >= MAX_NESTING_DEPTH) throw tooDeep(path);
    // Children are pushed last first, so they are judged (and reported) in document order.
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [name, item] = entries[index]!;
      stack.push({ value: item, path: join(path, name), depth: depth + 1 });
      if (typeof name === 'string') stack.push({ key: name, path: join(path, name) });
    }
  }
}

/** Every string in the parsed request parts that holds a forbidden character, by field path. */
function forbiddenText(parts: { query?: unknown; body?: unknown }): FieldError[] {
  const errors: FieldError[] = [];
  // A read with no query string and no body (most GETs) has nothing to walk.
  const query = holdsText(parts.query) ? parts.query : undefined;
  // A raw text body (an XML document) is judged by what reads it, not as a field.
  const body = typeof parts.body !== 'string' && holdsText(parts.body) ? parts.body : undefined;
  if (query === undefined && body === undefined) return errors;
  const seen = new WeakSet<object>();
  visit(query, errors, seen);
  visit(body, errors, seen);
  return errors;
}

/** False for what the walk would find no string in: nothing, a number or boolean, an object with no enumerable property. */
function holdsText(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (value === null || typeof value !== 'object') return false;
  for (const _ in value) return true;
  return false;
}

/**
 * Throws a 404 `resource.not_found` for a path parameter no name can have; otherwise the route's
 * invalid-text problem (`config.invalidTextCode`, default `request.validation_failed`) listing
 * every offending field, or `request.validation_failed` for a body nested too deep.
 */
export function assertStorableText(request: FastifyRequest): void {
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const name in params) {
    if (!Object.hasOwn(params, name)) continue;
    const value = params[name];
    const character = typeof value === 'string' ? forbiddenCharacter(value) : undefined;
    if (character !== undefined) {
      throw new ApiError('resource.not_found', {
        en: `Nothing exists at ${request.url.split('?')[0]}: the ${name} in its path holds ${character}, which no ${name} has.`,
        es: `No existe nada en ${request.url.split('?')[0]}: el parámetro ${name} de la ruta contiene ${character}, que ningún ${name} lleva.`,
      });
    }
  }
  const errors = forbiddenText(request);
  if (errors.length === 0) return;
  const code = request.routeOptions.config.invalidTextCode ?? 'request.validation_failed';
  const fields = errors.map((error) => error.path || 'the body').join(', ');
  const detail = {
    en: `${errors.length === 1 ? 'A field holds' : `${errors.length} fields hold`} a character that cannot be stored (${fields}).`,
    es: `${errors.length === 1 ? 'Un dato contiene' : `${errors.length} datos contienen`} un carácter que no se puede guardar; la lista de errores indica cuáles.`,
  };
  throw new ApiError(code, detail, { errors });
}
