import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Bilingual, FieldError } from '../errors/api-error.ts';
import { fieldLabel, formatWords } from '../errors/field-words.ts';
import type { Language } from '../errors/language.ts';

// ajv-formats ships CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

function makeAjv(coerceTypes: boolean | 'array'): Ajv {
  const ajv = new Ajv({
    // Unknown fields are an error, never silently dropped, and every failure is reported.
    removeAdditional: false,
    useDefaults: true,
    coerceTypes,
    allErrors: true,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

// Bodies are JSON and typed as sent; query strings and paths are text and need coercion.
const bodyAjv = makeAjv(false);
const textAjv = makeAjv('array');

/** What Fastify calls to validate one part of a request: true, or false with `errors` set. */
export interface Validator {
  (data: unknown): boolean;
  errors?: ValidateFunction['errors'];
}

/**
 * A route's validator, compiled by Ajv on the route's first request rather than when the route is
 * registered: compiling the ~300 schemas of every route at start was a large part of the time to
 * `/readyz` (docs/decisions.md, "Start time").
 */
export function compileValidator(schema: object, httpPart: string | undefined): Validator {
  let compiled: ValidateFunction | undefined;
  const validate: Validator = (data) => {
    compiled ??= (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
    const valid = compiled(data) as boolean;
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
}

const CODES: Record<string, string> = {
  required: 'required',
  additionalProperties: 'unknown_field',
  type: 'invalid_type',
  pattern: 'invalid_format',
  format: 'invalid_format',
  enum: 'invalid_value',
  const: 'invalid_value',
  minLength: 'too_short',
  maxLength: 'too_long',
  minItems: 'too_few_items',
  maxItems: 'too_many_items',
  minProperties: 'too_few_properties',
  maxProperties: 'too_many_properties',
  minimum: 'out_of_range',
  maximum: 'out_of_range',
  exclusiveMinimum: 'out_of_range',
  exclusiveMaximum: 'out_of_range',
  anyOf: 'invalid_value',
  oneOf: 'invalid_value',
};

function joinPath(instancePath: string, child?: string): string {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.join('.');
}

const TYPES: Readonly<Record<string, Bilingual>> = {
  string: { en: 'text', es: 'texto' },
  number: { en: 'a number', es: 'un número' },
  integer: { en: 'a whole number', es: 'un número entero' },
  boolean: { en: 'true or false', es: 'verdadero o falso' },
  array: { en: 'a list', es: 'una lista' },
  object: { en: 'an object', es: 'un objeto' },
  null: { en: 'null', es: 'nulo' },
};

function typeWords(type: unknown, language: Language): string {
  const names = String(type)
    .split(',')
    .map((name) => TYPES[name]?.[language] ?? name);
  return names.join(language === 'es' ? ' o ' : ' or ');
}

function values(list: unknown): string {
  return [...new Set((list as unknown[]).map((value) => JSON.stringify(value)))].join(', ');
}

/** What is wrong with the field, in words of `language`: never ajv's wording, never a regular expression. */
function predicate(error: ErrorObject, language: Language): string {
  const params = error.params as Record<string, unknown>;
  const es = language === 'es';
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return es ? 'falta este dato' : 'is required';
    case 'additionalProperties':
      return es ? 'este campo no se reconoce; quítelo' : 'is not a recognised field; leave it out';
    case 'type':
      return es ? `debe ser ${typeWords(params.type, language)}` : `must be ${typeWords(params.type, language)}`;
    case 'pattern':
      return formatWords('pattern', String(params.pattern), language);
    case 'format':
      return formatWords('format', String(params.format), language);
    case 'enum':
      return es ? `debe ser uno de estos valores: ${values(params.allowedValues)}` : `must be one of ${values(params.allowedValues)}`;
    case 'const': {
      // A union of literals fails once per literal: the message lists them all.
      const allowed = [...new Set((params.allowedValues as unknown[] | undefined) ?? [params.allowedValue])];
      if (allowed.length > 1) return es ? `debe ser uno de estos valores: ${values(allowed)}` : `must be one of ${values(allowed)}`;
      return es ? `debe ser ${JSON.stringify(allowed[0])}` : `must be ${JSON.stringify(allowed[0])}`;
    }
    case 'minLength':
      if (limit === 1) return es ? 'no puede quedar vacío' : 'must not be empty';
      return es ? `debe tener al menos ${limit} caracteres` : `must be at least ${limit} characters long`;
    case 'maxLength':
      return es ? `debe tener como máximo ${limit} caracteres` : `must be at most ${limit} characters long`;
    case 'minItems':
      return es ? `debe tener al menos ${limit} elemento${limit === 1 ? '' : 's'}` : `must have at least ${limit} ${limit === 1 ? 'entry' : 'entries'}`;
    case 'maxItems':
      return es ? `debe tener como máximo ${limit} elementos` : `must have at most ${limit} entries`;
    case 'minProperties':
      return es ? `debe tener al menos ${limit} claves` : `must have at least ${limit} keys`;
    case 'maxProperties':
      return es ? `debe tener como máximo ${limit} claves` : `must have at most ${limit} keys`;
    case 'minimum':
      return es ? `debe ser al menos ${limit}` : `must be at least ${limit}`;
    case 'maximum':
      return es ? `debe ser como máximo ${limit}` : `must be at most ${limit}`;
    case 'exclusiveMinimum':
      return es ? `debe ser mayor que ${limit}` : `must be greater than ${limit}`;
    case 'exclusiveMaximum':
      return es ? `debe ser menor que ${limit}` : `must be less than ${limit}`;
    case 'anyOf':
    case 'oneOf':
      return es ? 'no tiene ninguna de las formas aceptadas' : 'is not in any of the accepted forms';
    default:
      return es ? 'no es válido' : 'is not valid';
  }
}

function describe(path: string, error: ErrorObject, language: Language): string {
  // "Customer's postal code must be …"; "Código postal del cliente: debe ser …".
  const label = path === '' ? WHOLE[language] : fieldLabel(path, language);
  return `${label}${language === 'es' ? ':' : ''} ${predicate(error, language)}.`;
}

/** What a failure of the whole value (no field) is said of. */
const WHOLE: Bilingual = { en: 'The request', es: 'La solicitud' };

const DISCRIMINATING = new Set(['const', 'enum']);
/** Keywords that fail on an object but speak of one of its fields. */
const ABOUT_FIELDS = new Set(['required', 'additionalProperties']);

/**
 * For each `anyOf`/`oneOf` whose branches are shapes (objects) rather than single values, the
 * errors of every branch but the one the value most likely meant, and the union's own error. The
 * meant branch is the one whose type fits the value, whose literal fields (a discriminator such as
 * `source`) match, and with the fewest errors, in that order. Literal errors on a field every
 * branch refuses are kept from all branches, so that the message lists every accepted value.
 */
function unmeantBranchErrors(errors: readonly ErrorObject[]): Set<ErrorObject> {
  const dropped = new Set<ErrorObject>();
  const unions = errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf').sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const union of unions) {
    if (dropped.has(union)) continue;
    const branches = new Map<number, ErrorObject[]>();
    const prefix = `${union.schemaPath}/`;
    for (const error of errors) {
      if (dropped.has(error) || !error.schemaPath.startsWith(prefix)) continue;
      const index = Number.parseInt(error.schemaPath.slice(prefix.length), 10);
      if (!Number.isInteger(index)) continue;
      branches.set(index, [...(branches.get(index) ?? []), error]);
    }
    const all = [...branches.values()].flat();
    // A union of single values (literals, or a type and null): the value's own errors say it all.
    if (all.every((error) => error.instancePath === union.instancePath && !ABOUT_FIELDS.has(error.keyword))) continue;
    const score = (list: ErrorObject[]) => {
      const wrongType = list.some((error) => error.instancePath === union.instancePath && error.keyword === 'type') ? 1 : 0;
      const literals = new Set(
        list.filter((error) => DISCRIMINATING.has(error.keyword) && isChildOf(error.instancePath, union.instancePath)).map((error) => error.instancePath),
      );
      return [wrongType, literals.size, list.length];
    };
    let meant: [number, ErrorObject[]] | undefined;
    for (const entry of [...branches.entries()].sort((a, b) => a[0] - b[0])) {
      if (!meant || compareScores(score(entry[1]), score(meant[1])) < 0) meant = entry;
    }
    if (!meant) continue;
    const meantLiterals = new Set(meant[1].filter((error) => DISCRIMINATING.has(error.keyword)).map((error) => error.instancePath));
    for (const [index, list] of branches) {
      if (index === meant[0]) continue;
      for (const error of list) {
        if (!(DISCRIMINATING.has(error.keyword) && meantLiterals.has(error.instancePath))) dropped.add(error);
      }
    }
    dropped.add(union);
  }
  return dropped;
}

function isChildOf(instancePath: string, parent: string): boolean {
  return instancePath.startsWith(`${parent}/`) && !instancePath.slice(parent.length + 1).includes('/');
}

function compareScores(a: number[], b: number[]): number {
  for (let index = 0; index < a.length; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Turns ajv's errors into the problem's `errors[]` entries, one per failing field. */
export function fieldErrors(all: ErrorObject[], prefix?: string): FieldError[] {
  const unmeant = unmeantBranchErrors(all);
  const errors = all.filter((error) => !unmeant.has(error));
  const seen = new Set<string>();
  const result: FieldError[] = [];
  const constants = new Map<string, unknown[]>();
  for (const error of errors) {
    if (error.keyword !== 'const') continue;
    const list = constants.get(error.instancePath) ?? [];
    list.push((error.params as Record<string, unknown>).allowedValue);
    constants.set(error.instancePath, list);
  }
  for (const raw of errors) {
    const error = raw.keyword === 'const' ? { ...raw, params: { ...raw.params, allowedValues: constants.get(raw.instancePath) } } : raw;
    const params = error.params as Record<string, unknown>;
    const child =
      error.keyword === 'required' ? String(params.missingProperty) : error.keyword === 'additionalProperties' ? String(params.additionalProperty) : undefined;
    let path = joinPath(error.instancePath, child);
    if (prefix && !path) path = prefix;
    const code = CODES[error.keyword] ?? 'invalid';
    const key = `${path}|${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ path, code, message: describe(path, error, 'en'), messageEs: describe(path, error, 'es') });
  }
  return result;
}
