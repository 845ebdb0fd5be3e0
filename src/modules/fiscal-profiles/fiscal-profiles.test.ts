import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asJson, makeCredential, type MadeCredential } from './test-credentials.test-support.ts';
import { createProfilesTestApp, multipartBody, type FormPart, type ProfilesTestApp } from './test-app.test-support.ts';

const RFC = 'EKU9003173C9';

function csdParts(credential: MadeCredential): FormPart[] {
  return [
    { name: 'csd_cer', file: credential.cer, filename: 'csd.cer' },
    { name: 'csd_key', file: credential.key, filename: 'csd.key' },
    { name: 'csd_password', value: credential.password },
  ];
}

function fielParts(credential: MadeCredential): FormPart[] {
  return [
    { name: 'fiel_cer', file: credential.cer, filename: 'fiel.cer' },
    { name: 'fiel_key', file: credential.key, filename: 'fiel.key' },
    { name: 'fiel_password', value: credential.password },
  ];
}

describe('fiscal profiles (generated credentials)', () => {
  let t: ProfilesTestApp;
  let org: Awaited<ReturnType<ProfilesTestApp['bootstrap']>>;
  let csd: MadeCredential;
  let fiel: MadeCredential;

  before(async () => {
    t = await createProfilesTestApp();
    org = await t.bootstrap('Acme');
    [csd, fiel] = await Promise.all([makeCredential({ rfc: RFC, kind: 'csd' }), makeCredential({ rfc: RFC, kind: 'fiel' })]);
  });
  after(() => t.close());

  const createJson = (body: Record<string, unknown>, key = org.testKey) => t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: body });
  const createForm = (parts: FormPart[], key = org.testKey, headers: Record<string, string> = {}) => {
    const form = multipartBody(parts);
    return t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: form.payload, headers: { ...form.headers, ...headers } });
  };

  test('a CSD alone creates a profile that requires action: the manifiesto is pending and signing it is the next action', async () => {
    const response = await createJson({ csd: asJson(csd), tax_regime: '601', zip: '42501' });
    assert.equal(response.statusCode, 201, response.body);
    const profile = response.json();
    assert.match(profile.id, /^fp_[0-9a-z]{26}$/);
    assert.equal(profile.object, 'fiscal_profile');
    assert.equal(profile.rfc, RFC, 'the RFC comes from the certificate');
    assert.equal(profile.legal_name, `CONTRIBUYENTE DE PRUEBA ${RFC}`, 'the certificate name without its régimen de capital');
    assert.deepEqual(profile.csd, { serial: csd.serial, valid_from: csd.validFrom.toISOString(), valid_to: csd.validTo.toISOString(), rfc: RFC });
    assert.equal(profile.status, 'requires_action');
    assert.equal(profile.manifest_status, 'pending_signature');
    assert.equal(profile.manifest_signed_at, null);
    assert.equal(profile.has_fiel, false);
    assert.equal(profile.has_logo, false);
    assert.equal(profile.livemode, false);
    const action = {
      type: 'sign_manifest',
      message: profile.next_actions[0]?.message,
      endpoint: `POST /v1/fiscal_profiles/${profile.id}/manifest`,
      requires: ['fiel', 'email'],
    };
    assert.deepEqual(profile.next_actions, [action]);
    assert.deepEqual(profile.pending_actions, [action]);
    assert.match(action.message, /carta manifiesto/);
    assert.ok(!response.body.includes(csd.password) && !response.body.includes(asJson(csd).key_base64.slice(0, 40)), 'no key material in the response');
  });

  test('CSD, FIEL and a manifiesto e-mail in one multipart request sign the manifiesto at creation: the profile is active', async () => {
    const response = await createForm([
      ...csdParts(csd),
      ...fielParts(fiel),
      { name: 'manifest_email', value: 'contacto@example.mx' },
      { name: 'legal_name', value: 'ESCUELA KEMPER URGATE' },
      { name: 'tax_regime', value: '601' },
      { name: 'zip', value: '42501' },
      { name: 'metadata', value: '{"crm_id":"42"}' },
      { name: 'brand_color', value: '#00AA55' },
    ]);
    assert.equal(response.statusCode, 201, response.body);
    const profile = response.json();
    assert.equal(profile.status, 'active');
    assert.equal(profile.manifest_status, 'signed');
    assert.equal(profile.manifest_signed_at, t.clock.now().toISOString());
    assert.deepEqual(profile.next_actions, []);
    assert.deepEqual(profile.pending_actions, []);
    assert.equal(profile.has_fiel, true);
    assert.equal(profile.legal_name, 'ESCUELA KEMPER URGATE');
    assert.deepEqual(profile.metadata, { crm_id: '42' });
    assert.equal(profile.brand_color, '#00AA55');
  });

  test('a FIEL without the e-mail is kept, and the manifest endpoint then signs with it given only the e-mail', async () => {
    const created = (await createJson({ csd: asJson(csd), fiel: asJson(fiel), tax_regime: '601', zip: '42501' })).json();
    assert.equal(created.status, 'requires_action');
    assert.equal(created.has_fiel, true);
    assert.deepEqual(created.next_actions[0].requires, ['email'], 'the stored FIEL is used');
    const signed = await t.request({
      method: 'POST',
      url: `/v1/fiscal_profiles/${created.id}/manifest`,
      key: org.testKey,
      payload: { email: 'firma@example.mx' },
    });
    assert.equal(signed.statusCode, 200, signed.body);
    assert.equal(signed.json().status, 'active');
    assert.equal(signed.json().manifest_status, 'signed');
  });

  test('the manifest endpoint signs with a FIEL sent as base64 JSON and keeps it on the profile', async () => {
    const created = (await createJson({ csd: asJson(csd), tax_regime: '601', zip: '42501' })).json();
    t.clock.advance(60_000);
    const response = await t.request({
      method: 'POST',
      url: `/v1/fiscal_profiles/${created.id}/manifest`,
      key: org.testKey,
      payload: { fiel: asJson(fiel), email: 'firma@example.mx' },
    });
    assert.equal(response.statusCode, 200, response.body);
    const profile = response.json();
    assert.equal(profile.status, 'active');
    assert.equal(profile.has_fiel, true);
    assert.equal(profile.manifest_signed_at, t.clock.now().toISOString());
    assert.equal(profile.updated_at, t.clock.now().toISOString());
    const again = await t.request({
      method: 'POST',
      url: `/v1/fiscal_profiles/${created.id}/manifest`,
      key: org.testKey,
      payload: { email: 'firma@example.mx' },
    });
    assert.equal(again.statusCode, 422);
    assert.equal(again.json().code, 'manifiesto.already_signed');
  });

  test('manifest requests without e-mail, without any FIEL, or with a FIEL of another RFC are refused', async () => {
    const created = (await createJson({ csd: asJson(csd), tax_regime: '601', zip: '42501' })).json();
    const url = `/v1/fiscal_profiles/${created.id}/manifest`;
    const noEmail = await t.request({ method: 'POST', url, key: org.testKey, payload: { fiel: asJson(fiel) } });
    assert.equal(noEmail.statusCode, 422);
    assert.equal(noEmail.json().code, 'manifest.email_required');
    const noFiel = await t.request({ method: 'POST', url, key: org.testKey, payload: { email: 'a@example.mx' } });
    assert.equal(noFiel.statusCode, 422);
    assert.equal(noFiel.json().code, 'fiscal_profile.fiel_required');
    const otherFiel = await makeCredential({ rfc: 'FUNK671228PH6', kind: 'fiel' });
    const wrongRfc = await t.request({ method: 'POST', url, key: org.testKey, payload: { fiel: asJson(otherFiel), email: 'a@example.mx' } });
    assert.equal(wrongRfc.statusCode, 422);
    assert.equal(wrongRfc.json().code, 'manifiesto.certificate_error');
    assert.match(wrongRfc.json().detail, /FUNK671228PH6/);
    const csdAsFiel = await t.request({ method: 'POST', url, key: org.testKey, payload: { fiel: asJson(csd), email: 'a@example.mx' } });
    assert.equal(csdAsFiel.json().code, 'manifiesto.invalid_certificate');
    const badEmail = await t.request({ method: 'POST', url, key: org.testKey, payload: { fiel: asJson(fiel), email: 'not an e-mail' } });
    assert.equal(badEmail.statusCode, 422);
    assert.equal(badEmail.json().code, 'request.validation_failed');
    const unchanged = (await t.request({ method: 'GET', url: `/v1/fiscal_profiles/${created.id}`, key: org.testKey })).json();
    assert.equal(unchanged.manifest_status, 'pending_signature', 'failed attempts change nothing');
    assert.equal(unchanged.has_fiel, false);
  });

  test('manifest_email without a FIEL at creation is 422 fiscal_profile.fiel_required', async () => {
    const response = await createJson({ csd: asJson(csd), manifest_email: 'a@example.mx', tax_regime: '601', zip: '42501' });
    assert.equal(response.statusCode, 422);
    assert.equal(response.json().code, 'fiscal_profile.fiel_required');
  });

  test('list is newest first in the current mode, paginated; retrieve returns the same object', async () => {
    const other = await t.bootstrap('Lister');
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      t.clock.advance(1000);
      ids.push((await createJson({ csd: asJson(csd), tax_regime: '601', zip: '42501' }, other.testKey)).json().id);
    }
    const first = await t.request({ method: 'GET', url: '/v1/fiscal_profiles?limit=2', key: other.testKey });
    assert.equal(first.statusCode, 200);
    assert.equal(first.json().url, '/v1/fiscal_profiles');
    assert.deepEqual(
      first.json().data.map((profile: { id: string }) => profile.id),
      [ids[2], ids[1]],
    );
    assert.equal(first.json().has_more, true);
    const second = (await t.request({ method: 'GET', url: `/v1/fiscal_profiles?limit=2&starting_after=${ids[1]}`, key: other.testKey })).json();
    assert.deepEqual(
      second.data.map((profile: { id: string }) => profile.id),
      [ids[0]],
    );
    assert.equal(second.has_more, false);
    const single = await t.request({ method: 'GET', url: `/v1/fiscal_profiles/${ids[0]}`, key: other.testKey });
    assert.deepEqual(single.json(), second.data[0]);
    const live = (await t.request({ method: 'GET', url: '/v1/fiscal_profiles', key: other.liveKey })).json();
    assert.deepEqual(live.data, [], 'live mode has its own profiles');
  });

  test('a test key never sees a live profile and another organization sees neither: 404 everywhere', async () => {
    const live = (await createJson({ csd: asJson(csd), tax_regime: '601', zip: '42501' }, org.liveKey)).json();
    assert.equal(live.livemode, true);
    const stranger = await t.bootstrap('Stranger');
    const attempts = [
      { key: org.testKey, method: 'GET' as const, url: `/v1/fiscal_profiles/${live.id}` },
      { key: org.testKey, method: 'PATCH' as const, url: `/v1/fiscal_profiles/${live.id}`, payload: { zip: '01000' } },
      { key: org.testKey, method: 'DELETE' as const, url: `/v1/fiscal_profiles/${live.id}` },
      { key: org.testKey, method: 'POST' as const, url: `/v1/fiscal_profiles/${live.id}/manifest`, payload: { email: 'a@example.mx', fiel: asJson(fiel) } },
      { key: stranger.liveKey, method: 'GET' as const, url: `/v1/fiscal_profiles/${live.id}` },
      { key: stranger.liveKey, method: 'DELETE' as const, url: `/v1/fiscal_profiles/${live.id}` },
      { key: org.liveKey, method: 'GET' as const, url: '/v1/fiscal_profiles/fp_nothing' },
      { key: org.liveKey, method: 'GET' as const, url: '/v1/fiscal_profiles/inv_01jabcdefghjkmnpqrstvwxyz0' },
    ];
    for (const { key, ...request } of attempts) {
      const response = await t.request({ ...request, key });
      assert.equal(response.statusCode, 404, `${request.method} ${request.url}`);
      assert.equal(response.json().code, 'resource.not_found');
    }
    const stillThere = await t.request({ method: 'GET', url: `/v1/fiscal_profiles/${live.id}`, key: org.liveKey });
    assert.equal(stillThere.statusCode, 200);
    assert.equal(stillThere.json().zip, '42501');
    const strangerList = (await t.request({ method: 'GET', url: '/v1/fiscal_profiles', key: stranger.liveKey })).json();
    assert.deepEqual(strangerList.data, []);
  });

  test("a connected account's profiles are its own: the platform sees them only through Invoice-Account", async () => {
    const account = (await t.request({ method: 'POST', url: '/v1/accounts', key: org.testKey, payload: { name: 'Sucursal' } })).json();
    const headers = { 'invoice-account': account.id };
    const created = await t.request({
      method: 'POST',
      url: '/v1/fiscal_profiles',
      key: org.testKey,
      headers,
      payload: { csd: asJson(csd), tax_regime: '601', zip: '42501' },
    });
    assert.equal(created.statusCode, 201);
    const id = created.json().id;
    assert.equal((await t.request({ method: 'GET', url: `/v1/fiscal_profiles/${id}`, key: org.testKey, headers })).statusCode, 200);
    assert.equal((await t.request({ method: 'GET', url: `/v1/fiscal_profiles/${id}`, key: org.testKey })).statusCode, 404);
    const own = (await t.request({ method: 'GET', url: '/v1/fiscal_profiles', key: org.testKey })).json().data;
    assert.ok(!own.some((profile: { id: string }) => profile.id === id));
  });

  test('every endpoint needs an API key', async () => {
    for (const [method, url] of [
      ['GET', '/v1/fiscal_profiles'],
      ['POST', '/v1/fiscal_profiles'],
      ['GET', '/v1/fiscal_profiles/fp_x'],
      ['POST', '/v1/fiscal_profiles/fp_x/manifest'],
    ] as const) {
      const response = await t.request({ method, url, payload: method === 'POST' ? {} : undefined });
      assert.equal(response.statusCode, 401, `${method} ${url}`);
      assert.equal(response.json().code, 'auth.unauthorized');
    }
  });

  test('DELETE removes a profile; a retry with the same Idempotency-Key replays, and the profile is gone', async () => {
    const created = (await createJson({ csd: asJson(csd), tax_regime: '601', zip: '42501' })).json();
    const headers = { 'idempotency-key': `delete-${created.id}` };
    const deleted = await t.request({ method: 'DELETE', url: `/v1/fiscal_profiles/${created.id}`, key: org.testKey, headers });
    assert.equal(deleted.statusCode, 200);
    assert.deepEqual(deleted.json(), { object: 'fiscal_profile', id: created.id, deleted: true });
    const replay = await t.request({ method: 'DELETE', url: `/v1/fiscal_profiles/${created.id}`, key: org.testKey, headers });
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    const gone = await t.request({ method: 'GET', url: `/v1/fiscal_profiles/${created.id}`, key: org.testKey });
    assert.equal(gone.statusCode, 404);
  });

  test('a multipart create retried with the same Idempotency-Key returns the first profile; other files are a key reuse', async () => {
    const parts = [...csdParts(csd), { name: 'tax_regime', value: '601' }, { name: 'zip', value: '42501' }];
    const headers = { 'idempotency-key': 'multipart-create-1' };
    const first = await createForm(parts, org.testKey, headers);
    const second = await createForm(parts, org.testKey, headers);
    assert.equal(first.statusCode, 201);
    assert.equal(second.json().id, first.json().id);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    const otherKeyFile = await makeCredential({ rfc: RFC, kind: 'csd' });
    const changed = await createForm([...csdParts(otherKeyFile), { name: 'tax_regime', value: '601' }, { name: 'zip', value: '42501' }], org.testKey, headers);
    assert.equal(changed.statusCode, 409);
    assert.equal(changed.json().code, 'idempotency.key_reuse');
  });
});
