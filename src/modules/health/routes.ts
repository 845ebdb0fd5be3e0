import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import type { Server } from '../../platform/http/server.ts';
import { databaseCheck, runChecks, shippedMigrationCount, type CheckReport, type ReadinessCheck } from './readiness.ts';

const tags = ['Health'];
// Probes are for load balancers and orchestrators: no key, and never cached on the way.
const config = { public: true };
const NO_STORE = 'no-store';

const Liveness = Type.Object({ status: Type.Literal('ok') }, { description: 'The process is up and serving HTTP.' });

const CheckEntry = Type.Object(
  {
    name: Type.String(),
    ok: Type.Boolean(),
    detail: Type.Optional(Type.String({ description: 'Why the check failed.' })),
  },
  { additionalProperties: true, description: 'One readiness check and the facts it reported.' },
);

const readinessFields = {
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')], { description: 'Embedded PGlite or a PostgreSQL server.' }),
  migrations: Type.Object({ applied: Type.Integer(), expected: Type.Integer() }, { description: 'Latest migration applied, and how many this build ships.' }),
  checks: Type.Array(CheckEntry),
  simulator_url: Type.Optional(Type.String({ description: 'Base address of the SAT/PAC simulator this instance uses (outside production).' })),
};

const Ready = Type.Object({ status: Type.Literal('ready'), ...readinessFields }, { description: 'Every readiness check passed.' });

const NOT_READY_DESCRIPTION = 'Problem details naming the failing checks.';
const NotReady = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Literal(503),
    detail: Type.String(),
    request_id: Type.String(),
    ...readinessFields,
  },
  { description: NOT_READY_DESCRIPTION },
);

/**
 * `GET /healthz` (liveness) and `GET /readyz` (readiness). `checks` extends readiness beyond the
 * database: each must pass for the instance to take traffic.
 */
export function registerHealthRoutes(
  server: Server,
  services: Services,
  checks: readonly ReadinessCheck[] = [],
  extras: { simulatorUrl?: string | undefined } = {},
): void {
  const expectedMigrations = shippedMigrationCount();
  const allChecks = [databaseCheck(services.database, expectedMigrations), ...checks];

  // Registered as a plugin so that the OpenAPI document (set up by the docs module) sees these
  // routes whatever the order of registration in the composition root.
  server.register(async (scope) => {
    scope.get(
      '/healthz',
      {
        config,
        schema: { tags, summary: 'Liveness probe', operationId: 'getLiveness', security: [], response: { 200: Liveness } },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', NO_STORE);
        return { status: 'ok' as const };
      },
    );

    scope.get(
      '/readyz',
      {
        config,
        schema: {
          tags,
          summary: 'Readiness probe',
          description:
            'Ready when the database is reachable, every migration is applied and every other dependency check passes. A Redis rate-limit store is reported (`rate_limits`: `redis_reachable`, `local_decisions`) but never makes the node unready: without it the node rate limits with buckets of its own.',
          operationId: 'getReadiness',
          security: [],
          response: { 200: Ready, 503: { description: NOT_READY_DESCRIPTION, content: { 'application/problem+json': { schema: NotReady } } } },
        },
      },
      async (request, reply) => {
        const reports = await runChecks(allChecks);
        const database = reports[0]!;
        const fields = {
          database: services.database.kind,
          migrations: (database.migrations as { applied: number; expected: number } | undefined) ?? { applied: 0, expected: expectedMigrations },
          checks: reports,
          ...(extras.simulatorUrl ? { simulator_url: extras.simulatorUrl } : {}),
        };
        reply.header('Cache-Control', NO_STORE);
        const failing = reports.filter((report) => !report.ok);
        if (failing.length === 0) return { status: 'ready' as const, ...fields };
        const body = { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: describeFailures(failing), request_id: request.id, ...fields };
        return reply.code(503).type('application/problem+json; charset=utf-8').send(JSON.stringify(body));
      },
    );
  });
}

function describeFailures(failing: CheckReport[]): string {
  return failing.map((report) => `${report.name}: ${report.detail ?? 'not ready'}`).join(' ');
}
