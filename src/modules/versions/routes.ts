import { Type } from 'typebox';
import type { Server } from '../../platform/http/server.ts';
import { API_VERSIONS, CURRENT_VERSION } from '../../platform/http/versions.ts';

const VersionEntry = Type.Object({
  version: Type.String({ description: 'The date that names the version.' }),
  summary: Type.String(),
  changes: Type.Array(Type.String()),
  sunset_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the version stops being served; while set, its responses carry `Deprecation` and `Sunset`.',
  }),
});

const VersionList = Type.Object(
  {
    object: Type.Literal('list'),
    url: Type.Optional(Type.String({ description: 'Path the list was requested from (from version 2026-07-15).' })),
    current: Type.String({ description: 'The version used when neither the request nor the key names one.' }),
    how_to_pin: Type.String(),
    data: Type.Array(VersionEntry, { description: 'Every version, newest first.' }),
    has_more: Type.Boolean(),
  },
  { $id: 'VersionList' },
);

const HOW_TO_PIN =
  'Send `Invoice-Version: <version>` on a request, or pin a key with `PATCH /v1/api_keys/{id}` and `{"version": "<version>"}` ' +
  '(`null` unpins). The request header wins over the key pin, and the key pin over the current version. ' +
  'Every response names the version it was rendered in, in its `Invoice-Version` header.';

/** `GET /v1/versions`: public, so a client can discover versions before it has a key. */
export function registerVersionRoutes(server: Server): void {
  // A plugin, so that the OpenAPI document sees the route whatever the registration order.
  server.register(async (scope) => {
    scope.get(
      '/v1/versions',
      {
        config: { public: true },
        schema: {
          tags: ['Versions'],
          summary: 'List API versions',
          description: 'Every dated version of the API with its changes, the current version and how to pin one. No API key needed.',
          operationId: 'listVersions',
          security: [],
          response: { 200: VersionList },
        },
      },
      async () => ({
        object: 'list' as const,
        url: '/v1/versions',
        current: CURRENT_VERSION,
        how_to_pin: HOW_TO_PIN,
        data: API_VERSIONS.map((entry) => ({
          version: entry.version,
          summary: entry.summary,
          changes: entry.changes,
          sunset_at: entry.sunsetAt?.toISOString() ?? null,
        })),
        has_more: false,
      }),
    );
  });
}
