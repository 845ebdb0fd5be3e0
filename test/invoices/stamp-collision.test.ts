/**
 * Two profiles of one RFC with the same CSD, in two organizations, stamping identical content in
 * the same second: the PAC answers the second with the first's stamp. That UUID must never be
 * adopted, and no invoice may be left `stamping`.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { recoverStamping } from '../../src/modules/invoices/jobs.ts';
import { createInvoicesTestApp, invoiceRequest, registerProfile, type InvoicesTestApp, type Keys } from './support.ts';
import { assertStampedCfdi } from './verify.ts';

let t: InvoicesTestApp;
let first: Keys;
let second: Keys;
let firstProfile: string;
let secondProfile: string;

before(async () => {
  t = await createInvoicesTestApp();
  first = await t.bootstrap('First');
  second = await t.bootstrap('Second');
  const registered = await registerProfile(t, first.testKey);
  firstProfile = registered.id;
  // The same CSD and FIEL registered again by another organization.
  const response = await t.request({
    method: 'POST',
    url: '/v1/fiscal_profiles',
    key: second.testKey,
    payload: { ...credentialsOf(registered.csd, registered.fiel), tax_regime: '601', zip: '42501', manifest_email: 'facturas@example.com' },
  });
  assert.equal(response.statusCode, 201, response.body);
  secondProfile = response.json().id;
});
after(() => t.close());

function credentialsOf(csd: { cerDer: Buffer; keyPkcs8EncryptedDer: Buffer; password: string }, fiel: typeof csd) {
  const json = (issued: typeof csd) => ({
    cer_base64: issued.cerDer.toString('base64'),
    key_base64: issued.keyPkcs8EncryptedDer.toString('base64'),
    password: issued.password,
  });
  return { csd: json(csd), fiel: json(fiel) };
}

async function draft(key: string, profileId: string, serie: string): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/v1/invoices', key, payload: invoiceRequest(profileId, { serie, folio: '1' }) });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().id;
}

const stamp = (key: string, id: string) => t.request({ method: 'POST', url: `/v1/invoices/${id}/stamp`, key });
const xmlOf = async (key: string, id: string) => (await t.request({ method: 'GET', url: `/v1/invoices/${id}/xml`, key })).body;
const get = async (key: string, id: string) => (await t.request({ method: 'GET', url: `/v1/invoices/${id}`, key })).json();

test('identical content stamped in the same second: the second is refused cleanly, back to draft, and stamps with its own UUID a second later', async () => {
  const a = await draft(first.testKey, firstProfile, 'SAME');
  const b = await draft(second.testKey, secondProfile, 'SAME');
  const stampedA = await stamp(first.testKey, a);
  assert.equal(stampedA.statusCode, 200, stampedA.body);
  const refused = await stamp(second.testKey, b);
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'invoice.stamp_collision');
  assert.equal(refused.headers['retry-after'], '1');
  const afterRefusal = await get(second.testKey, b);
  assert.equal(afterRefusal.status, 'draft');
  assert.equal(afterRefusal.uuid, null);
  assert.match(afterRefusal.error, /^invoice\.stamp_collision: /);
  t.clock.advance(1_000);
  const stampedB = await stamp(second.testKey, b);
  assert.equal(stampedB.statusCode, 200, stampedB.body);
  assert.notEqual(stampedB.json().uuid, stampedA.json().uuid);
  await assertStampedCfdi(await xmlOf(second.testKey, b), t.simulator.url);
});

test("a stamp interrupted before the PAC answered is recovered with a UUID of its own, never the other invoice's", async () => {
  t.clock.advance(60_000);
  const a = await draft(first.testKey, firstProfile, 'RACE');
  const b = await draft(second.testKey, secondProfile, 'RACE');
  // B's recovery point is committed, then the process "crashes" before the PAC call.
  t.fakes.crashHook = (reached) => {
    if (reached === 'after_recovery_point') throw new Error('crash');
  };
  assert.equal((await stamp(second.testKey, b)).statusCode, 500);
  t.fakes.crashHook = undefined;
  // A, identical and sealed in the same second, is stamped meanwhile.
  const stampedA = await stamp(first.testKey, a);
  assert.equal(stampedA.statusCode, 200, stampedA.body);
  // In the same second the recovery cannot make B distinct: it ends as a draft with the reason.
  // (The job takes stamps sealed before now: a millisecond later is still the same second.)
  t.clock.advance(1);
  await recoverStamping(t.app.services, t.deps, 0);
  const same = await get(second.testKey, b);
  assert.equal(same.status, 'draft');
  assert.match(same.error, /invoice\.stamp_collision/);
  // Stamped again later, B gets its own UUID.
  t.clock.advance(2_000);
  const stampedB = await stamp(second.testKey, b);
  assert.equal(stampedB.statusCode, 200, stampedB.body);
  assert.notEqual(stampedB.json().uuid, stampedA.json().uuid);
});

test('when the recovery runs a second or more later, it seals again and finishes the stamp itself', async () => {
  t.clock.advance(60_000);
  const a = await draft(first.testKey, firstProfile, 'LATER');
  const b = await draft(second.testKey, secondProfile, 'LATER');
  t.fakes.crashHook = (reached) => {
    if (reached === 'after_recovery_point') throw new Error('crash');
  };
  assert.equal((await stamp(second.testKey, b)).statusCode, 500);
  t.fakes.crashHook = undefined;
  const stampedA = await stamp(first.testKey, a);
  assert.equal(stampedA.statusCode, 200, stampedA.body);
  t.clock.advance(1_000);
  await recoverStamping(t.app.services, t.deps, 0);
  const recovered = await get(second.testKey, b);
  assert.equal(recovered.status, 'stamped');
  assert.notEqual(recovered.uuid, stampedA.json().uuid);
  await assertStampedCfdi(await xmlOf(second.testKey, b), t.simulator.url);
});
