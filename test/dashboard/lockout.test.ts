import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { asBrowser, createDashboardApp, PASSWORD, signIn, signUp, uniqueEmail, type DashboardApp } from './support.ts';

const MINUTE_MS = 60_000;

describe('sign-in lockout', () => {
  let t: DashboardApp;
  before(async () => {
    t = await createDashboardApp();
  });
  after(() => t.close());

  test('5 failures for one e-mail lock it for 15 minutes, the right password included, with Retry-After', async () => {
    const { email } = await signUp(t);
    const from = { remoteAddress: '198.51.100.1' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      t.clock.advance(MINUTE_MS);
      const response = await signIn(t, email, `wrong password ${attempt}`, from);
      assert.equal(response.json().code, 'dashboard.invalid_credentials', `attempt ${attempt + 1}`);
    }
    const locked = await signIn(t, email, PASSWORD, from);
    assert.equal(locked.statusCode, 429);
    assert.equal(locked.json().code, 'dashboard.too_many_attempts');
    assert.equal(locked.headers['retry-after'], String(15 * 60));
    assert.equal(locked.headers['set-cookie'], undefined);
    // Another address does not help: the e-mail itself is locked.
    t.clock.advance(10 * MINUTE_MS);
    const elsewhere = await signIn(t, email, PASSWORD, { remoteAddress: '198.51.100.2' });
    assert.equal(elsewhere.statusCode, 429);
    assert.equal(elsewhere.headers['retry-after'], String(5 * 60), 'the seconds left');
    t.clock.advance(5 * MINUTE_MS);
    const open = await signIn(t, email, PASSWORD, from);
    assert.equal(open.statusCode, 200, open.body);
  });

  test('failures spread over more than 15 minutes do not lock; a success clears the count', async () => {
    const { email } = await signUp(t);
    for (let attempt = 0; attempt < 4; attempt += 1) assert.equal((await signIn(t, email, 'wrong password!')).statusCode, 401);
    t.clock.advance(15 * MINUTE_MS);
    for (let attempt = 0; attempt < 4; attempt += 1) assert.equal((await signIn(t, email, 'wrong password!')).statusCode, 401);
    assert.equal((await signIn(t, email)).statusCode, 200);
    for (let attempt = 0; attempt < 4; attempt += 1) assert.equal((await signIn(t, email, 'wrong password!')).statusCode, 401);
    assert.equal((await signIn(t, email)).statusCode, 200, 'the success before reset the count');
  });

  test('an unknown e-mail locks the same way, so lockout tells no account apart', async () => {
    const email = uniqueEmail('ghost');
    for (let attempt = 0; attempt < 5; attempt += 1) assert.equal((await signIn(t, email, 'whatever it is')).statusCode, 401);
    assert.equal((await signIn(t, email, 'whatever it is')).json().code, 'dashboard.too_many_attempts');
  });

  test('20 failures from one address slow it down, not lock it: each later attempt waits its turn, and in its turn the right password signs in', async () => {
    const { email } = await signUp(t);
    const attacker = { remoteAddress: '203.0.113.9' };
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await signIn(t, uniqueEmail('spray'), 'a guessed password', attacker);
      assert.equal(response.json().code, 'dashboard.invalid_credentials', `attempt ${attempt + 1}`);
    }
    // Before its turn, an attempt from there is refused without being checked or counted.
    const early = await signIn(t, email, PASSWORD, attacker);
    assert.equal(early.statusCode, 429);
    assert.equal(early.json().code, 'dashboard.too_many_attempts');
    assert.equal(early.headers['retry-after'], '1');
    assert.match(early.json().detail, /from this address; try again in 1 second\./);
    assert.equal((await signIn(t, email, PASSWORD, { remoteAddress: '203.0.113.10' })).statusCode, 200, 'another address is not slowed');
    // Each further failure doubles the wait, up to a minute.
    const waits: string[] = [];
    let wait = Number(early.headers['retry-after']);
    for (let attempt = 0; attempt < 7; attempt += 1) {
      t.clock.advance(wait * 1000);
      const guess = await signIn(t, uniqueEmail('spray'), 'a guessed password', attacker);
      assert.equal(guess.json().code, 'dashboard.invalid_credentials', `slowed attempt ${attempt + 1}`);
      const refused = await signIn(t, uniqueEmail('spray'), 'a guessed password', attacker);
      assert.equal(refused.statusCode, 429);
      waits.push(String(refused.headers['retry-after']));
      wait = Number(refused.headers['retry-after']);
    }
    assert.deepEqual(waits, ['2', '4', '8', '16', '32', '60', '60']);
    // In its turn the right password of an e-mail that is not locked signs in, from the same address.
    t.clock.advance(wait * 1000);
    assert.equal((await signIn(t, email, PASSWORD, attacker)).statusCode, 200, 'signed in in its turn');
    // Fifteen quiet minutes after its last turn, the address starts afresh.
    t.clock.advance(15 * MINUTE_MS + 60_000);
    for (let attempt = 0; attempt < 19; attempt += 1) {
      assert.equal((await signIn(t, uniqueEmail('later'), 'a guessed password', attacker)).json().code, 'dashboard.invalid_credentials');
    }
  });

  test('an IPv6 client is counted by its /64, and an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const { email } = await signUp(t);
    // Twenty failures, each from another address of one /64.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await signIn(t, uniqueEmail('v6'), 'a guessed password', { remoteAddress: `2001:db8:aaaa:1:${attempt.toString(16)}::1` });
      assert.equal(response.json().code, 'dashboard.invalid_credentials', `attempt ${attempt + 1}`);
    }
    const sameNetwork = await signIn(t, email, PASSWORD, { remoteAddress: '2001:db8:aaaa:1:ffff:ffff:ffff:ffff' });
    assert.equal(sameNetwork.statusCode, 429, 'another address of the same /64 waits its turn');
    assert.equal((await signIn(t, email, PASSWORD, { remoteAddress: '2001:db8:aaaa:2::1' })).statusCode, 200, 'the next /64 is another client');
    // Ten failures written as IPv4 and ten as IPv4-mapped IPv6 are twenty from one client.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const remoteAddress = attempt % 2 === 0 ? '198.51.100.77' : '::ffff:198.51.100.77';
      assert.equal((await signIn(t, uniqueEmail('mapped'), 'a guessed password', { remoteAddress })).json().code, 'dashboard.invalid_credentials');
    }
    assert.equal((await signIn(t, email, PASSWORD, { remoteAddress: '198.51.100.77' })).statusCode, 429);
  });

  test('successful sign-ins do not count against their address', async () => {
    const { email } = await signUp(t);
    const office = { remoteAddress: '192.0.2.50' };
    for (let attempt = 0; attempt < 25; attempt += 1) assert.equal((await signIn(t, email, PASSWORD, office)).statusCode, 200, `sign-in ${attempt + 1}`);
  });

  test('concurrent guesses cannot outrun the limit', async () => {
    const { email } = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, attempt) => signIn(t, email, `parallel guess ${attempt}`, { remoteAddress: '192.0.2.77' })),
    );
    const codes = answers.map((response) => response.json().code);
    assert.equal(codes.filter((code) => code === 'dashboard.invalid_credentials').length, 5, codes.join());
    assert.equal(codes.filter((code) => code === 'dashboard.too_many_attempts').length, 7, codes.join());
  });

  test("wrong current passwords on a password change count toward the e-mail's lockout", async () => {
    const browser = await signUp(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await asBrowser(t, browser, {
        method: 'POST',
        url: '/dashboard/api/password',
        payload: { current_password: 'not it at all', new_password: 'another long password' },
      });
      assert.equal(response.json().code, 'dashboard.invalid_credentials');
    }
    const locked = await asBrowser(t, browser, {
      method: 'POST',
      url: '/dashboard/api/password',
      payload: { current_password: PASSWORD, new_password: 'another long password' },
    });
    assert.equal(locked.statusCode, 429);
    assert.equal((await signIn(t, browser.email)).statusCode, 429);
  });

  test('10 sign-ups from one address within 15 minutes close sign-up there for 15 minutes; other addresses are not affected', async () => {
    const from = { remoteAddress: '203.0.113.50' };
    const signUpFrom = (options: Partial<InjectOptions>) =>
      t.request({
        method: 'POST',
        url: '/dashboard/api/sign_up',
        payload: { email: uniqueEmail(), password: PASSWORD, organization_name: 'Ráfaga SA' },
        ...options,
      });
    for (let count = 0; count < 10; count += 1) assert.equal((await signUpFrom(from)).statusCode, 201, `sign-up ${count + 1}`);
    const refused = await signUpFrom(from);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().code, 'dashboard.too_many_attempts');
    assert.equal(refused.headers['retry-after'], String(15 * 60));
    assert.match(refused.json().detail, /sign-ups/);
    assert.equal((await signUpFrom({ remoteAddress: '203.0.113.51' })).statusCode, 201, 'another address');
    t.clock.advance(15 * MINUTE_MS);
    assert.equal((await signUpFrom(from)).statusCode, 201, 'open again after 15 minutes');
  });

  test('sign-ups are counted per IPv6 /64, not per address', async () => {
    for (let count = 0; count < 10; count += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/dashboard/api/sign_up',
        remoteAddress: `2001:db8:bbbb:1::${(count + 1).toString(16)}`,
        payload: { email: uniqueEmail(), password: PASSWORD, organization_name: 'Red SA' },
      });
      assert.equal(response.statusCode, 201, `sign-up ${count + 1}`);
    }
    const refused = await t.request({
      method: 'POST',
      url: '/dashboard/api/sign_up',
      remoteAddress: '2001:db8:bbbb:1:ffff::1',
      payload: { email: uniqueEmail(), password: PASSWORD, organization_name: 'Red SA' },
    });
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().code, 'dashboard.too_many_attempts');
  });
});

describe('sign-in limits behind a proxy', () => {
  const proxy = '10.0.0.1';

  /** 20 failures whose X-Forwarded-For each starts with another made-up address, as the client wrote it. */
  async function spoofedFailures(t: DashboardApp, forwardedFor: (attempt: number) => string) {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await signIn(t, uniqueEmail('spoof'), 'a guessed password', {
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': forwardedFor(attempt) },
      });
      assert.equal(response.json().code, 'dashboard.invalid_credentials', `attempt ${attempt + 1}`);
    }
  }

  test('TRUST_PROXY=true trusts one proxy: the client is the right-most X-Forwarded-For entry, whatever the client put before it', async () => {
    const t = await createDashboardApp({ TRUST_PROXY: 'true' });
    try {
      const { email } = await signUp(t);
      await spoofedFailures(t, (attempt) => `192.0.2.${attempt + 1}, 203.0.113.200`);
      const client = await signIn(t, email, PASSWORD, { remoteAddress: proxy, headers: { 'x-forwarded-for': '192.0.2.99, 203.0.113.200' } });
      assert.equal(client.statusCode, 429, 'the client that failed 20 times is slowed down');
      const other = await signIn(t, email, PASSWORD, { remoteAddress: proxy, headers: { 'x-forwarded-for': '203.0.113.201' } });
      assert.equal(other.statusCode, 200, 'another client behind the same proxy is not');
    } finally {
      await t.close();
    }
  });

  test("with the proxies' addresses, the client is the address just before them", async () => {
    const t = await createDashboardApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const { email } = await signUp(t);
      await spoofedFailures(t, (attempt) => `192.0.2.${attempt + 1}, 203.0.113.210, 10.0.0.2`);
      const client = await signIn(t, email, PASSWORD, { remoteAddress: proxy, headers: { 'x-forwarded-for': '203.0.113.210, 10.0.0.2' } });
      assert.equal(client.statusCode, 429);
      const other = await signIn(t, email, PASSWORD, { remoteAddress: proxy, headers: { 'x-forwarded-for': '203.0.113.211, 10.0.0.2' } });
      assert.equal(other.statusCode, 200);
    } finally {
      await t.close();
    }
  });
});
