import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import type { Server } from '../../platform/http/server.ts';
import { ApiKey, serializeApiKey } from '../api-keys/index.ts';
import { bootstrapOrganization } from './create-organization.ts';

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
  app.post(
    '/v1/organizations',
    {
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
    },
    async (request, reply) => {
      const { organization, test, live } = await bootstrapOrganization(services, {
        name: request.body.name,
        ...(request.body.email ? { email: request.body.email } : {}),
      });
      return reply.code(201).send({
        object: 'organization' as const,
        id: organization.id,
        name: organization.name,
        keys: { test: serializeApiKey(test.row, test.secret), live: serializeApiKey(live.row, live.secret) },
      });
    },
  );
}
