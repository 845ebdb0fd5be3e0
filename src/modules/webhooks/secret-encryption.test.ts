import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EnvelopeError } from '../../platform/crypto/index.ts';
import { createJobQueue } from '../../platform/jobs/queue.ts';
import { emitEvent } from '../../../test/support/events.ts';
import { registerWebhookJobs } from './index.ts';
import { openSecrets } from './secrets.ts';
import { newSigningSecret } from './signing.ts';
import { createWebhookTestApp, type WebhookTestApp } from './webhooks.test-support.ts';
import { assertAllVerified, receiverPool, verifyDelivery } from '../../../test/support/webhook-receiver.ts';

describe('webhook signing secrets are encrypted at rest', () => {
  let t: WebhookTestApp;
  const receivers = receiverPool(() => t.clock.now());
  before(async () => {
    t = await createWebhookTestApp();
  });
  after(async () => {
    await receivers.close();
    await t.close();
  });

  async function receiver() {
    return receivers.start();
  }
  async function endpoint(key: string, url: string) {
    const response = await t.request({ method: 'POST', url: '/v1/webhook_endpoints', key, payload: { url } });
    assert.equal(response.statusCode, 201, response.body);
    return response.json();
  }
  const storedRow = (id: string) => t.app.services.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const emit = (organizationId: string) =>
    emitEvent(t.app.services.db, { organizationId, mode: 'test', type: 'invoice.stamped', object: { object: 'invoice', id: 'inv_1' } }, t.app.services);

  /** Every column of the row, bytes read both as UTF-8 and as Latin-1, so no encoding hides a secret. */
  function rowText(row: Record<string, unknown>): string {
    return Object.values(row)
      .map((value) => {
        if (value instanceof Uint8Array) return `${Buffer.from(value).toString('utf8')} ${Buffer.from(value).toString('latin1')}`;
        return JSON.stringify(value);
      })
      .join('\n');
  }
  function assertNoPlaintext(row: Record<string, unknown>, secrets: string[]) {
    const text = rowText(row);
    assert.equal(text.includes('whsec_'), false, 'no whsec_ in any column');
    for (const secret of secrets) assert.equal(text.includes(secret.slice('whsec_'.length)), false, 'not even the secret’s key part');
  }

  test('after create and after rotate the row holds no plaintext secret, and deliveries verify with the returned secrets', async () => {
    const org = await t.bootstrap();
    const inbox = await receiver();
    const hook = await endpoint(org.testKey, inbox.url);
    assert.match(hook.secret, /^whsec_/);
    const created = await storedRow(hook.id);
    assert.equal(created.secret, null);
    assert.equal(created.previous_secret, null);
    assert.ok(created.data_key && created.secret_encrypted);
    assert.equal(created.previous_secret_encrypted, null);
    assertNoPlaintext(created, [hook.secret]);

    inbox.secrets = [hook.secret];
    await emit(org.organizationId);
    await t.runJobs();
    assert.equal(inbox.received.length, 1);
    assert.equal(verifyDelivery(hook.secret, inbox.received[0]!, t.clock.now()).type, 'invoice.stamped');

    const rotated = (await t.request({ method: 'POST', url: `/v1/webhook_endpoints/${hook.id}/rotate_secret`, key: org.testKey })).json();
    assert.notEqual(rotated.secret, hook.secret);
    const row = await storedRow(hook.id);
    assert.equal(row.secret, null);
    assert.equal(row.previous_secret, null);
    assert.ok(row.previous_secret_encrypted && row.previous_secret_expires_at);
    assert.equal(Buffer.from(row.data_key!).equals(Buffer.from(created.data_key)), false, 'a rotation seals under a new data key');
    assertNoPlaintext(row, [hook.secret, rotated.secret]);

    inbox.secrets = [rotated.secret];
    await emit(org.organizationId);
    await t.runJobs();
    const during = inbox.received[1]!;
    assert.equal(during.headers['webhook-signature']!.split(' ').length, 2);
    assert.ok(verifyDelivery(rotated.secret, during, t.clock.now()));
    assert.ok(verifyDelivery(hook.secret, during, t.clock.now()), 'the previous secret still signs during the grace period');
    assertNoPlaintext(await storedRow(hook.id), [hook.secret, rotated.secret]);
  });

  test('a row written before encryption signs as it is, is sealed at start, and still signs', async () => {
    const org = await t.bootstrap();
    const inbox = await receiver();
    const hook = await endpoint(org.testKey, inbox.url);
    // The row as the previous release wrote it: plaintext secrets, nothing sealed.
    const legacy = newSigningSecret();
    const legacyPrevious = newSigningSecret();
    const expires = new Date(t.clock.now().getTime() + 60 * 60_000);
    await t.app.services.db
      .updateTable('webhook_endpoints')
      .set({
        secret: legacy,
        previous_secret: legacyPrevious,
        previous_secret_expires_at: expires,
        data_key: null,
        secret_encrypted: null,
        previous_secret_encrypted: null,
      })
      .where('id', '=', hook.id)
      .execute();

    inbox.secrets = [legacy];
    await emit(org.organizationId);
    await t.runJobs();
    assert.equal(inbox.received.length, 1);
    assert.ok(verifyDelivery(legacy, inbox.received[0]!, t.clock.now()), 'read in plaintext before the start-up sealing');
    assert.ok(verifyDelivery(legacyPrevious, inbox.received[0]!, t.clock.now()));

    // A restart: registering the jobs seals what is still plaintext, once.
    const restart = async () => {
      const jobs = createJobQueue({ db: t.app.services.db, clock: t.clock, pollMs: 20 });
      const worker = registerWebhookJobs({ ...t.app.services, jobs }, { keyring: t.keyring });
      try {
        return await worker.sealed;
      } finally {
        worker.close();
        await jobs.stop();
      }
    };
    assert.equal(await restart(), 1);
    assert.equal(await restart(), 0, 'idempotent: nothing left to seal');
    const sealed = await storedRow(hook.id);
    assert.equal(sealed.secret, null);
    assert.equal(sealed.previous_secret, null);
    assert.ok(sealed.data_key && sealed.secret_encrypted && sealed.previous_secret_encrypted);
    assert.equal(sealed.previous_secret_expires_at?.getTime(), expires.getTime());
    assertNoPlaintext(sealed, [legacy, legacyPrevious, hook.secret]);
    assert.deepEqual(openSecrets(t.keyring, sealed, sealed), { secret: legacy, previous: legacyPrevious }, 'no secret lost');

    await emit(org.organizationId);
    await t.runJobs();
    assert.equal(inbox.received.length, 2);
    assert.ok(verifyDelivery(legacy, inbox.received[1]!, t.clock.now()));
    assert.ok(verifyDelivery(legacyPrevious, inbox.received[1]!, t.clock.now()));
  });

  test('sealed secrets copied into another endpoint row do not decrypt there, and nothing is sent with them', async () => {
    const org = await t.bootstrap();
    const inbox = await receiver();
    const source = await endpoint(org.testKey, `${inbox.url}/source`);
    const target = await endpoint(org.testKey, `${inbox.url}/target`);
    const stolen = await storedRow(source.id);
    await t.app.services.db
      .updateTable('webhook_endpoints')
      .set({ data_key: stolen.data_key, secret_encrypted: stolen.secret_encrypted })
      .where('id', '=', target.id)
      .execute();
    const copied = await storedRow(target.id);
    assert.throws(
      () => openSecrets(t.keyring, copied, copied),
      (error: unknown) => error instanceof EnvelopeError && error.code === 'authentication_failed',
    );
    assert.equal(openSecrets(t.keyring, stolen, stolen).secret, source.secret, 'the original row still opens');

    // Only the secret copied, with the target's own data key: the associated data still refuses it.
    const original = await storedRow(source.id);
    const fresh = await endpoint(org.testKey, `${inbox.url}/fresh`);
    const freshRow = await storedRow(fresh.id);
    const mixed = { ...freshRow, secret_encrypted: original.secret_encrypted };
    assert.throws(() => openSecrets(t.keyring, mixed, mixed), EnvelopeError);

    inbox.secrets = [source.secret, fresh.secret];
    await t.request({ method: 'PATCH', url: `/v1/webhook_endpoints/${fresh.id}`, key: org.testKey, payload: { enabled: false } });
    await emit(org.organizationId);
    await t.runJobs();
    assert.deepEqual(
      inbox.received.map((request) => request.path),
      ['/source'],
      'the copied row sent nothing',
    );
    const [delivery] = (await t.request({ method: 'GET', url: `/v1/webhook_endpoints/${target.id}/deliveries`, key: org.testKey })).json().data;
    assert.equal(delivery.status, 'pending');
    assert.match(delivery.last_error, /signing secret could not be decrypted \(authentication_failed\)/);
    assert.equal(delivery.last_error.includes('whsec_'), false);
  });

  test('standardwebhooks verified every delivery above', () => {
    assertAllVerified(receivers.all);
  });
});
