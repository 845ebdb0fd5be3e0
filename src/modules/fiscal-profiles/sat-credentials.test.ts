import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { satPath, skipWithoutShared } from '../../../test/support/shared.ts';
import { createProfilesTestApp, multipartBody, type FormPart, type ProfilesTestApp } from './test-app.test-support.ts';

/** A SAT test credential folder: the .cer, the .key and the password as published. */
function satCredential(folder: string, base: string, keyFile = `${base}.key`) {
  const directory = satPath('credentials', folder);
  return {
    cer: fs.readFileSync(`${directory}/${base}.cer`),
    key: fs.readFileSync(`${directory}/${keyFile}`),
    password: fs.readFileSync(`${directory}/password.txt`, 'utf8').trim(),
  };
}

type Credential = ReturnType<typeof satCredential>;

function json(credential: Credential) {
  return { cer_base64: credential.cer.toString('base64'), key_base64: credential.key.toString('base64'), password: credential.password };
}

function parts(prefix: 'csd' | 'fiel', credential: Credential): FormPart[] {
  return [
    { name: `${prefix}_cer`, file: credential.cer, filename: `${prefix}.cer` },
    { name: `${prefix}_key`, file: credential.key, filename: `${prefix}.key` },
    { name: `${prefix}_password`, value: credential.password },
  ];
}

describe('fiscal profiles with the SAT test credentials', { skip: skipWithoutShared }, () => {
  let t: ProfilesTestApp;
  let key: string;
  let eku: Record<'csd' | 'fiel' | 'csdPem' | 'expired', Credential>;
  let funk: Credential;
  let ono: Credential;

  before(async () => {
    t = await createProfilesTestApp({ catalogs: true });
    key = (await t.bootstrap('SAT credentials')).testKey;
    eku = {
      csd: satCredential('EKU9003173C9_CSD_30001000000500003416', 'EKU9003173C9'),
      fiel: satCredential('EKU9003173C9_FIEL_30001000000500003415', 'EKU9003173C9'),
      csdPem: satCredential('EKU9003173C9_CSD_30001000000500003416', 'EKU9003173C9', 'EKU9003173C9.key.pem'),
      expired: satCredential('expired/EKU9003173C9_CSD_30001000000400002434', 'EKU9003173C9'),
    };
    funk = satCredential('FUNK671228PH6_CSD_30001000000500003446', 'FUNK671228PH6');
    ono = satCredential('ONO120726RX3_CSD_30001000000500003439', 'ONO120726RX3');
  });
  after(() => t?.close());

  const create = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload });
  const createForm = (formParts: FormPart[]) => {
    const form = multipartBody(formParts);
    return t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: form.payload, headers: form.headers });
  };

  test('the EKU9003173C9 CSD alone (multipart) gives a profile that requires action, named without its régimen de capital', async () => {
    const response = await createForm([...parts('csd', eku.csd), { name: 'tax_regime', value: '601' }, { name: 'zip', value: '42501' }]);
    assert.equal(response.statusCode, 201, response.body);
    const profile = response.json();
    assert.equal(profile.rfc, 'EKU9003173C9');
    assert.equal(profile.legal_name, 'ESCUELA KEMPER URGATE');
    assert.deepEqual(profile.csd, {
      serial: '30001000000500003416',
      valid_from: '2023-05-18T11:43:51.000Z',
      valid_to: '2027-05-18T11:43:51.000Z',
      rfc: 'EKU9003173C9',
    });
    assert.equal(profile.status, 'requires_action');
    assert.equal(profile.manifest_status, 'pending_signature');
    assert.deepEqual(
      profile.next_actions.map((action: { type: string; requires: string[] }) => [action.type, action.requires]),
      [['sign_manifest', ['fiel', 'email']]],
    );
  });

  test('CSD, FIEL and e-mail (JSON) sign the manifiesto at creation; the manifest endpoint signs a CSD-only profile', async () => {
    const active = await create({ csd: json(eku.csd), fiel: json(eku.fiel), manifest_email: 'pruebas@example.mx', tax_regime: '601', zip: '42501' });
    assert.equal(active.statusCode, 201, active.body);
    assert.equal(active.json().status, 'active');
    assert.equal(active.json().has_fiel, true);
    const pending = (await create({ csd: json(eku.csd), tax_regime: '601', zip: '42501' })).json();
    const signed = await t.request({
      method: 'POST',
      url: `/v1/fiscal_profiles/${pending.id}/manifest`,
      key,
      payload: { fiel: json(eku.fiel), email: 'pruebas@example.mx' },
    });
    assert.equal(signed.statusCode, 200, signed.body);
    assert.equal(signed.json().status, 'active');
    assert.equal(signed.json().manifest_status, 'signed');
  });

  test('the other current SAT CSDs open too: OÑO120726RX3 (Ñ in the RFC) and FUNK671228PH6 (persona física)', async () => {
    const organicos = await create({ csd: json(ono), tax_regime: '601', zip: '01000' });
    assert.equal(organicos.statusCode, 201, organicos.body);
    assert.equal(organicos.json().rfc, 'OÑO120726RX3');
    assert.equal(organicos.json().legal_name, 'ORGANICOS ÑAVEZ OSORIO');
    const karla = await create({ csd: json(funk), tax_regime: '612', zip: '01000' });
    assert.equal(karla.statusCode, 201, karla.body);
    assert.equal(karla.json().legal_name, 'KARLA FUENTE NOLASCO');
  });

  test('SAT credentials that must be refused: expired CSD, FIEL as CSD, wrong password, mismatched pair, CSD as FIEL', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ csd: json(eku.expired) }, 'fiscal_profile.csd_expired'],
      [{ csd: json(eku.fiel) }, 'fiscal_profile.csd_is_fiel'],
      [{ csd: { ...json(eku.csd), password: '12345678b' } }, 'fiscal_profile.invalid_csd'],
      [{ csd: { ...json(eku.csd), key_base64: funk.key.toString('base64') } }, 'fiscal_profile.invalid_csd'],
      [{ csd: json(eku.csd), fiel: json(funk) }, 'fiscal_profile.invalid_fiel'],
    ];
    for (const [credentials, code] of cases) {
      const response = await create({ ...credentials, tax_regime: '601', zip: '42501' });
      assert.equal(response.statusCode, 422, `${code}: ${response.body}`);
      assert.equal(response.json().code, code);
    }
    const expiredFiel = satCredential('expired/FIEL_AAA010101AAA_30001000000300023685', 'certificate', 'private_key.key');
    const fielForm = await createForm([
      ...parts('csd', eku.csd),
      ...parts('fiel', expiredFiel),
      { name: 'tax_regime', value: '601' },
      { name: 'zip', value: '42501' },
    ]);
    assert.equal(fielForm.json().code, 'fiscal_profile.invalid_fiel', 'an expired FIEL, and of another RFC');
  });

  test('PATCH rotation: the same RFC (key as PEM) is accepted, another RFC is 422 fiscal_profile.csd_rfc_mismatch', async () => {
    const profile = (await create({ csd: json(eku.csd), tax_regime: '601', zip: '42501' })).json();
    const same = await t.request({ method: 'PATCH', url: `/v1/fiscal_profiles/${profile.id}`, key, payload: { csd: json(eku.csdPem) } });
    assert.equal(same.statusCode, 200, same.body);
    assert.equal(same.json().csd.serial, '30001000000500003416');
    const form = multipartBody(parts('csd', funk));
    const other = await t.request({ method: 'PATCH', url: `/v1/fiscal_profiles/${profile.id}`, key, payload: form.payload, headers: form.headers });
    assert.equal(other.statusCode, 422);
    assert.equal(other.json().code, 'fiscal_profile.csd_rfc_mismatch');
    assert.match(other.json().detail, /FUNK671228PH6/);
  });
});
