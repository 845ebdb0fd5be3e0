/**
 * `serve` on the embedded database keeps the in-process simulator's ledger and CA in schema
 * `simulator` of the service's own database (one embedded PostgreSQL per process, not two), and
 * a data folder from an older version keeps the simulator's own database under `simulator/`.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config.ts';

const MASTER_KEY = randomBytes(32).toString('base64');

async function openApp(dataDir: string): Promise<App> {
  const config = loadConfig({ APP_ENV: 'test', DATA_DIR: dataDir, MASTER_KEY, LOG_LEVEL: 'silent' });
  return buildApp({ config, deferLargeCatalogs: true });
}

async function relation(app: App, name: string): Promise<string | null> {
  const result = await sql<{ found: string | null }>`SELECT to_regclass(${name})::text AS found`.execute(app.services.db);
  return result.rows[0]?.found ?? null;
}

test('the in-process simulator keeps its CA and ledger in schema simulator of the service’s database, across restarts', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-embedded-sim-'));
  try {
    let app = await openApp(dataDir);
    let stamping: string;
    let issued: string;
    try {
      const simulator = app.providers.simulator;
      assert.ok(simulator, 'serve starts the simulator in-process');
      stamping = simulator.ca.stamping.certificate.serialNumber;
      assert.match(stamping, /^\d{20}$/);
      issued = (await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd' })).noCertificado;
      assert.equal(await relation(app, 'simulator.sim_certificates'), 'simulator.sim_certificates');
      assert.equal(await relation(app, 'public.sim_certificates'), null, 'nothing of the simulator in the service’s schema');
      const versions = await sql<{ version: number }>`SELECT version FROM simulator.schema_migrations ORDER BY version`.execute(app.services.db);
      assert.ok(versions.rows.length >= 3, 'the simulator’s migrations are recorded in its own history');
      const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM simulator.sim_certificates`.execute(app.services.db);
      assert.equal(count.rows[0]?.n, 3, 'root, stamping and the issued CSD');
      assert.equal(fs.existsSync(path.join(dataDir, 'simulator')), false, 'no second embedded database');
    } finally {
      await app.close();
    }
    app = await openApp(dataDir);
    try {
      const simulator = app.providers.simulator!;
      assert.equal(simulator.ca.stamping.certificate.serialNumber, stamping, 'the same CA after a restart');
      assert.ok(await simulator.ca.certificateDer(issued), 'the issued certificate is still known');
      const next = await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'fiel' });
      assert.ok(next.noCertificado > issued, 'serials continue from the shared sequence');
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a data folder whose simulator has its own database (an older version’s) keeps using it', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-embedded-sim-'));
  fs.mkdirSync(path.join(dataDir, 'simulator'));
  try {
    const app = await openApp(dataDir);
    try {
      assert.ok(app.providers.simulator);
      assert.equal(await relation(app, 'simulator.sim_certificates'), null);
      assert.ok(fs.readdirSync(path.join(dataDir, 'simulator')).length > 0, 'its own database is under simulator/');
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
