import type { FastifyRequest } from 'fastify';
import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { listUrl, mapPage } from '../../platform/http/pagination.ts';
import { IdParam, ListOf, Problem } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { createValidation, MAX_VALIDATION_XML_BYTES, type ValidationDeps } from './create-validation.ts';
import { getValidation, listValidations, type ValidationListQuery } from './read-validations.ts';
import { CreateValidationJson, CreateValidationXml, ListValidationsQuery, Validation } from './schemas.ts';
import { renderValidation } from './serialize.ts';

const tags = ['Validations'];
const XML_TYPES = ['application/xml', 'text/xml'];
// Base64 of the largest CFDI, with room for line breaks and the JSON around it.
const JSON_BODY_LIMIT = Math.ceil((MAX_VALIDATION_XML_BYTES * 4) / 3) + 64 * 1024;
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: Problem } } });
const STRICT_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The CFDI's bytes, from either body: base64 in JSON, or the XML itself. */
function documentOf(request: FastifyRequest): Buffer {
  if (Buffer.isBuffer(request.body)) return request.body;
  const encoded = (request.body as { xml_base64: string }).xml_base64.replace(/\s+/g, '');
  if (!STRICT_BASE64.test(encoded) || encoded.length % 4 === 1) {
    throw new ApiError(
      'request.validation_failed',
      { en: 'xml_base64 is not base64.', es: 'El XML enviado en base64 no es base64 válido.' },
      {
        errors: [
          {
            path: 'xml_base64',
            code: 'invalid_format',
            message: 'must be the base64 encoding of the CFDI XML.',
            messageEs: 'XML (base64): debe ser el XML del CFDI codificado en base64.',
          },
        ],
      },
    );
  }
  return Buffer.from(encoded, 'base64');
}

/**
 * The validation endpoints (docs/guides/validations.md), in a scope that also reads XML bodies,
 * with the dependencies the composition root gives (src/app.ts).
 */
export function registerValidationRoutes(server: Server, services: Services, deps: ValidationDeps): void {
  server.register(async (scope: Server) => {
    scope.addContentTypeParser(XML_TYPES, { parseAs: 'buffer', bodyLimit: MAX_VALIDATION_XML_BYTES }, (_request, body, done) => done(null, body));

    scope.post(
      '/v1/validations',
      {
        // Parsing, an XSD pass and two signature checks: about a stamp's CPU, less its network.
        config: { rateLimitCost: 2 },
        bodyLimit: JSON_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Validate a CFDI',
          operationId: 'createValidation',
          description:
            "Checks any CFDI 4.0 (yours or anyone's) and stores the result: safe XML, a CFDI 4.0 Comprobante, its structure against the SAT's XSDs, arithmetic, catalog keys, the issuer's Sello and certificate (a CSD of the Emisor, valid at Fecha), the TimbreFiscalDigital and, when stamped, its live status at the SAT (in test mode, at the simulator). `checks` gives each check's outcome: passed, failed, could not run here (not verifiable here: what the simulator cannot know about a real CFDI, a SAT that cannot be reached; with what would make it verifiable) or not applicable. Send JSON `{\"xml_base64\": …}` or the XML itself with `Content-Type: application/xml`; both give the same result. Bytes that are no XML document are a 422 `cfdi.parse_error` and nothing is stored; any XML document gets a validation, `valid: false` with its `errors` unless every check passed.",
          body: {
            content: {
              'application/json': { schema: CreateValidationJson },
              'application/xml': { schema: CreateValidationXml },
              'text/xml': { schema: CreateValidationXml },
            },
          },
          response: {
            201: Validation,
            413: problem('The CFDI is larger than 4 MiB (`request.body_too_large`).'),
            422: problem(
              'The body is no XML document: empty, not UTF-8 or not well-formed (`cfdi.parse_error`), or the JSON is not as described (`request.validation_failed`).',
            ),
          },
        },
      },
      async (request, reply) => {
        const ctx = ctxOf(request, services);
        const row = await createValidation(ctx, deps, documentOf(request));
        return reply.code(201).send(renderValidation(row));
      },
    );

    scope.get(
      '/v1/validations',
      {
        schema: {
          tags,
          summary: 'List validations, newest first',
          operationId: 'listValidations',
          querystring: ListValidationsQuery,
          response: { 200: ListOf(Validation) },
        },
      },
      async (request) => {
        const ctx = ctxOf(request, services);
        const page = await listValidations(ctx, request.query as ValidationListQuery, listUrl(request));
        return mapPage(page, renderValidation);
      },
    );

    scope.get(
      '/v1/validations/:id',
      {
        schema: {
          tags,
          summary: 'Retrieve a validation',
          operationId: 'getValidation',
          params: IdParam('Validation id (`val_…`)'),
          response: { 200: Validation },
        },
      },
      async (request) => {
        const ctx = ctxOf(request, services);
        return renderValidation(await getValidation(ctx, request.params.id));
      },
    );
  });
}
