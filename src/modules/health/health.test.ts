import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { readMigrations } from '../../platform/db/migrate.ts';
import type { AuthBackend } from '../../platform/http/auth.ts';
import { MemoryRateLimiter } from '../../platform/http/rate-limit-memory.ts';
import { createServer } from '../../platform/http/server.ts';
import { registerHealthRoutes, type ReadinessCheck } from './index.ts';

// The probes are public: a server for them needs no key storage.
const noKeys: AuthBackend = { findKeyByHash: async () => null, findOrganization: async () => null, markKeyUsed: async () => {} };

describe('health probes', () => {
  let t: TestApp;
  const expected = readMigrations().length;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('GET /healthz answers 200 ok without an API key and is never cached', async () => {
    const response = await t.request({ method: 'GET', url: '/healthz' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok' });
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.match(String(response.headers['request-id']), /^req_/);
  });

  test('GET /readyz reports the database kind and every migration applied', async () => {
    const response = await t.request({ method: 'GET', url: '/readyz' });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.status, 'ready');
    assert.equal(body.database, t.app.services.database.kind);
    assert.deepEqual(body.migrations, { applied: expected, expected });
    assert.deepEqual(
      body.checks.map((check: { name: string; ok: boolean }) => [check.name, check.ok]),
      [
        ['database', true],
        ['draining', true],
        ['catalogs', true],
      ],
    );
  });

  test('a pending migration makes /readyz a 503 problem naming it, and applying it makes it ready again', async () => {
    const db = t.app.services.db;
    const last = await sql<{ version: number; name: string }>`SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1`.execute(db);
    const row = last.rows[0]!;
    await sql`DELETE FROM schema_migrations WHERE version = ${row.version}`.execute(db);
    try {
      const response = await t.request({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 503);
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
      const body = response.json();
      assert.equal(body.status, 503);
      assert.equal(body.title, 'Service Unavailable');
      assert.deepEqual(body.migrations, { applied: expected - 1, expected });
      assert.match(body.detail, new RegExp(`database: Migrations pending: ${expected - 1} of ${expected} applied`));
      assert.equal(body.request_id, response.headers['request-id']);
      assert.equal(body.checks[0].ok, false);
    } finally {
      await sql`INSERT INTO schema_migrations (version, name) VALUES (${row.version}, ${row.name})`.execute(db);
    }
    assert.equal((await t.request({ method: 'GET', url: '/readyz' })).statusCode, 200);
  });

  test('readiness checks passed in by the composition root join the report; one failing or throwing makes it 503', async () => {
    const services = t.app.services;
    const checks: ReadinessCheck[] = [
      { name: 'simulator', run: async () => ({ ok: true, facts: { url: 'http://127.0.0.1:3001' } }) },
      { name: 'catalogs', run: async () => ({ ok: false, detail: 'SAT catalogs were never imported.' }) },
      {
        name: 'flaky',
        run: async () => {
          throw new Error('connection refused');
        },
      },
    ];
    const server = createServer({ services, auth: noKeys, rateLimiter: new MemoryRateLimiter() });
    registerHealthRoutes(server, services, checks);
    try {
      const response = await server.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 503);
      const body = response.json();
      assert.deepEqual(
        body.checks.map((check: { name: string }) => check.name),
        ['database', 'simulator', 'catalogs', 'flaky'],
      );
      assert.equal(body.checks[1].url, 'http://127.0.0.1:3001');
      assert.equal(body.detail, 'catalogs: SAT catalogs were never imported. flaky: connection refused');
      assert.deepEqual(body.migrations, { applied: expected, expected });
    } finally {
      await server.close();
    }
  });

  test('with every extra check passing, /readyz is 200 and lists them', async () => {
    const services = t.app.services;
    const server = createServer({ services, auth: noKeys, rateLimiter: new MemoryRateLimiter() });
    registerHealthRoutes(server, services, [{ name: 'simulator', run: async () => ({ ok: true }) }]);
    try {
      const response = await server.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json().checks, [
        { name: 'database', ok: true, kind: services.database.kind, migrations: { applied: expected, expected } },
        { name: 'simulator', ok: true },
      ]);
    } finally {
      await server.close();
    }
  });

  test('probes answer even with an invalid Authorization header: they never authenticate', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await t.request({ method: 'GET', url, headers: { authorization: 'Bearer not-a-key' } });
      assert.equal(response.statusCode, 200, url);
    }
  });
});
