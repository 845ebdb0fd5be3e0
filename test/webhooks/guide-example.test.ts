import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitEvent } from '../support/events.ts';
import { createWebhookTestApp, type WebhookTestApp } from '../../src/modules/webhooks/webhooks.test-support.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GUIDE = path.join(ROOT, 'docs/guides/webhooks.md');

/** The guide's Node receiver, exactly as printed (the first ```js block), on another port. */
function guideExample(port: number): string {
  const markdown = fs.readFileSync(GUIDE, 'utf8');
  const match = /```js\n([\s\S]*?)```/.exec(markdown);
  assert.ok(match, 'the guide has a Node example');
  assert.match(match[1]!, /\.listen\(4000\)/);
  return match[1]!.replace('.listen(4000)', `.listen(${port})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the guide's receiver never listened on ${port}`);
}

describe('the webhooks guide', () => {
  let t: WebhookTestApp;
  let child: ChildProcess | undefined;
  let dir: string;
  before(async () => {
    t = await createWebhookTestApp();
    // Inside the repository, so that the example's `import 'standardwebhooks'` resolves.
    dir = fs.mkdtempSync(path.join(ROOT, 'node_modules', '.webhooks-guide-'));
  });
  after(async () => {
    child?.kill();
    fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  test('its Node receiver verifies real deliveries with standardwebhooks and answers 204', async () => {
    const org = await t.bootstrap();
    const port = await freePort();
    const file = path.join(dir, 'receiver.mjs');
    fs.writeFileSync(file, guideExample(port));
    const endpoint = (
      await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key: org.testKey, payload: { url: `http://127.0.0.1:${port}/` } })
    ).json();
    let output = '';
    child = spawn(process.execPath, [file], { env: { ...process.env, INVOICING_WEBHOOK_SECRET: endpoint.secret }, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitForPort(port);
    // The receiver checks timestamps against its own (real) clock: deliver at real time.
    t.clock.set(new Date());
    const event = await emitEvent(
      t.app.services.db,
      {
        organizationId: org.organizationId,
        mode: 'test',
        type: 'invoice.stamped',
        object: { object: 'invoice', id: 'inv_guide' },
      },
      t.app.services,
    );
    await t.runJobs();
    const deliveries = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${endpoint.id}/deliveries`, key: org.testKey })).json().data;
    assert.equal(deliveries[0].event_id, event.id);
    assert.equal(deliveries[0].status, 'succeeded');
    assert.equal(deliveries[0].response_status, 204);
    for (let wait = 0; wait < 100 && !output.includes('inv_guide'); wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.match(output, /stamped inv_guide/);

    // An endpoint with another secret, pointing at the same receiver: its deliveries must be refused.
    const stranger = (
      await t.request({
        method: 'POST',
        url: '/v1/webhook_endpoints',
        key: org.testKey,
        payload: { url: `http://127.0.0.1:${port}/`, enabled_events: ['download.*'] },
      })
    ).json();
    await emitEvent(
      t.app.services.db,
      { organizationId: org.organizationId, mode: 'test', type: 'download.updated', object: { object: 'download' } },
      t.app.services,
    );
    await t.runJobs();
    const refused = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${stranger.id}/deliveries`, key: org.testKey })).json().data[0];
    assert.equal(refused.response_status, 400);
    assert.equal(refused.status, 'pending', 'retried later');
    assert.equal(refused.last_error, 'HTTP 400: invalid signature');
  });
});
