import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { newId } from '../../platform/ids.ts';
import type { Server } from '../../platform/http/server.ts';
import { ApiKey, createApiKey, serializeApiKey } from '../api-keys/index.ts';
import { insertOrganization } from './repository.ts';

const BootstrapBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  },
  { additionalProperties: false },
);

const Organization = Type.Object(
  {
    object: Type.Literal('organization'),
    id: Type.String(),
    name: Type.String(),
    keys: Type.Object({ test: ApiKey, live: ApiKey }),
  },
  { description: 'An organization with its first keys.' },
);

export function registerOrganizationRoutes(app: Server, services: Services): void {
  app.post('/v1/organizations', {
    config: { public: true },
    schema: {
      tags: ['Organizations'],
      summary: 'Create an organization with a test and a live key (development bootstrap)',
      description: 'Public and unauthenticated; turned off in production (403 `org.bootstrap_disabled`).',
      operationId: 'bootstrapOrganization',
      security: [],
      body: BootstrapBody,
      response: { 201: Organization },
    },
  }, async (request, reply) => {
    if (!services.config.bootstrapEnabled) {
      throw new ApiError('org.bootstrap_disabled', 'Organization bootstrap is turned off on this server; ask its operator for an API key.');
    }
    const at = services.clock.now();
    const result = await services.db.transaction().execute(async (trx) => {
      const organization = await insertOrganization(trx, {
        id: newId('org', at.getTime()),
        name: request.body.name,
        email: request.body.email ?? null,
        parent_id: null,
        created_at: at,
        updated_at: at,
      });
      const test = await createApiKey({ db: trx, organizationId: organization.id, name: 'Default test key', mode: 'test', at });
      const live = await createApiKey({ db: trx, organizationId: organization.id, name: 'Default live key', mode: 'live', at });
      return { organization, test, live };
    });
    return reply.code(201).send({
      object: 'organization' as const,
      id: result.organization.id,
      name: result.organization.name,
      keys: { test: serializeApiKey(result.test.row, result.test.secret), live: serializeApiKey(result.live.row, result.live.secret) },
    });
  });
}
