import { fastifySwagger, formatParamUrl } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Server } from '../../platform/http/server.ts';
import { CURRENT_VERSION } from '../../platform/http/versions.ts';
import {
  addCommonComponents,
  pruneUnusedComponents,
  BASE_RESPONSE_HEADERS,
  PROBLEM_MEDIA_TYPE,
  PROBLEM_RESPONSES,
  RATE_LIMIT_HEADERS,
  SECURITY_SCHEME,
} from './openapi-common.ts';
import { HTTP_METHODS, isReference, type OpenApiDocument, type OperationObject } from './openapi-types.ts';
import { describeTags } from './tags.ts';

/** How a route is reached, read from its Fastify config. */
interface RouteAccess {
  public: boolean;
  connect: boolean;
}

const API_DESCRIPTION = `CFDI 4.0 electronic invoicing for Mexico: register issuers (fiscal profiles), create and stamp invoices through an authorized provider (PAC), cancel them, validate any CFDI, download CFDIs in bulk from the SAT, keep a profile's CFDI history synchronized, and receive signed webhooks.

**Authentication.** Every /v1 request sends \`Authorization: Bearer <key>\`. Test keys (\`sk_test_…\`) and live keys (\`sk_live_…\`) see separate data. Operations marked public need no key.

**Versions.** Send \`Invoice-Version: <date>\` or pin a key; the current version is ${CURRENT_VERSION}. GET /v1/versions lists them all.

**Errors.** Every error is an RFC 9457 problem (\`application/problem+json\`) with a stable \`code\`; the catalog is at /docs/errors.

**Retries.** POST requests accept an \`Idempotency-Key\`; lists are paginated newest first with \`limit\`, \`starting_after\` and \`ending_before\`.

Guides: /docs/guides. Full text for machine readers: /llms-full.txt.`;

// The methods whose /v1 requests honour Idempotency-Key (src/platform/http/idempotency.ts).
const IDEMPOTENT_METHODS = new Set(['post', 'delete']);

function isApiPath(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/');
}

/**
 * Generates the OpenAPI document from the routes' schemas with @fastify/swagger. The plugin
 * function is applied to the root instance directly instead of through `register`: `register`
 * would only run it when the server boots, and its onRoute hook would then miss every route the
 * composition root adds synchronously in between. Routes added before this call are not seen.
 */
export function installOpenApi(server: Server, config: Config): void {
  const access = new Map<string, RouteAccess>();
  fastifySwagger(
    server,
    {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Invoicing API', version: CURRENT_VERSION, description: API_DESCRIPTION },
        servers: [{ url: config.baseUrl, description: 'This server (BASE_URL)' }],
        externalDocs: { url: `${config.baseUrl}/docs`, description: 'API reference, guides and error catalog' },
        components: {
          securitySchemes: {
            [SECURITY_SCHEME]: {
              type: 'http',
              scheme: 'bearer',
              description: 'A secret API key: `sk_test_…` for test mode, `sk_live_…` for live mode.',
            },
          },
        },
        security: [{ [SECURITY_SCHEME]: [] }],
      },
      // BASE_URL may carry a path; the routes are documented exactly as registered.
      stripBasePath: false,
      // Schemas with an `$id` (ApiKey, Problem…) become components under that name.
      refResolver: { buildLocalReference: (json, _base, _fragment, index) => (typeof json.$id === 'string' ? json.$id : `Schema${index}`) },
      transform: ({ schema, url, route }) => {
        const routeConfig = route.config ?? {};
        const path = formatParamUrl(url);
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods)
          access.set(`${method.toLowerCase()} ${path}`, { public: routeConfig.public === true, connect: routeConfig.connect !== false });
        const named = nameTopLevelSchemas(schema);
        return { schema: routeConfig.public ? { ...named, security: [] } : named, url };
      },
      transformObject: (documentObject) => completeDocument((documentObject as unknown as { openapiObject: OpenApiDocument }).openapiObject, access) as never,
    },
    (error) => {
      if (error) throw error;
    },
  );
}

const SCHEMA_NAME = 'x-schema-name';
function markNamed(schema: unknown): unknown {
  const value = schema as Record<string, unknown> | undefined;
  return value && typeof value.$id === 'string' ? { ...value, [SCHEMA_NAME]: value.$id } : schema;
}

/**
 * The plugin inlines a body or response schema that has an `$id` when it is the top-level schema
 * (nested ones become components). Marking it lets completeDocument turn it into a reference too,
 * so `ApiKey` is one component whether a route returns it alone or inside a list.
 */
function nameTopLevelSchemas(routeSchema: FastifySchema): FastifySchema {
  const schema = routeSchema as Record<string, unknown> | undefined;
  if (!schema) return routeSchema;
  const response = schema.response as Record<string, Record<string, unknown>> | undefined;
  const namedResponse =
    response &&
    Object.fromEntries(
      Object.entries(response).map(([status, value]) => {
        const content = value.content as Record<string, { schema: unknown }> | undefined;
        if (!content) return [status, markNamed(value)];
        return [
          status,
          { ...value, content: Object.fromEntries(Object.entries(content).map(([type, media]) => [type, { ...media, schema: markNamed(media.schema) }])) },
        ];
      }),
    );
  return { ...schema, ...(schema.body ? { body: markNamed(schema.body) } : {}), ...(namedResponse ? { response: namedResponse } : {}) } as FastifySchema;
}

/** Replaces a marked inline schema by a reference to its component (added when missing). */
function referenceNamed(document: OpenApiDocument, media: { schema?: Record<string, unknown> } | undefined): void {
  const name = media?.schema?.[SCHEMA_NAME];
  if (!media?.schema || typeof name !== 'string') return;
  const { [SCHEMA_NAME]: _name, ...schema } = media.schema;
  document.components.schemas = { ...document.components.schemas };
  document.components.schemas[name] ??= schema;
  media.schema = { $ref: `#/components/schemas/${name}` };
}

const DEFAULT_DESCRIPTIONS: Record<string, string> = { 200: 'Success.', 201: 'Created.', 202: 'Accepted.', 204: 'No content.' };

/** Adds what every operation shares: common headers, problem responses, response headers, tags. */
function completeDocument(document: OpenApiDocument, access: Map<string, RouteAccess>): OpenApiDocument {
  addCommonComponents(document);
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const route = access.get(`${method} ${path}`) ?? { public: operation.security?.length === 0, connect: true };
      completeOperation(document, operation, method, isApiPath(path), route);
      for (const tag of operation.tags ?? []) tags.add(tag);
    }
  }
  document.tags = describeTags(tags);
  pruneUnusedComponents(document);
  return document;
}

function completeOperation(document: OpenApiDocument, operation: OperationObject, method: string, api: boolean, route: RouteAccess): void {
  const authenticated = api && !route.public;
  if (api) {
    const parameters = [{ $ref: '#/components/parameters/InvoiceVersion' }];
    if (authenticated && route.connect) parameters.push({ $ref: '#/components/parameters/InvoiceAccount' });
    if (authenticated && IDEMPOTENT_METHODS.has(method)) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
    operation.parameters = [...(operation.parameters ?? []), ...parameters];
  }
  for (const media of Object.values(operation.requestBody?.content ?? {})) referenceNamed(document, media);
  for (const [status, response] of Object.entries(operation.responses)) {
    if (isReference(response)) continue;
    for (const media of Object.values(response.content ?? {})) referenceNamed(document, media);
    // The plugin's placeholder for a response schema without a description.
    if (response.description === 'Default Response') response.description = DEFAULT_DESCRIPTIONS[status] ?? `Status ${status}.`;
    const rateLimited = authenticated && status !== '429';
    response.headers = { ...BASE_RESPONSE_HEADERS, ...(rateLimited ? RATE_LIMIT_HEADERS : {}), ...response.headers };
    // A route that declares the Problem schema for an error answers with the problem media type.
    const json = response.content?.['application/json'];
    if (Number(status) >= 400 && json && isReference(json.schema) && json.schema.$ref.endsWith('/Problem')) {
      response.content = { [PROBLEM_MEDIA_TYPE]: json };
    }
  }
  for (const status of problemStatuses(operation, method, api, authenticated)) {
    const shared = PROBLEM_RESPONSES[status]!;
    const own = operation.responses[status];
    if (own === undefined) operation.responses[status] = { $ref: `#/components/responses/${shared.name}` };
    // A route that documents its own answer for a shared status (a 503 from the SAT, say) can
    // still meet the shared causes: its description lists both, its headers include the shared ones.
    else if (!isReference(own)) {
      own.description = `${own.description} Also, as for every operation: ${shared.response.description}`;
      own.headers = { ...shared.response.headers, ...own.headers };
    }
  }
  operation.responses = Object.fromEntries(Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Authenticated /v1 calls can meet every shared error: each reads the database to authenticate
 * (503 when it cannot be reached) and passes load shedding and the rate limit (503, 429). Public
 * ones meet only those that apply to them: a public write reaches the database (503); a public
 * read answers from memory.
 */
function problemStatuses(operation: OperationObject, method: string, api: boolean, authenticated: boolean): string[] {
  if (!api) return ['500'];
  const takesInput =
    operation.requestBody !== undefined || (operation.parameters ?? []).some((parameter) => !isReference(parameter) && parameter.in !== 'header');
  if (!authenticated) return ['400', ...(takesInput ? ['422'] : []), '500', ...(method === 'get' ? [] : ['503'])];
  return ['400', '401', '404', ...(IDEMPOTENT_METHODS.has(method) ? ['409'] : []), '422', '429', '500', '503'];
}
