/**
 * kill -9 at each step of a download. The real server runs as a child process on the embedded
 * database in a temporary DATA_DIR (packages kept as files); the simulator (the SAT) runs in this
 * process, so it outlives the server and its tables say how many solicitudes and package
 * downloads the service spent. Each start kills itself at one step; the next start, a few
 * (simulated) minutes later, carries on without being asked.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import type { DownloadCrashPoint } from '../../src/modules/downloads/index.ts';
import type { Clock } from '../../src/platform/clock.ts';
import { readCfdiPackage } from '../../src/providers/sat/descarga/index.ts';
import { startSimulator, type IssuedCredential, type RunningSimulator } from '../../src/simulator/index.ts';
import { call, ok, startChildServer, type Answer, type ChildServer } from '../support/child-server.ts';

const POINTS: DownloadCrashPoint[] = ['after_solicitud', 'after_package_download', 'after_package_stored', 'after_first_batch'];
/** Past the job lease (60 s) a killed worker leaves and the registration sweep's grace at start (2 min). */
const RESTART_LATER_MS = 6 * 60_000;

let dataDir: string;
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
let simulator: RunningSimulator;
const masterKey = randomBytes(32).toString('base64');

function startServer(crashAt?: DownloadCrashPoint): Promise<ChildServer> {
  return startChildServer(path.join('test', 'support', 'kill-server.ts'), {
    APP_ENV: 'test',
    DATA_DIR: path.join(dataDir, 'server'),
    MASTER_KEY: masterKey,
    SIMULATOR_URL: simulator.url,
    WORKER_POLL_MS: '100',
    DOWNLOAD_POLL_BASE_MS: '500',
    INVOICING_TEST_CLOCK_OFFSET_MS: String(offsetMs),
    INVOICING_CRASH_AT: crashAt ?? '',
  });
}

const upload = (issued: IssuedCredential) => ({
  cer_base64: issued.cerDer.toString('base64'),
  key_base64: issued.keyPkcs8EncryptedDer.toString('base64'),
  password: issued.password,
});

before(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-download-kill-'));
  // Small packages, so a month spans several and every step happens more than once.
  simulator = await startSimulator({
    dataDir: path.join(dataDir, 'sat'),
    clock,
    settings: { descarga: { acceptedSeconds: 1, processingSeconds: 2, cfdiPerPackage: 4, issuedPerMonth: 20 } },
  });
});

after(async () => {
  await simulator?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function settle(server: ChildServer, key: string): Promise<Answer['body']> {
  for (let round = 0; round < 600; round += 1) {
    const answer = await call(server, 'GET', '/v1/downloads?limit=1', { key });
    if (answer === 'connection lost') return { lost: true };
    const download = answer.body.data[0];
    if (download && ['ready', 'no_data', 'failed'].includes(download.status)) return download;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail('the download did not settle in a minute');
}

test('a server killed at each step of a download, restarted, finishes it without an extra SAT request or a lost CFDI', { timeout: 600_000 }, async () => {
  let server = await startServer(POINTS[0]);
  const organization = await ok(server, 'POST', '/v1/organizations', { body: { name: 'Kill -9 downloads' } });
  const key: string = organization.keys.test.key;
  const csd = await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'csd', name: 'ESCUELA KEMPER URGATE' });
  const fiel = await simulator.ca.issue({ rfc: 'EKU9003173C9', kind: 'fiel', name: 'ESCUELA KEMPER URGATE' });
  const profile = await ok(server, 'POST', '/v1/fiscal_profiles', {
    key,
    body: { csd: upload(csd), fiel: upload(fiel), manifest_email: 'kill@example.com', tax_regime: '601', zip: '42501' },
  });

  const month = new Date(clock.now().getTime() - 40 * 24 * 3_600_000).toISOString().slice(0, 7);
  const killed = await call(server, 'POST', '/v1/downloads', {
    key,
    body: { fiscal_profile_id: profile.id, side: 'issued', type: 'cfdi', date_from: `${month}-01`, date_to: `${month}-28` },
  });
  assert.equal(killed, 'connection lost', 'the server died after the SAT registered the solicitud');
  for (const point of POINTS.slice(1)) {
    assert.equal(await server.exited, 'SIGKILL');
    offsetMs += RESTART_LATER_MS;
    server = await startServer(point);
    assert.deepEqual(await settle(server, key), { lost: true }, `the server died ${point}`);
  }
  assert.equal(await server.exited, 'SIGKILL');
  offsetMs += RESTART_LATER_MS;
  server = await startServer();
  try {
    const download = await settle(server, key);
    assert.equal(download.status, 'ready', JSON.stringify(download));
    assert.match(download.metadata.warnings.join(' '), /two identical requests/, 'the lost solicitud was current at the SAT (5005): a new one, a second later');

    const requests = await sql<{ id: string }>`SELECT id FROM descarga_requests WHERE requester_rfc = 'EKU9003173C9'`.execute(simulator.deps.db);
    assert.equal(requests.rows.length, 2, 'two solicitudes: the one the kill lost, and its replacement');
    const downloads = await sql<{ package_id: string; downloads: number }>`SELECT package_id, downloads FROM descarga_package_downloads`.execute(
      simulator.deps.db,
    );
    assert.ok(downloads.rows.length >= 3, 'several packages');
    assert.ok(
      downloads.rows.every((row) => row.downloads <= 2),
      `no package asked a third time: ${JSON.stringify(downloads.rows)}`,
    );

    const uuids = new Set<string>();
    for (let index = 0; index < download.package_count; index += 1) {
      const zip = await call(server, 'GET', `/v1/downloads/${download.id}/packages/${index}`, { key });
      assert.ok(zip !== 'connection lost' && zip.status === 200);
      for (const uuid of readCfdiPackage(zip.raw).keys()) uuids.add(uuid);
    }
    assert.equal(uuids.size, download.cfdi_count);
    const stored = await ok(server, 'GET', `/v1/cfdis?download_id=${download.id}&limit=100`, { key });
    assert.deepEqual(stored.data.map((cfdi: { uuid: string }) => cfdi.uuid).sort(), [...uuids].sort(), 'every CFDI in the store once');
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});
