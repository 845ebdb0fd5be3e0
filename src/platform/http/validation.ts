import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FieldError } from '../errors/api-error.ts';

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

export function compileValidator(schema: object, httpPart: string | undefined): ValidateFunction {
  return (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
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

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${String(params.missingProperty)} is required.`;
    case 'additionalProperties':
      return `${String(params.additionalProperty)} is not a recognised field.`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}.`;
    default:
      return `${error.message ?? 'is invalid'}.`;
  }
}

/** Turns ajv's errors into the problem's `errors[]` entries, one per failing field. */
export function fieldErrors(errors: ErrorObject[], prefix?: string): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    const child =
      error.keyword === 'required' ? String(params.missingProperty) : error.keyword === 'additionalProperties' ? String(params.additionalProperty) : undefined;
    let path = joinPath(error.instancePath, child);
    if (prefix && !path) path = prefix;
    const code = CODES[error.keyword] ?? 'invalid';
    const key = `${path}|${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ path, code, message: describe(error) });
  }
  return result;
}
