import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { createTestApp } from '../support/app.ts';
import { REPO_ROOT } from '../support/shared.ts';

test('a graceful stop: not ready at once, requests in flight finish, new connections are refused', async () => {
  const t = await createTestApp();
  const { testKey: key } = await t.bootstrap('Draining');
  await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
  try {
    assert.equal((await fetch(`${base}/readyz`)).status, 200);
    t.app.beginDrain();
    const readiness = await fetch(`${base}/readyz`);
    assert.equal(readiness.status, 503);
    const body = (await readiness.json()) as { checks: { name: string; ok: boolean }[]; detail: string };
    assert.deepEqual(
      body.checks.filter((check) => !check.ok).map((check) => check.name),
      ['draining'],
    );
    assert.match(body.detail, /shutting down/);
    // Still serving while load balancers take the instance out.
    assert.equal((await fetch(`${base}/v1/api_keys`, { headers: { authorization: `Bearer ${key}` } })).status, 200);

    // A request in flight: it waits for the database, held by a transaction until released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const connections = t.app.services.database.kind === 'pglite' ? 1 : 5;
    const holders = Array.from({ length: connections }, () => t.app.services.db.transaction().execute(() => held));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const inFlight = fetch(`${base}/v1/invoices`, { headers: { authorization: `Bearer ${key}`, connection: 'close' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    let closed = false;
    const closing = t.app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await assert.rejects(fetch(`${base}/healthz`), 'a new connection is refused once closing');
    assert.equal(closed, false, 'close waits for the request in flight');
    release();
    await Promise.all(holders);
    assert.equal((await inFlight).status, 200);
    await closing;
  } finally {
    await t.close();
  }
});

test('SIGTERM to `invoicing serve`: /readyz is 503 during SHUTDOWN_DELAY_MS, then the process exits 0', { timeout: 180_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-shutdown-'));
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/invoicing.js'), 'serve'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', SHUTDOWN_DELAY_MS: '3000', MASTER_KEY: Buffer.alloc(32, 3).toString('base64') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    output += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    output += text;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    let base: string | undefined;
    for (let attempt = 0; base === undefined; attempt += 1) {
      assert.ok(attempt < 2400, `the server did not start: ${output}`);
      base = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (base === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal((await fetch(`${base}/readyz`)).status, 200);
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal((await fetch(`${base}/readyz`)).status, 503, 'not ready while draining');
    assert.equal((await fetch(`${base}/healthz`)).status, 200, 'still serving');
    assert.equal(await exited, 0);
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
