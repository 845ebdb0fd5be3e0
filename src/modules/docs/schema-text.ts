import { isReference, resolveReference, type JsonSchema, type OpenApiDocument, type OperationObject } from './openapi-types.ts';

/** The component name a `#/components/schemas/<name>` reference points at. */
export function schemaName(reference: string): string | undefined {
  const match = /^#\/components\/schemas\/(.+)$/.exec(reference);
  return match ? match[1] : undefined;
}

function members(schema: JsonSchema): JsonSchema[] | undefined {
  const list = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return Array.isArray(list) ? list : undefined;
}

/**
 * A short type label: `string (date-time)`, `"test" | "live"`, `array of ApiKey`, `string | null`.
 * `link` renders a component name (plain text by default).
 */
export function typeLabel(schema: JsonSchema | undefined, link: (name: string) => string = (name) => name): string {
  if (!schema) return 'any';
  if (isReference(schema)) return link(schemaName(schema.$ref) ?? schema.$ref);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = members(schema);
  if (union) return union.map((member) => typeLabel(member, link)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type as string | undefined);
  if (type === 'array') return `array of ${typeLabel(schema.items as JsonSchema | undefined, link)}`;
  if (type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') {
    return `map of ${typeLabel(schema.additionalProperties as JsonSchema, link)}`;
  }
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return `${type ?? 'any'}${format}`;
}

/** Limits and defaults worth a reader's eye: `1–100`, `default 20`, `pattern …`. */
export function constraints(schema: JsonSchema | undefined): string[] {
  if (!schema || isReference(schema)) return [];
  const notes: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) notes.push(`${unit}${min}–${max}`);
    else if (min !== undefined) notes.push(`${unit}≥ ${min}`);
    else if (max !== undefined) notes.push(`${unit}≤ ${max}`);
  };
  range(schema.minimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, 'length ');
  range(schema.minItems, schema.maxItems, 'items ');
  if (schema.maxProperties !== undefined) notes.push(`at most ${schema.maxProperties} keys`);
  if (typeof schema.pattern === 'string') notes.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}

export interface Field {
  /** Dotted path, `[]` marking array items: `items[].taxes[].rate`. */
  path: string;
  required: boolean;
  schema: JsonSchema;
}

/** The object behind a schema, following references and single non-null union members. */
function objectSchema(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const resolved = resolveReference<JsonSchema>(document, schema as JsonSchema);
  if (resolved.properties) return resolved;
  const union = members(resolved)?.filter((member) => (member as JsonSchema).type !== 'null');
  if (union && union.length === 1) return objectSchema(document, union[0]);
  return undefined;
}

/** Every field of a body schema, flattened with dotted paths, to `depth` levels. */
export function flattenFields(document: OpenApiDocument, schema: JsonSchema | undefined, prefix = '', depth = 4): Field[] {
  const object = objectSchema(document, schema);
  if (!object || depth === 0) return [];
  const required = new Set((object.required as string[] | undefined) ?? []);
  const fields: Field[] = [];
  for (const [name, child] of Object.entries(object.properties as Record<string, JsonSchema>)) {
    const path = `${prefix}${name}`;
    fields.push({ path, required: required.has(name), schema: child });
    const resolved = resolveReference<JsonSchema>(document, child);
    const items = resolved.type === 'array' ? (resolved.items as JsonSchema | undefined) : undefined;
    fields.push(...flattenFields(document, items ?? child, `${path}${items ? '[]' : ''}.`, depth - 1));
  }
  return fields;
}

/**
 * The inline JSON object bodies of an operation's 2xx responses: a named schema is described
 * once, under Schemas, so only the unnamed ones need their fields listed beside the operation.
 */
export function successBodies(operation: OperationObject): Array<{ status: string; schema: JsonSchema }> {
  const bodies: Array<{ status: string; schema: JsonSchema }> = [];
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2/.test(status) || isReference(response)) continue;
    const schema = response.content?.['application/json']?.schema;
    if (schema && !isReference(schema) && schema.properties) bodies.push({ status, schema });
  }
  return bodies;
}
