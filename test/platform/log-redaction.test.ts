import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { redactUrl } from '../../src/platform/http/log-redaction.ts';
import { REPO_ROOT } from '../support/shared.ts';

test('credential-looking query values and any sk_/whsec_ secret are replaced in logged URLs', () => {
  assert.equal(redactUrl('/v1/invoices?api_key=sk_test_abc123&limit=5'), '/v1/invoices?api_key=[REDACTED]&limit=5');
  assert.equal(
    redactUrl('/v1/x?token=t0k3n&password=hunter2&Authorization=Bearer%20x&q=ok'),
    '/v1/x?token=[REDACTED]&password=[REDACTED]&Authorization=[REDACTED]&q=ok',
  );
  assert.equal(redactUrl('/v1/x?note=sk_live_AbC123xyz&secret%5Fkey=1'), '/v1/x?note=[REDACTED]&secret%5Fkey=[REDACTED]');
  assert.equal(redactUrl('/v1/keys/sk_test_pasted_in_path'), '/v1/keys/[REDACTED]');
  assert.equal(redactUrl('/v1/invoices?status=draft&limit=10'), '/v1/invoices?status=draft&limit=10');
  assert.equal(redactUrl('/v1/x?bad=%E0%A4%A&key=1'), '/v1/x?bad=%E0%A4%A&key=[REDACTED]');
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test('a running server logs no API key, whether it came in the query string or the headers', { timeout: 180_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-logs-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/invoicing.js'), 'serve'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', RUN_WORKER: 'false', APP_ENV: 'development', LOAD_SHED_QUEUE_MS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let attempt = 0; !output.includes('listening on'); attempt++) {
      assert.ok(attempt < 2400, `the server did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const organization = (await (
      await fetch(`${base}/v1/organizations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Logs"}' })
    ).json()) as { keys: { test: { key: string } } };
    const secret = organization.keys.test.key;
    // Unknown query parameters are a 422, and the request is logged all the same.
    assert.equal((await fetch(`${base}/v1/api_keys?api_key=${secret}`, { headers: { authorization: `Bearer ${secret}` } })).status, 422);
    assert.equal(
      (await fetch(`${base}/v1/api_keys?limit=1&note=${secret}`, { headers: { authorization: `Bearer ${secret}`, cookie: `session=${secret}` } })).status,
      422,
    );
    assert.equal((await fetch(`${base}/v1/api_keys?limit=1`, { headers: { authorization: `Bearer ${secret}` } })).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.match(output, /"url":"\/v1\/api_keys\?api_key=\[REDACTED\]"/, 'the request was logged');
    assert.equal(output.includes(secret), false, 'the secret never reaches the log');
    assert.equal(output.includes(secret.slice(8)), false);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
