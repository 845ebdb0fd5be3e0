/** The parts of an OpenAPI 3.1 document that the docs module reads and writes. */
export type JsonSchema = Record<string, unknown>;

export interface Reference {
  $ref: string;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface MediaTypeObject {
  schema?: JsonSchema;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, Reference | Record<string, unknown>>;
  content?: Record<string, MediaTypeObject>;
}

interface RequestBodyObject {
  required?: boolean;
  description?: string;
  content: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<ParameterObject | Reference>;
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject | Reference>;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type PathItem = Partial<Record<HttpMethod, OperationObject>>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string; description?: string }>;
  security?: Array<Record<string, string[]>>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, PathItem>;
  components: {
    schemas?: Record<string, JsonSchema>;
    parameters?: Record<string, ParameterObject>;
    headers?: Record<string, Record<string, unknown>>;
    responses?: Record<string, ResponseObject>;
    securitySchemes?: Record<string, Record<string, unknown>>;
  };
  externalDocs?: { url: string; description?: string };
}

export function isReference(value: unknown): value is Reference {
  return typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string';
}

/** Follows a local `#/components/...` reference; anything else is returned unchanged. */
export function resolveReference<T>(document: OpenApiDocument, value: T | Reference): T {
  if (!isReference(value)) return value;
  const parts = value.$ref.replace(/^#\//, '').split('/');
  let node: unknown = document;
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return (node ?? value) as T;
}

/** Every operation in path order, with its method and path. */
export function operationsOf(document: OpenApiDocument): Array<{ path: string; method: HttpMethod; operation: OperationObject }> {
  const result: Array<{ path: string; method: HttpMethod; operation: OperationObject }> = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) result.push({ path, method, operation });
    }
  }
  return result;
}
