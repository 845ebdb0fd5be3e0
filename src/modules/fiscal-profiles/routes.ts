import type { FastifyRequest, LogLevel } from 'fastify';
import type { Services } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/api-error.ts';
import { isId } from '../../platform/ids.ts';
import { ListQuery, listUrl, mapPage } from '../../platform/http/pagination.ts';
import { IdParam, ListOf, Problem } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { compileValidator } from '../../platform/http/validation.ts';
import { createFiscalProfile } from './create-fiscal-profile.ts';
import { deleteFiscalProfile } from './delete-fiscal-profile.ts';
import { inputFromJson, inputFromMultipart, type ProfileInput, type ProfileJson, type ProfileMultipart } from './input.ts';
import type { FiscalProfileDeps } from './ports.ts';
import { getFiscalProfile, listFiscalProfiles } from './read-fiscal-profiles.ts';
import {
  CreateProfileJson,
  CreateProfileMultipart,
  DeletedFiscalProfile,
  FiscalProfile,
  ManifestBody,
  UpdateProfileJson,
  UpdateProfileMultipart,
} from './schemas.ts';
import { serializeFiscalProfile } from './serialize.ts';
import { signFiscalProfileManifest, type ManifestInput } from './sign-manifest.ts';
import { updateFiscalProfile } from './update-fiscal-profile.ts';
import { registerUploads } from './uploads.ts';

const tags = ['Fiscal profiles'];
const Id = IdParam('Fiscal profile id (`fp_…`)');
const TOO_LARGE = {
  description:
    'A file, a text field or the whole form is over its limit (`fiscal_profile.upload_too_large`, `fiscal_profile.too_many_parts`, `request.body_too_large`).',
  content: { 'application/problem+json': { schema: Problem } },
};

function bodyOf(json: object, form: object) {
  return { content: { 'application/json': { schema: json }, 'multipart/form-data': { schema: form } } };
}

/**
 * File parts arrive as Buffers, which a JSON Schema `type: string` would refuse: the validator
 * sees `format: binary` properties as "anything" (uploads.ts has already checked they are files),
 * while the OpenAPI document keeps describing them as binary strings.
 */
function withoutBinary(schema: object): object {
  const properties = (schema as { properties?: Record<string, { format?: string }> }).properties;
  if (!properties) return schema;
  const relaxed = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, property.format === 'binary' ? {} : property]));
  return { ...schema, properties: relaxed };
}

function profileInput(request: FastifyRequest): ProfileInput {
  return request.isMultipart() ? inputFromMultipart(request.body as ProfileMultipart) : inputFromJson(request.body as ProfileJson);
}

function manifestInput(body: { fiel?: { cer_base64: string; key_base64: string; password: string }; email?: string }): ManifestInput {
  const input = inputFromJson(body.fiel ? { fiel: body.fiel } : {});
  return { ...(input.fiel ? { fiel: input.fiel } : {}), ...(body.email !== undefined ? { email: body.email } : {}) };
}

// Opening a CSD or FIEL derives its key and checks the pair (docs/decisions.md, "Weighted rate limits").
const CREDENTIALS_COST = { rateLimitCost: 10 };

/**
 * The fiscal-profile endpoints (docs/guides/fiscal-profiles.md, docs/contract.md §3), in a scope that also parses
 * multipart, with the dependencies the composition root gives (src/app.ts).
 */
export function registerFiscalProfileRoutes(server: Server, services: Services, deps: FiscalProfileDeps): void {
  server.register(
    async (scope: Server) => {
      await registerUploads(scope);
      scope.setValidatorCompiler(({ schema, httpPart }) => compileValidator(withoutBinary(schema as object), httpPart));
      const now = () => services.clock.now();

      scope.post(
        '/v1/fiscal_profiles',
        {
          config: CREDENTIALS_COST,
          schema: {
            tags,
            summary: 'Create a fiscal profile',
            operationId: 'createFiscalProfile',
            description:
              'multipart/form-data (preferred) with the CSD files, or JSON with base64 files. The RFC comes from the CSD. With the FIEL and `manifest_email` the carta manifiesto is signed at once and the profile is `active`.',
            body: bodyOf(CreateProfileJson, CreateProfileMultipart),
            response: { 201: FiscalProfile, 413: TOO_LARGE },
          },
        },
        async (request, reply) => {
          const ctx = ctxOf(request, services);
          const view = await createFiscalProfile(ctx, deps, profileInput(request));
          return reply.code(201).send(serializeFiscalProfile(view, now()));
        },
      );

      scope.get(
        '/v1/fiscal_profiles',
        {
          schema: {
            tags,
            summary: 'List fiscal profiles',
            operationId: 'listFiscalProfiles',
            querystring: ListQuery,
            response: { 200: ListOf(FiscalProfile) },
          },
        },
        async (request) => {
          const ctx = ctxOf(request, services);
          const page = await listFiscalProfiles(ctx, request.query as ListQuery, listUrl(request));
          const at = now();
          return mapPage(page, (view) => serializeFiscalProfile(view, at));
        },
      );

      scope.get(
        '/v1/fiscal_profiles/:id',
        {
          schema: { tags, summary: 'Retrieve a fiscal profile', operationId: 'getFiscalProfile', params: Id, response: { 200: FiscalProfile } },
        },
        async (request) => {
          const ctx = ctxOf(request, services);
          return serializeFiscalProfile(await getFiscalProfile(ctx, (request.params as { id: string }).id), now());
        },
      );

      scope.patch(
        '/v1/fiscal_profiles/:id',
        {
          config: CREDENTIALS_COST,
          schema: {
            tags,
            summary: 'Update a fiscal profile',
            operationId: 'updateFiscalProfile',
            description: 'Rotate the CSD (same RFC only), add or replace the FIEL, or change the logo, brand colour, legal name, tax regime, zip or metadata.',
            params: Id,
            body: bodyOf(UpdateProfileJson, UpdateProfileMultipart),
            response: { 200: FiscalProfile, 413: TOO_LARGE },
          },
        },
        async (request) => {
          const ctx = ctxOf(request, services);
          const { id } = request.params as { id: string };
          if (!isId('fp', id)) throw notFound('fiscal profile', id);
          const view = await updateFiscalProfile(ctx, deps, id, profileInput(request));
          return serializeFiscalProfile(view, now());
        },
      );

      scope.delete(
        '/v1/fiscal_profiles/:id',
        {
          schema: { tags, summary: 'Delete a fiscal profile', operationId: 'deleteFiscalProfile', params: Id, response: { 200: DeletedFiscalProfile } },
        },
        async (request) => {
          const ctx = ctxOf(request, services);
          const { id } = request.params as { id: string };
          if (!isId('fp', id)) throw notFound('fiscal profile', id);
          return deleteFiscalProfile(ctx, deps, id);
        },
      );

      scope.post(
        '/v1/fiscal_profiles/:id/manifest',
        {
          config: CREDENTIALS_COST,
          schema: {
            tags,
            summary: 'Sign the carta manifiesto',
            operationId: 'signFiscalProfileManifest',
            description:
              'Signs the carta manifiesto with the FIEL sent (then kept on the profile) or the one already stored, and records the contact e-mail; the profile becomes `active`.',
            params: Id,
            body: ManifestBody,
            response: { 200: FiscalProfile },
          },
        },
        async (request) => {
          const ctx = ctxOf(request, services);
          const { id } = request.params as { id: string };
          if (!isId('fp', id)) throw notFound('fiscal profile', id);
          const view = await signFiscalProfileManifest(ctx, deps, id, manifestInput(request.body as Parameters<typeof manifestInput>[0]));
          return serializeFiscalProfile(view, now());
        },
      );
    },
    { logLevel: scopeLogLevel(services.config.logLevel) },
  );
}

/**
 * The multipart parser logs its options, request headers included, at trace level: that would put
 * the caller's API key in the log. These routes log at debug at most.
 */
function scopeLogLevel(level: string): LogLevel {
  return (level === 'trace' ? 'debug' : level) as LogLevel;
}
