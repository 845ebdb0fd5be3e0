/**
 * The service on several nodes: two API nodes (`serve --processes 2`, and `serve` as one process)
 * and two `invoicing worker` processes on one PostgreSQL database and one Redis, all started at
 * once on an empty database, with the SAT/PAC simulator in this process (its ledger says what
 * reached the PAC and the SAT). What one node guarantees must hold across them:
 * - one API key's requests spread over both nodes draw on one rate-limit bucket;
 * - a key's version pin and its revocation reach every process of every node (their key caches
 *   hear the change);
 * - the same Idempotency-Key sent to both nodes at once makes one invoice;
 * - 100 invoices stamped alternately through both nodes, while one node is killed (SIGKILL) and
 *   started again and one API process of the other is killed and replaced by its supervisor, are
 *   each stamped exactly once: none twice at the PAC, none lost, none left `stamping`;
 * - every event reaches each webhook endpoint exactly once with two workers delivering;
 * - a download and a synchronization finish with no SAT request sent twice.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { startSimulator, type IssuedCredential, type RunningSimulator } from '../../src/simulator/index.ts';
import { skipWithoutRedis, startRedisServer, type RedisServer } from '../support/redis-server.ts';
import { REPO_ROOT } from '../support/shared.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const skip = !serverUrl ? 'needs PostgreSQL (TEST_DATABASE_URL): the nodes share one database' : skipWithoutRedis;

/** The read bucket of every key: a burst that dominates what refills during the test's burst. */
const READ_BURST = 100;
const READ_PER_SECOND = 5;
const STAMPED = 100;

interface Node {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
  output: string[];
}

let databaseUrl = '';
let databaseName = '';
let dataDir = '';
let redis: RedisServer | undefined;
let simulator: RunningSimulator | undefined;
let db: pg.Pool | undefined;
const running = new Set<Node>();
const masterKey = randomBytes(32).toString('base64');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function environment(port: number, name: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    APP_ENV: 'test',
    LOG_LEVEL: 'error',
    MASTER_KEY: masterKey,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis!.url,
    SIMULATOR_URL: simulator!.url,
    PORT: String(port),
    DATA_DIR: path.join(dataDir, name),
    WORKER_THREADS: '1',
    WORKER_POLL_MS: '100',
    LOAD_SHED_QUEUE_MS: '0',
    RATE_LIMIT_READ_BURST: String(READ_BURST),
    RATE_LIMIT_READ_PER_SECOND: String(READ_PER_SECOND),
    RATE_LIMIT_WRITE_BURST: '1000000',
    RATE_LIMIT_WRITE_PER_SECOND: '1000000',
    SYNC_TICK_MS: '500',
    DOWNLOAD_POLL_BASE_MS: '300',
    DOWNLOAD_POLL_MAX_MS: '1000',
  };
}

/** Starts `invoicing <args>` (the build, as deployed); an API node resolves once /readyz answers 200. */
async function startNode(name: string, args: string[], port: number, extra: Record<string, string> = {}): Promise<Node> {
  const child = spawn(process.execPath, ['bin/invoicing.js', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...environment(port, name), ...extra },
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const node: Node = { name, port, child, exited, output };
  running.add(node);
  void exited.then(() => running.delete(node));
  const isApi = args[0] === 'serve';
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null) assert.fail(`${name} exited before it was ready: ${output.join('')}`);
    if (isApi) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
      if (ready?.status === 200) return node;
    } else if (output.join('').includes('invoicing worker running')) {
      return node;
    }
    await sleep(100);
  }
  assert.fail(`${name} was not ready: ${output.join('')}`);
}

async function stopNode(node: Node, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  node.child.kill(signal);
  await node.exited;
}

// biome-ignore lint/suspicious/noExplicitAny: a test reads any member of an API answer
type Answer = { status: number; body: any; retryAfter: string | null; version: string | null } | 'connection lost';

async function call(port: number, method: string, url: string, options: { key?: string; body?: unknown; idempotencyKey?: string } = {}): Promise<Answer> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text.startsWith('{') ? JSON.parse(text) : text,
      retryAfter: response.headers.get('retry-after'),
      version: response.headers.get('invoice-version'),
    };
  } catch {
    return 'connection lost';
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a test reads any member of an API answer
async function ok(port: number, method: string, url: string, options: Parameters<typeof call>[3] = {}): Promise<any> {
  const answer = await call(port, method, url, options);
  assert.notEqual(answer, 'connection lost', `${method} ${url} on port ${port}: the connection was lost`);
  if (answer === 'connection lost') throw new Error('unreachable');
  assert.ok(answer.status < 300, `${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Runs `work` over `items` with at most `width` at a time. */
async function pooled<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

/** The API processes a `serve --processes N` supervisor runs (its children running `serve`). */
function apiProcessesOf(node: Node): number[] {
  const listing = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(node.child.pid)], { encoding: 'utf8' });
  return listing
    .split('\n')
    .filter((line) => / serve( |$)/.test(line))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

const upload = (issued: IssuedCredential) => ({
  cer_base64: issued.cerDer.toString('base64'),
  key_base64: issued.keyPkcs8EncryptedDer.toString('base64'),
  password: issued.password,
});

before(async () => {
  if (skip) return;
  databaseName = `multi_node_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-multi-node-'));
  redis = await startRedisServer();
  simulator = await startSimulator({
    dataDir: path.join(dataDir, 'simulator'),
    settings: { descarga: { acceptedSeconds: 0, processingSeconds: 1, issuedPerMonth: 6, receivedPerMonth: 6 } },
  });
});

after(async () => {
  await Promise.all([...running].map((node) => stopNode(node, 'SIGKILL')));
  await db?.end();
  await simulator?.close();
  await redis?.stop();
  if (databaseName) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('two API nodes and two workers on one PostgreSQL and one Redis keep the guarantees of one', { skip, timeout: 900_000 }, async (t) => {
  const [portA, portB] = [await freePort(), await freePort()];
  // Everything starts at once on an empty database: one process migrates, the others wait for it.
  let [nodeA, nodeB] = await Promise.all([
    startNode('node-a', ['serve', '--processes', '2', '--workers', '0'], portA),
    startNode('node-b', ['serve', '--processes', '1'], portB, { RUN_WORKER: 'false' }),
    startNode('worker-1', ['worker'], 0),
    startNode('worker-2', ['worker'], 0),
  ]);
  const ports = [portA, portB];
  const migrations = await db!.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
  assert.deepEqual(
    migrations.rows.map((row) => row.version),
    migrations.rows.map((_row, index) => index + 1),
    'every migration applied once',
  );

  const organization = await ok(portA, 'POST', '/v1/organizations', { body: { name: 'Multi-node' } });
  const key: string = organization.keys.test.key;
  const organizationId: string = organization.id;
  const rfc = 'EKU9003173C9';
  const csd = await simulator!.ca.issue({ rfc, kind: 'csd', name: 'ESCUELA KEMPER URGATE' });
  const fiel = await simulator!.ca.issue({ rfc, kind: 'fiel', name: 'ESCUELA KEMPER URGATE' });
  const profile = await ok(portB, 'POST', '/v1/fiscal_profiles', {
    key,
    body: { csd: upload(csd), fiel: upload(fiel), manifest_email: 'nodes@example.com', tax_regime: '601', zip: '42501' },
  });
  const invoiceBody = (serie: string, metadata: Record<string, string> = {}) => ({
    fiscal_profile_id: profile.id,
    serie,
    payment_form: '03',
    metadata,
    customer: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' },
    items: [{ product_key: '81112100', unit_key: 'E48', description: 'Servicio', unit_price: '1000.00', taxes: [{ type: 'IVA', rate: '0.16' }] }],
  });

  await t.test('one key bursting across both nodes gets 429s as one bucket would (within 10%)', async () => {
    const other = await ok(portB, 'POST', '/v1/organizations', { body: { name: 'Burst' } });
    const burstKey: string = other.keys.test.key;
    const sent = 4 * READ_BURST;
    const statuses: number[] = [];
    const started = performance.now();
    await pooled(
      Array.from({ length: sent }, (_item, index) => ports[index % 2]!),
      16,
      async (port) => {
        const answer = await call(port, 'GET', '/v1/api_keys?limit=1', { key: burstKey });
        statuses.push(answer === 'connection lost' ? 0 : answer.status);
      },
    );
    const elapsedSeconds = (performance.now() - started) / 1000;
    const accepted = statuses.filter((status) => status === 200).length;
    assert.equal(accepted + statuses.filter((status) => status === 429).length, sent, `only 200s and 429s: ${statuses.join(',')}`);
    // One bucket: its burst, plus what it refilled while the requests ran. A bucket per node would accept about twice that.
    const predicted = READ_BURST + READ_PER_SECOND * elapsedSeconds;
    assert.ok(Math.abs(accepted - predicted) <= 0.1 * predicted, `accepted ${accepted} of ${sent}, one bucket predicts ${predicted.toFixed(0)}`);
  });

  await t.test('a key pinned to a version, then revoked, through one node is seen so by every process of every node', async () => {
    const created = await ok(portA, 'POST', '/v1/api_keys', { key, body: { name: 'soon revoked', mode: 'test' } });
    const { data: versions } = await ok(portA, 'GET', '/v1/versions');
    const older: string = versions[versions.length - 1].version;
    const everyProcess = async (check: (answer: Exclude<Answer, 'connection lost'>, port: number) => void) => {
      // Requests on new connections to each node: several reach each of node A's two processes.
      for (let round = 0; round < 6; round += 1) {
        for (const port of ports) {
          const answer = await call(port, 'GET', '/v1/api_keys?limit=1', { key: created.key });
          assert.notEqual(answer, 'connection lost');
          if (answer !== 'connection lost') check(answer, port);
        }
      }
    };
    // Every process has the key in memory, unpinned.
    await everyProcess((answer) => assert.notEqual(answer.version, older));
    await ok(portB, 'PATCH', `/v1/api_keys/${created.id}`, { key, body: { version: older } });
    // The change is announced when it commits; the bound the service promises is one second.
    await sleep(1_000);
    await everyProcess((answer, port) => assert.equal(answer.version, older, `port ${port} answers in the pinned version`));
    await ok(portB, 'DELETE', `/v1/api_keys/${created.id}`, { key });
    await sleep(1_000);
    await everyProcess((answer, port) => {
      assert.equal(answer.status, 401, `port ${port}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.code, 'auth.key_revoked');
    });
  });

  await t.test('the same Idempotency-Key sent to both nodes at once makes one invoice', async () => {
    const keys = Array.from({ length: 30 }, (_item, index) => `multi-node-${index}`);
    await pooled(keys, 10, async (idempotencyKey) => {
      const answers = await Promise.all(
        ports.map((port) => call(port, 'POST', '/v1/invoices', { key, idempotencyKey, body: invoiceBody('IDEM', { probe: idempotencyKey }) })),
      );
      const ids = new Set<string>();
      for (const answer of answers) {
        assert.notEqual(answer, 'connection lost');
        if (answer === 'connection lost') return;
        // The second of two concurrent requests waits for the first or is told it is in progress.
        if (answer.status === 409) assert.equal(answer.body.code, 'idempotency.key_processing', JSON.stringify(answer.body));
        else {
          assert.equal(answer.status, 201, JSON.stringify(answer.body));
          ids.add(answer.body.id);
        }
      }
      assert.ok(ids.size <= 1, `${idempotencyKey}: both nodes answered with the same invoice`);
    });
    const made = await db!.query<{ probe: string; made: number }>(
      `SELECT metadata->>'probe' AS probe, count(*)::int AS made FROM invoices WHERE serie = 'IDEM' GROUP BY 1 ORDER BY 1`,
    );
    assert.deepEqual(
      made.rows.map((row) => [row.probe, row.made]),
      [...keys].sort().map((idempotencyKey) => [idempotencyKey, 1]),
    );
  });

  // Webhook endpoints receive everything from here on; the workers deliver.
  const received = { a: new Map<string, number>(), b: new Map<string, number>() };
  const receiver = http.createServer((request, response) => {
    const inbox = request.url === '/a' ? received.a : received.b;
    const id = String(request.headers['webhook-id']);
    request.resume();
    request.on('end', () => {
      inbox.set(id, (inbox.get(id) ?? 0) + 1);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  const receiverPort = (receiver.address() as net.AddressInfo).port;
  await ok(portA, 'POST', '/v1/webhook_endpoints', { key, body: { url: `http://127.0.0.1:${receiverPort}/a` } });
  await ok(portB, 'POST', '/v1/webhook_endpoints', { key, body: { url: `http://127.0.0.1:${receiverPort}/b` } });
  const { rows: since } = await db!.query<{ at: Date }>('SELECT now() AS at');

  // A download and a synchronization run in the workers meanwhile.
  const monthStart = (monthsBack: number) => {
    const date = new Date();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() - monthsBack);
    return date.toISOString().slice(0, 10);
  };
  const monthEnd = (monthsBack: number) => {
    const date = new Date();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() - monthsBack + 1);
    date.setUTCDate(0);
    return date.toISOString().slice(0, 10);
  };
  const download = await ok(portA, 'POST', '/v1/downloads', {
    key,
    body: { fiscal_profile_id: profile.id, side: 'received', type: 'metadata', date_from: monthStart(2), date_to: monthEnd(2) },
  });
  const syncFrom = new Date(Date.now() - 5 * 24 * 60 * 60_000).toISOString().slice(0, 8).concat('01');
  await ok(portB, 'POST', `/v1/fiscal_profiles/${profile.id}/sync`, { key, body: { sync_from: syncFrom } });

  await t.test(`${STAMPED} invoices stamped through both nodes, one killed and restarted: none twice, none lost, none left stamping`, async () => {
    const drafts: string[] = [];
    await pooled(
      Array.from({ length: STAMPED }, (_item, index) => index),
      4,
      async (index) => {
        drafts[index] = (await ok(ports[index % 2]!, 'POST', '/v1/invoices', { key, body: invoiceBody('MN', { probe: `stamp-${index}` }) })).id;
      },
    );
    let done = 0;
    let lostConnections = 0;
    let killedB: Promise<void> | undefined;
    let killedA: number | undefined;
    await pooled(drafts, 4, async (id, index) => {
      // Alternately through both nodes; a connection lost to a killed node is retried on the other.
      for (let attempt = 0; ; attempt += 1) {
        assert.ok(attempt < 40, `invoice ${id} could not be stamped`);
        const answer = await call(ports[(index + attempt) % 2]!, 'POST', `/v1/invoices/${id}/stamp`, { key });
        // A connection lost to a killed process, or a 5xx that asks for a retry (the PAC or the
        // database busy, the same stamp being finished by another request): the client tries again.
        if (answer === 'connection lost' || (answer.status >= 500 && answer.retryAfter !== null)) {
          if (answer === 'connection lost') lostConnections += 1;
          await sleep(200);
          continue;
        }
        if (answer.status === 409) assert.equal(answer.body.code, 'invoice.already_stamped', JSON.stringify(answer.body));
        else assert.equal(answer.status, 200, JSON.stringify(answer.body));
        break;
      }
      done += 1;
      if (done === 30 && !killedB) {
        // Node B dies mid-run (requests in flight on it) and is started again on its port.
        killedB = (async () => {
          await stopNode(nodeB, 'SIGKILL');
          nodeB = await startNode('node-b', ['serve', '--processes', '1'], portB, { RUN_WORKER: 'false' });
        })();
      }
      if (done === 60 && killedA === undefined) {
        // One API process of node A dies; its supervisor starts another in its place.
        killedA = apiProcessesOf(nodeA)[0]!;
        process.kill(killedA, 'SIGKILL');
      }
    });
    await killedB;
    assert.ok(killedA !== undefined, 'an API process of node A was killed');
    for (let round = 0; round < 600 && apiProcessesOf(nodeA).length < 2; round += 1) await sleep(100);
    const replaced = apiProcessesOf(nodeA);
    assert.equal(replaced.length, 2, 'the supervisor started another API process');
    assert.ok(!replaced.includes(killedA!));
    t.diagnostic(`connections lost to killed processes: ${lostConnections}`);

    const states = await db!.query<{ status: string; count: number }>(
      `SELECT status, count(*)::int AS count FROM invoices WHERE serie = 'MN' GROUP BY status ORDER BY status`,
    );
    assert.deepEqual(
      states.rows.map((row) => [row.status, row.count]),
      [['stamped', STAMPED]],
      'every invoice stamped, none left stamping or draft',
    );
    const uuids = await db!.query<{ uuid: string }>(`SELECT upper(uuid) AS uuid FROM invoices WHERE serie = 'MN' ORDER BY 1`);
    const ledger = await sql<{ uuid: string }>`SELECT uuid FROM sim_cfdis WHERE xml LIKE '%Serie="MN"%'`.execute(simulator!.deps.db);
    const atThePac = ledger.rows.map((row) => row.uuid.toUpperCase()).sort();
    assert.equal(atThePac.length, STAMPED, 'one stamp at the PAC per invoice, none twice');
    assert.deepEqual(
      atThePac,
      uuids.rows.map((row) => row.uuid),
      'each invoice holds the UUID the PAC gave it',
    );
  });

  await t.test('every event is delivered exactly once to each endpoint by two workers', async () => {
    let expected: string[] = [];
    for (let round = 0; round < 1200; round += 1) {
      const events = await db!.query<{ id: string }>('SELECT id FROM events WHERE organization_id = $1 AND created_at > $2 ORDER BY id', [
        organizationId,
        since[0]!.at,
      ]);
      expected = events.rows.map((row) => row.id);
      if (expected.length > 0 && expected.every((id) => received.a.has(id) && received.b.has(id))) break;
      await sleep(100);
    }
    assert.ok(expected.length >= STAMPED, `events to deliver: ${expected.length}`);
    for (const [name, inbox] of Object.entries(received)) {
      assert.deepEqual(
        expected.filter((id) => inbox.get(id) !== 1),
        [],
        `endpoint ${name}: each event once`,
      );
      assert.deepEqual(
        [...inbox.entries()].filter(([, times]) => times !== 1),
        [],
        `endpoint ${name}: nothing delivered twice`,
      );
    }
  });

  await t.test('a download and a synchronization progress with no SAT request sent twice', async () => {
    let status = '';
    let sync = '';
    for (let round = 0; round < 1200; round += 1) {
      status = (await db!.query<{ status: string }>('SELECT status FROM downloads WHERE id = $1', [download.id])).rows[0]!.status;
      sync = (await db!.query<{ status: string }>('SELECT status FROM fiscal_profile_syncs WHERE fiscal_profile_id = $1', [profile.id])).rows[0]!.status;
      if ((status === 'ready' || status === 'no_data' || status === 'failed') && sync === 'healthy') break;
      await sleep(250);
    }
    assert.equal(status, 'ready', 'the download finished');
    assert.equal(sync, 'healthy', 'the synchronization caught up');
    const simulatorDb = simulator!.deps.db;
    const twice = await sql<{ fingerprint: string }>`SELECT fingerprint FROM descarga_requests GROUP BY fingerprint HAVING count(*) > 1`.execute(simulatorDb);
    assert.deepEqual(twice.rows, [], 'no solicitud reached the SAT twice');
    const packages = await sql<{ package_id: string }>`SELECT package_id FROM descarga_package_downloads WHERE downloads > 1`.execute(simulatorDb);
    assert.deepEqual(packages.rows, [], 'no package downloaded twice');
    const sent = await sql<{ requests: number }>`SELECT count(*)::int AS requests FROM descarga_requests`.execute(simulatorDb);
    assert.ok(sent.rows[0]!.requests > 1, 'the SAT was asked');
  });

  for (const node of [nodeA, nodeB]) await stopNode(node);
});
