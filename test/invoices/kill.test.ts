/**
 * kill -9 at each step of stamping. The real server runs as a child process on the embedded
 * database in a temporary DATA_DIR; the simulator (the PAC) runs in this process, so it outlives
 * the server as a real PAC would, and its ledger says how many UUIDs each CFDI received. Each
 * server start kills itself (SIGKILL) while stamping one invoice; the next start is the client's
 * retry of that stamp with its Idempotency-Key, a few (simulated) minutes later.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import type { Clock } from '../../src/platform/clock.ts';
import type { StampCrashPoint } from '../../src/modules/invoices/index.ts';
import { startSimulator, type IssuedCredential, type RunningSimulator } from '../../src/simulator/index.ts';
import { call, ok, startChildServer, type ChildServer } from '../support/child-server.ts';
import { assertStampedCfdi } from './verify.ts';

const POINTS: StampCrashPoint[] = ['after_seal', 'after_recovery_point', 'after_pac_call', 'before_commit'];
/** Longer than the idempotency lock (5 min) a request killed mid-flight leaves behind. */
const RESTART_LATER_MS = 6 * 60_000;

let dataDir: string;
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
let simulator: RunningSimulator;
const masterKey = randomBytes(32).toString('base64');

async function startServer(crash?: { point: StampCrashPoint; serie: string }): Promise<ChildServer> {
  return startChildServer(path.join('test', 'support', 'kill-server.ts'), {
    APP_ENV: 'test',
    DATA_DIR: path.join(dataDir, 'server'),
    MASTER_KEY: masterKey,
    SIMULATOR_URL: simulator.url,
    WORKER_POLL_MS: '100',
    INVOICING_TEST_CLOCK_OFFSET_MS: String(offsetMs),
    INVOICING_CRASH_AT: crash?.point ?? '',
    INVOICING_CRASH_SERIE: crash?.serie ?? '',
  });
}

const upload = (issued: IssuedCredential) => ({
  cer_base64: issued.cerDer.toString('base64'),
  key_base64: issued.keyPkcs8EncryptedDer.toString('base64'),
  password: issued.password,
});
const serieOf = (index: number) => `KILL${index + 1}`;

before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-kill-'));
  simulator = await startSimulator({ dataDir: path.join(dataDir, 'pac'), clock });
});

after(async () => {
  await simulator?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The client retries the stamp that was killed: the stamp it gets (200) or, if the recovery job finished it first, 409 already_stamped. */
async function retryStamp(server: ChildServer, key: string, invoiceId: string, idempotencyKey: string): Promise<void> {
  const retried = await call(server, 'POST', `/v1/invoices/${invoiceId}/stamp`, { key, idempotencyKey });
  if (retried === 'connection lost') assert.fail('the restarted server dropped the retry');
  if (retried.status === 409) assert.equal(retried.body.code, 'invoice.already_stamped');
  else assert.equal(retried.status, 200, JSON.stringify(retried.body));
}

test('a server killed at each step of stamping, restarted and retried, stamps each invoice exactly once', { timeout: 600_000 }, async () => {
  let server = await startServer({ point: POINTS[0]!, serie: serieOf(0) });
  const organization = await ok(server, 'POST', '/v1/organizations', { body: { name: 'Kill -9' } });
  const key: string = organization.keys.test.key;
  const csd = await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd', name: 'ESCUELA KEMPER URGATE' });
  const fiel = await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'fiel', name: 'ESCUELA KEMPER URGATE' });
  const profile = await ok(server, 'POST', '/v1/fiscal_profiles', {
    key,
    body: { csd: upload(csd), fiel: upload(fiel), manifest_email: 'kill@example.com', tax_regime: '601', zip: '42501' },
  });
  const invoices: string[] = [];
  for (const [index] of POINTS.entries()) {
    const created = await ok(server, 'POST', '/v1/invoices', {
      key,
      body: {
        fiscal_profile_id: profile.id,
        serie: serieOf(index),
        payment_form: '03',
        customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' },
        items: [{ product_key: '81112100', unit_key: 'E48', description: 'Servicio', unit_price: '1000.00', taxes: [{ type: 'IVA', rate: '0.16' }] }],
      },
    });
    invoices.push(created.id);
  }
  for (const [index, point] of POINTS.entries()) {
    const killed = await call(server, 'POST', `/v1/invoices/${invoices[index]}/stamp`, { key, idempotencyKey: `stamp-${index}` });
    assert.equal(killed, 'connection lost', `the server died ${point}`);
    assert.equal(await server.exited, 'SIGKILL');
    offsetMs += RESTART_LATER_MS;
    const next = POINTS[index + 1];
    server = await startServer(next ? { point: next, serie: serieOf(index + 1) } : undefined);
    await retryStamp(server, key, invoices[index]!, `stamp-${index}`);
  }
  try {
    for (const [index, id] of invoices.entries()) {
      const invoice = await ok(server, 'GET', `/v1/invoices/${id}`, { key });
      assert.equal(invoice.status, 'stamped', `${POINTS[index]}: ${JSON.stringify(invoice)}`);
      const ledger = await sql<{ uuid: string }>`SELECT uuid FROM sim_cfdis WHERE xml LIKE ${`%Serie="${serieOf(index)}"%`}`.execute(simulator.deps.db);
      assert.deepEqual(
        ledger.rows.map((row) => row.uuid),
        [invoice.uuid],
        `${POINTS[index]}: one UUID at the PAC, the one the invoice holds`,
      );
      const xml = await ok(server, 'GET', `/v1/invoices/${id}/xml`, { key });
      assert.equal(await assertStampedCfdi(xml, simulator.url), invoice.uuid);
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});
