import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { clean } from './attempt.ts';
import { newSigningSecret, signedHeaders } from './signing.ts';
import { MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_MS, RETRY_JITTER } from './schedule.ts';

describe('Standard Webhooks signing', () => {
  const body = JSON.stringify({ object: 'event', id: 'evt_01', data: { object: { total: '116.00', name: 'Panadería' } } });

  test('secrets are whsec_ and base64 of 24 random bytes, each one new', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newSigningSecret()));
    assert.equal(secrets.size, 50);
    for (const secret of secrets) {
      assert.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/);
      assert.equal(Buffer.from(secret.slice(6), 'base64').length, 24);
    }
  });

  test('the public standardwebhooks library verifies our headers, and rejects a changed body or another secret', () => {
    const secret = newSigningSecret();
    const headers = signedHeaders([secret], 'evt_01', new Date(), body);
    assert.deepEqual(new Webhook(secret).verify(body, { ...headers }), JSON.parse(body));
    assert.throws(() => new Webhook(secret).verify(body.replace('116.00', '1.00'), { ...headers }), WebhookVerificationError);
    assert.throws(() => new Webhook(newSigningSecret()).verify(body, { ...headers }), WebhookVerificationError);
    assert.throws(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'evt_02' }), WebhookVerificationError);
  });

  test('during a rotation both secrets verify the same message', () => {
    const current = newSigningSecret();
    const previous = newSigningSecret();
    const headers = signedHeaders([current, previous], 'evt_01', new Date(), body);
    assert.equal(headers['webhook-signature'].split(' ').length, 2);
    for (const secret of [current, previous]) assert.ok(new Webhook(secret).verify(body, { ...headers }));
  });

  test('the timestamp header is unix seconds and the library agrees with our signature byte for byte', () => {
    const secret = newSigningSecret();
    const at = new Date('2026-07-15T12:00:00.999Z');
    const headers = signedHeaders([secret], 'evt_x', at, body);
    assert.equal(headers['webhook-timestamp'], String(Math.floor(at.getTime() / 1000)));
    assert.equal(headers['webhook-signature'], new Webhook(secret).sign('evt_x', at, body));
  });
});

describe('retry schedule', () => {
  test('eight attempts: 0 s, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after each failure', () => {
    assert.equal(MAX_ATTEMPTS, 8);
    assert.deepEqual(
      RETRY_DELAYS_MS.map((ms) => ms / 1000),
      [5, 300, 1800, 7200, 18000, 36000, 36000],
    );
  });

  test('each delay stays within ±20% jitter and the extremes are reachable', () => {
    const at = new Date('2026-07-15T12:00:00Z');
    RETRY_DELAYS_MS.forEach((delay, index) => {
      const low = nextAttemptAt(index + 1, at, () => 0)!.getTime() - at.getTime();
      const high = nextAttemptAt(index + 1, at, () => 0.999999)!.getTime() - at.getTime();
      assert.equal(low, Math.round(delay * (1 - RETRY_JITTER)));
      assert.ok(Math.abs(high - delay * (1 + RETRY_JITTER)) <= delay * 1e-6 + 1);
      for (let sample = 0; sample < 100; sample++) {
        const wait = nextAttemptAt(index + 1, at)!.getTime() - at.getTime();
        assert.ok(wait >= delay * 0.8 - 1 && wait <= delay * 1.2 + 1, `${wait} for ${delay}`);
      }
    });
  });

  test('after the eighth attempt there is no next one', () => {
    assert.equal(nextAttemptAt(8, new Date()), null);
  });
});

test('what an endpoint answered is shown capped, without controls or bidi overrides, never half a character', () => {
  assert.equal(clean('HTTP 500: bad\u0000\u0007\u009b\u202egateway\r\n'), 'HTTP 500: bad gateway');
  const emoji = `HTTP 500: ${'x'.repeat(489)}🦜🦜`;
  const shown = clean(emoji);
  assert.equal(shown.length, 499, 'the pair cut at the limit is dropped whole');
  assert.ok((shown as string & { isWellFormed(): boolean }).isWellFormed());
  assert.equal(clean(`HTTP 500: ${'y'.repeat(2_000)}`).length, 500);
  assert.equal(clean('lone \ud800 surrogate'), 'lone \ufffd surrogate');
});
