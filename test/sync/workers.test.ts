/**
 * Synchronization at scale on PostgreSQL: 50 profiles enabled at once, two `invoicing worker`
 * processes sharing the work, one of them killed (SIGKILL) mid-run and started again. Every
 * profile must reach `healthy` with exactly the CFDIs the SAT (the simulator, in this process) has
 * for it: none missing, none twice, no solicitud sent a third time.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../../src/app.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import { createDescargaClient, descargaUrls, readMetadataPackage } from '../../src/providers/sat/descarga/index.ts';
import type { IssuedCredential } from '../../src/simulator/index.ts';
import { REPO_ROOT } from '../support/shared.ts';

const PROFILES = 50;
const serverUrl = process.env.TEST_DATABASE_URL;
const skip = serverUrl ? false : 'needs PostgreSQL (TEST_DATABASE_URL): several worker processes share one database';

const env: Record<string, string> = {
  APP_ENV: 'test',
  LOG_LEVEL: 'silent',
  MASTER_KEY: randomBytes(32).toString('base64'),
  RUN_WORKER: 'false',
  RATE_LIMIT_WRITE_BURST: '100000',
  RATE_LIMIT_WRITE_PER_SECOND: '100000',
  RATE_LIMIT_READ_BURST: '100000',
  RATE_LIMIT_READ_PER_SECOND: '100000',
  LOAD_SHED_QUEUE_MS: '0',
  WORKER_POLL_MS: '100',
  SYNC_TICK_MS: '500',
  SYNC_MAX_RUNNING: '40',
  DOWNLOAD_POLL_BASE_MS: '500',
  DOWNLOAD_POLL_MAX_MS: '2000',
  SIMULATOR_DESCARGA_ACCEPTED_SECONDS: '0',
  SIMULATOR_DESCARGA_PROCESSING_SECONDS: '1',
  SIMULATOR_DESCARGA_ISSUED_PER_MONTH: '8',
  SIMULATOR_DESCARGA_RECEIVED_PER_MONTH: '8',
};

let databaseName = '';
let databaseUrl = '';
let dataDir = '';
let app: App;
const workers: ChildProcess[] = [];

/** A persona moral RFC per profile: three letters, a date, a homoclave. */
function rfcOf(index: number): string {
  return `S${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}900101${String(index % 10)}A${String((index * 7) % 10)}`;
}

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['bin/invoicing.js', 'worker'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...env,
      RUN_WORKER: 'true',
      DATABASE_URL: databaseUrl,
      SIMULATOR_URL: app.providers.simulatorUrl!,
      DATA_DIR: path.join(dataDir, `worker-${workers.length}`),
    },
  });
  workers.push(child);
  return child;
}

before(async () => {
  if (!serverUrl) return;
  databaseName = `sync_workers_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-sync-workers-'));
  const config = loadConfig({ ...env, DATA_DIR: dataDir });
  app = await buildApp({ config, clock: systemClock, database: await openDatabase({ url: databaseUrl, poolSize: 5 }) });
});

after(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  if (!serverUrl) return;
  await app.close();
  await app.services.database.close();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test(`${PROFILES} profiles, two worker processes, one killed: every profile healthy with exactly the SAT's CFDIs`, { skip, timeout: 600_000 }, async () => {
  const request = (method: 'GET' | 'POST', url: string, key: string, payload?: unknown) =>
    app.server.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const organization = (await app.server.inject({ method: 'POST', url: '/v1/organizations', payload: { name: 'Sync at scale' } })).json();
  const key: string = organization.keys.test.key;
  const simulator = app.providers.simulator!;
  const upload = (issued: IssuedCredential) => ({
    cer_base64: issued.cerDer.toString('base64'),
    key_base64: issued.keyPkcs8EncryptedDer.toString('base64'),
    password: issued.password,
  });
  const profiles: { id: string; rfc: string; fiel: IssuedCredential }[] = [];
  for (let index = 0; index < PROFILES; index += 1) {
    const rfc = rfcOf(index);
    const csd = await simulator.ca.issue({ rfc, kind: 'csd', name: `SINCRONIA ${index} SA DE CV` });
    const fiel = await simulator.ca.issue({ rfc, kind: 'fiel', name: `SINCRONIA ${index} SA DE CV` });
    const created = await request('POST', '/v1/fiscal_profiles', key, {
      csd: upload(csd),
      fiel: upload(fiel),
      manifest_email: 'sync@example.com',
      tax_regime: '601',
      zip: '42501',
    });
    assert.equal(created.statusCode, 201, created.body);
    profiles.push({ id: created.json().id, rfc, fiel });
  }
  // The current month only: its complete days, four chunks a profile.
  const syncFrom = new Date(Date.now() - 5 * 24 * 60 * 60_000).toISOString().slice(0, 8).concat('01');
  for (const profile of profiles) {
    const enabled = await request('POST', `/v1/fiscal_profiles/${profile.id}/sync`, key, { sync_from: syncFrom });
    assert.equal(enabled.statusCode, 200, enabled.body);
  }

  const first = startWorker();
  startWorker();
  // Kill one once some chunks are done, while others run.
  for (let round = 0; round < 600; round += 1) {
    const done = await sql<{ done: number }>`SELECT count(*)::int AS done FROM sync_chunks WHERE state = 'done'`.execute(app.services.db);
    if (done.rows[0]!.done >= PROFILES) break;
    await sleep(100);
  }
  first.kill('SIGKILL');
  await sleep(500);
  startWorker();

  let states: { status: string; synced_through: string | null; documents: number }[] = [];
  for (let round = 0; round < 1200; round += 1) {
    states = await Promise.all(profiles.map(async (profile) => (await request('GET', `/v1/fiscal_profiles/${profile.id}/sync`, key)).json()));
    if (states.every((state) => state.status === 'healthy')) break;
    await sleep(250);
  }
  assert.deepEqual(
    states.filter((state) => state.status !== 'healthy'),
    [],
    'every profile healthy',
  );
  const through = states[0]!.synced_through!;
  assert.ok(states.every((state) => state.synced_through === through));

  // What the SAT holds for each RFC over the synchronized days, through its own metadata (all asked at once).
  const expectedOf = async (profile: (typeof profiles)[number]): Promise<Set<string>> => {
    const client = createDescargaClient({
      urls: descargaUrls(simulator.url),
      fiel: { certificate: profile.fiel.cerDer, privateKey: profile.fiel.keyPkcs8EncryptedDer, password: profile.fiel.password },
    });
    const expected = new Set<string>();
    for (const side of ['issued', 'received'] as const) {
      const { requestId } = await client.request({ side, type: 'metadata', from: `${syncFrom}T00:00:00`, to: `${through}T23:59:58` });
      let verification = await client.verify(requestId);
      while (verification.state !== 'finished' && verification.state !== 'rejected') {
        await sleep(300);
        verification = await client.verify(requestId);
      }
      for (const id of verification.packageIds) for (const row of readMetadataPackage(await client.download(id))) expected.add(row.uuid.toUpperCase());
    }
    return expected;
  };
  const expectations = await Promise.all(profiles.map(expectedOf));
  for (const [index, profile] of profiles.entries()) {
    const expected = expectations[index]!;
    const stored = await sql<{ uuid: string }>`SELECT uuid FROM cfdis WHERE fiscal_profile_id = ${profile.id}`.execute(app.services.db);
    assert.deepEqual(stored.rows.map((row) => row.uuid).sort(), [...expected].sort(), `profile ${index} (${profile.rfc})`);
    assert.equal(states[index]!.documents, expected.size);
  }
  const spent = await sql<{ sent: number }>`SELECT max(sent)::int AS sent FROM sat_solicitudes`.execute(app.services.db);
  assert.ok(spent.rows[0]!.sent <= 2, 'no solicitud sent a third time');
});
