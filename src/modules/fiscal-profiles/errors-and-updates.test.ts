import { sign, verify } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrivateKey } from 'node:crypto';
import { encryptedKeyInfo } from '../../cfdi/pkcs8.test-support.ts';
import { asJson, makeCredential, type MadeCredential } from './test-credentials.test-support.ts';
import { createProfilesTestApp, multipartBody, type ProfilesTestApp } from './test-app.test-support.ts';
import { createFiscalProfiles, serializeFiscalProfilesById } from './stamping.ts';
import { SigningCredentialCache } from './signing-credential.ts';
import { ManifestSignerError, type ManifestSigner } from './ports.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import type { Ctx, Mode } from '../../platform/context.ts';

const RFC = 'EKU9003173C9';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe('fiscal profile errors, updates and the signing credential', () => {
  let t: ProfilesTestApp;
  let key: string;
  let organizationId: string;
  let stampedProfiles: Set<string>;
  let signerFailure: Error | undefined;
  const creds: Record<string, MadeCredential> = {};

  before(async () => {
    stampedProfiles = new Set();
    const signer: ManifestSigner = {
      async signManifest(request) {
        if (signerFailure) throw signerFailure;
        return { signedAt: new Date('2026-07-15T18:00:00Z'), contractXml: `<signed rfc="${request.rfc}"/>` };
      },
    };
    t = await createProfilesTestApp({
      catalogs: true,
      deps: { manifestSigner: signer, hasStampedInvoices: async (_db, id) => stampedProfiles.has(id) },
    });
    ({ testKey: key, organizationId } = await t.bootstrap('Errors'));
    const made = await Promise.all([
      makeCredential({ rfc: RFC, kind: 'csd' }),
      makeCredential({ rfc: RFC, kind: 'csd' }),
      makeCredential({ rfc: RFC, kind: 'fiel' }),
      makeCredential({ rfc: 'FUNK671228PH6', kind: 'csd', name: 'KARLA FUENTE NOLASCO' }),
      makeCredential({ rfc: RFC, kind: 'csd', validFrom: new Date('2020-01-01T00:00:00Z'), validTo: new Date('2024-01-01T00:00:00Z') }),
      makeCredential({ rfc: RFC, kind: 'csd', validFrom: new Date('2026-09-01T00:00:00Z') }),
      makeCredential({ rfc: RFC, kind: 'csd', validFrom: new Date('2022-08-01T00:00:00Z'), validTo: new Date('2026-08-01T00:00:00Z') }),
    ]);
    [creds.csd, creds.rotated, creds.fiel, creds.otherRfc, creds.expired, creds.future, creds.expiring] = made;
  });
  after(() => t.close());

  const create = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: body });
  const base = () => ({ csd: asJson(creds.csd!), tax_regime: '601', zip: '42501' });
  const patch = (id: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: 'PATCH', url: `/v1/fiscal_profiles/${id}`, key, payload: payload as Record<string, unknown>, headers });

  async function expectProblem(response: Awaited<ReturnType<typeof create>>, status: number, code: string): Promise<Record<string, unknown>> {
    assert.equal(response.statusCode, status, response.body);
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
    const body = response.json();
    assert.equal(body.code, code, response.body);
    return body;
  }
  test('a .key that asks for 2^31 − 1 PBKDF2 iterations is a 422 naming the field, as a CSD, a FIEL, a rotation and a manifest', async () => {
    const costly = (made: MadeCredential) => {
      const key = createPrivateKey({ key: made.plainKeyPem, format: 'pem' });
      return { ...asJson(made), key_base64: encryptedKeyInfo(key, made.password, { declare: 2 ** 31 - 1 }).toString('base64') };
    };
    const csd = await expectProblem(await create({ ...base(), csd: costly(creds.csd!) }), 422, 'fiscal_profile.invalid_csd');
    assert.match(String(csd.detail), /2,147,483,647 key-derivation iterations/);
    assert.deepEqual(
      (csd.errors as { path: string; code: string }[]).map((error) => [error.path, error.code]),
      [['csd_key', 'key_too_costly']],
    );
    const fiel = await expectProblem(
      await create({ ...base(), fiel: costly(creds.fiel!), manifest_email: 'a@example.mx' }),
      422,
      'fiscal_profile.invalid_fiel',
    );
    assert.deepEqual(
      (fiel.errors as { path: string }[]).map((error) => error.path),
      ['fiel_key'],
    );
    const created = await create(base());
    assert.equal(created.statusCode, 201, created.body);
    await expectProblem(await patch(created.json().id, { csd: costly(creds.rotated!) }), 422, 'fiscal_profile.invalid_csd');
    const manifest = await t.request({
      method: 'POST',
      url: `/v1/fiscal_profiles/${created.json().id}/manifest`,
      key,
      payload: { fiel: costly(creds.fiel!), email: 'a@example.mx' },
    });
    await expectProblem(manifest, 422, 'fiscal_profile.invalid_fiel');
  });

  test('each broken CSD has its own code: garbage, wrong password, mismatched pair, FIEL as CSD, expired, not yet valid', async () => {
    const csd = creds.csd!;
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ ...asJson(csd), cer_base64: Buffer.from('not a certificate').toString('base64') }, 'fiscal_profile.invalid_csd', /could not be read/],
      [{ ...asJson(csd), key_base64: Buffer.from('garbage key bytes').toString('base64') }, 'fiscal_profile.invalid_csd', /could not be read/],
      [{ ...asJson(csd), password: 'wrong-password' }, 'fiscal_profile.invalid_csd', /password/],
      [{ ...asJson(csd), key_base64: asJson(creds.rotated!).key_base64, password: creds.rotated!.password }, 'fiscal_profile.invalid_csd', /does not belong/],
      [asJson(creds.fiel!), 'fiscal_profile.csd_is_fiel', /FIEL/],
      [asJson(creds.expired!), 'fiscal_profile.csd_expired', /expired/],
      [asJson(creds.future!), 'fiscal_profile.csd_expired', /valid from/],
    ];
    for (const [upload, code, detail] of cases) {
      const problem = await expectProblem(await create({ ...base(), csd: upload }), 422, code);
      assert.match(String(problem.detail), detail, code);
      assert.ok(!String(problem.detail).includes(upload.password!), 'the password never appears in a problem');
    }
  });

  test('a FIEL that cannot be opened is 422 fiscal_profile.invalid_fiel', async () => {
    await expectProblem(await create({ ...base(), fiel: { ...asJson(creds.fiel!), password: 'nope' } }), 422, 'fiscal_profile.invalid_fiel');
    await expectProblem(await create({ ...base(), fiel: asJson(creds.rotated!) }), 422, 'fiscal_profile.invalid_fiel');
  });

  test('schema problems name each field: formats of tax_regime, zip, brand colour, base64, unknown fields, missing CSD', async () => {
    const response = await create({ csd: { ...asJson(creds.csd!), cer_base64: '***' }, tax_regime: '60', zip: '1234', brand_color: 'red', extra: 1 });
    const problem = await expectProblem(response, 422, 'request.validation_failed');
    const paths = (problem.errors as Array<{ path: string; code: string }>).map((error) => `${error.path}:${error.code}`).sort();
    for (const expected of [
      'brand_color:invalid_format',
      'csd.cer_base64:invalid_format',
      'extra:unknown_field',
      'tax_regime:invalid_format',
      'zip:invalid_format',
    ]) {
      assert.ok(paths.includes(expected), `${expected} in ${paths.join()}`);
    }
    const missing = await expectProblem(await create({ tax_regime: '601', zip: '42501' }), 422, 'request.validation_failed');
    assert.ok((missing.errors as Array<{ path: string }>).some((error) => error.path === 'csd'));
  });

  test("with the catalogs, tax_regime must exist and apply to the RFC's persona", async () => {
    const unknown = await expectProblem(await create({ ...base(), tax_regime: '999' }), 422, 'fiscal_profile.invalid_tax_regime');
    assert.deepEqual(
      (unknown.errors as Array<{ path: string }>).map((error) => error.path),
      ['tax_regime'],
    );
    // 605 (sueldos y salarios) is for personas físicas only; EKU9003173C9 is a persona moral.
    const persona = await expectProblem(await create({ ...base(), tax_regime: '605' }), 422, 'fiscal_profile.invalid_tax_regime');
    assert.match(String(persona.detail), /persona moral/);
    const fisica = await create({ csd: asJson(creds.otherRfc!), tax_regime: '605', zip: '01000' });
    assert.equal(fisica.statusCode, 201, fisica.body);
    assert.equal(fisica.json().legal_name, 'KARLA FUENTE NOLASCO', 'a persona física keeps the whole name');
  });

  test('signer failures map to manifiesto.* codes, an unknown failure to 502, and "already signed" counts as signed', async () => {
    const profile = (await create(base())).json();
    const sign = () =>
      t.request({ method: 'POST', url: `/v1/fiscal_profiles/${profile.id}/manifest`, key, payload: { fiel: asJson(creds.fiel!), email: 'a@example.mx' } });
    try {
      signerFailure = new ManifestSignerError('manifiesto.certificate_not_sat', 'not issued by the SAT');
      await expectProblem(await sign(), 422, 'manifiesto.certificate_not_sat');
      signerFailure = new ManifestSignerError('manifiesto.network_error', 'unreachable');
      await expectProblem(await sign(), 502, 'manifiesto.network_error');
      signerFailure = new Error('socket hang up');
      await expectProblem(await sign(), 502, 'manifiesto.provider_error');
      const atCreation = await create({ ...base(), fiel: asJson(creds.fiel!), manifest_email: 'a@example.mx' });
      await expectProblem(atCreation, 502, 'manifiesto.provider_error');
      signerFailure = new ManifestSignerError('manifiesto.already_signed', 'already signed');
      const signed = await sign();
      assert.equal(signed.statusCode, 200);
      assert.equal(signed.json().status, 'active');
    } finally {
      signerFailure = undefined;
    }
  });

  test('PATCH rotates the CSD to another certificate of the same RFC, and the cached signing key follows', async () => {
    const profile = (await create({ ...base(), fiel: asJson(creds.fiel!), manifest_email: 'a@example.mx' })).json();
    const profiles = createFiscalProfiles({ keyring: t.keyring });
    const before = await profiles.loadSigningCredential(t.app.services.db, profile.id);
    assert.equal(before.noCertificado, creds.csd!.serial);
    assert.equal((await profiles.loadSigningCredential(t.app.services.db, profile.id)).privateKey, before.privateKey, 'served from the cache');

    const rotated = await patch(profile.id, { csd: asJson(creds.rotated!) });
    assert.equal(rotated.statusCode, 200, rotated.body);
    assert.equal(rotated.json().csd.serial, creds.rotated!.serial);
    assert.equal(rotated.json().status, 'active', 'the manifiesto belongs to the RFC and stays signed');
    const after = await profiles.loadSigningCredential(t.app.services.db, profile.id);
    assert.equal(after.noCertificado, creds.rotated!.serial);
    assert.equal(after.certificateBase64, creds.rotated!.cer.toString('base64'));
    const data = Buffer.from('cadena original');
    const signature = sign('sha256', data, after.privateKey);
    assert.ok(verify('sha256', data, after.certificate.publicKey, signature), 'the new key signs for the new certificate');

    await expectProblem(await patch(profile.id, { csd: asJson(creds.otherRfc!) }), 422, 'fiscal_profile.csd_rfc_mismatch');
    await expectProblem(await patch(profile.id, { csd: asJson(creds.expired!) }), 422, 'fiscal_profile.csd_expired');
    assert.equal(
      (await profiles.loadSigningCredential(t.app.services.db, profile.id)).noCertificado,
      creds.rotated!.serial,
      'a refused rotation changes nothing',
    );
  });

  test("another process's rotation is seen through csd_version even when this process cached the old key", async () => {
    const profile = (await create(base())).json();
    const cache = new SigningCredentialCache();
    const profiles = createFiscalProfiles({ keyring: t.keyring, cache });
    await profiles.loadSigningCredential(t.app.services.db, profile.id);
    const stale = await profiles.loadSigningCredential(t.app.services.db, profile.id);
    assert.ok(await patch(profile.id, { csd: asJson(creds.rotated!) }));
    // Put the stale entry back, as a cache in another process would still hold it.
    cache.set(stale);
    const fresh = await profiles.loadSigningCredential(t.app.services.db, profile.id);
    assert.equal(fresh.noCertificado, creds.rotated!.serial);
  });

  test('PATCH updates the descriptive fields, merges metadata, sets and removes the logo and colour', async () => {
    const profile = (await create({ ...base(), metadata: { keep: '1', drop: '2' } })).json();
    t.clock.advance(5_000);
    const updated = await patch(profile.id, {
      legal_name: 'NUEVO NOMBRE',
      zip: '01000',
      tax_regime: '603',
      brand_color: '#123456',
      metadata: { drop: '', add: '3' },
      logo_base64: PNG.toString('base64'),
    });
    assert.equal(updated.statusCode, 200, updated.body);
    const body = updated.json();
    assert.equal(body.legal_name, 'NUEVO NOMBRE');
    assert.equal(body.zip, '01000');
    assert.equal(body.tax_regime, '603');
    assert.equal(body.brand_color, '#123456');
    assert.deepEqual(body.metadata, { keep: '1', add: '3' });
    assert.equal(body.has_logo, true);
    assert.equal(body.updated_at, t.clock.now().toISOString());
    assert.notEqual(body.updated_at, body.created_at);
    const cleared = (await patch(profile.id, { logo_base64: null, brand_color: null })).json();
    assert.equal(cleared.has_logo, false);
    assert.equal(cleared.brand_color, '#1F3A5F', 'the default colour');
    const form = multipartBody([
      { name: 'logo', file: PNG, filename: 'logo.png', contentType: 'image/png' },
      { name: 'legal_name', value: 'DESDE FORMULARIO' },
    ]);
    const multipart = await patch(profile.id, form.payload, form.headers);
    assert.equal(multipart.statusCode, 200, multipart.body);
    assert.equal(multipart.json().has_logo, true);
    assert.equal(multipart.json().legal_name, 'DESDE FORMULARIO');
  });

  test('PATCH problems: unknown id, empty body, a lone csd part, a GIF logo, an invalid tax regime', async () => {
    const profile = (await create(base())).json();
    await expectProblem(await patch('fp_01jabcdefghjkmnpqrstvwxyz0', { zip: '01000' }), 404, 'resource.not_found');
    await expectProblem(await patch(profile.id, {}), 422, 'request.validation_failed');
    const lone = multipartBody([{ name: 'csd_cer', file: creds.rotated!.cer }]);
    const partial = await expectProblem(await patch(profile.id, lone.payload, lone.headers), 422, 'request.validation_failed');
    assert.deepEqual((partial.errors as Array<{ path: string }>).map((error) => error.path).sort(), ['csd_key', 'csd_password']);
    await expectProblem(await patch(profile.id, { logo_base64: Buffer.from('GIF89a....').toString('base64') }), 422, 'fiscal_profile.invalid_logo');
    await expectProblem(await patch(profile.id, { tax_regime: '999' }), 422, 'fiscal_profile.invalid_tax_regime');
  });

  test('a profile with stamped invoices cannot be deleted: 409 fiscal_profile.in_use', async () => {
    const profile = (await create(base())).json();
    stampedProfiles.add(profile.id);
    await expectProblem(await t.request({ method: 'DELETE', url: `/v1/fiscal_profiles/${profile.id}`, key }), 409, 'fiscal_profile.in_use');
    assert.equal((await t.request({ method: 'GET', url: `/v1/fiscal_profiles/${profile.id}`, key })).statusCode, 200);
  });

  test('status follows the CSD validity: a notice 30 days before it ends, requires_action once expired', async () => {
    const profile = (await create({ ...base(), csd: asJson(creds.expiring!), fiel: asJson(creds.fiel!), manifest_email: 'a@example.mx' })).json();
    assert.equal(profile.status, 'active');
    assert.deepEqual(profile.next_actions, []);
    assert.deepEqual(
      profile.pending_actions.map((action: { type: string }) => action.type),
      ['renew_csd'],
      'ends 2026-08-01, within 30 days',
    );
    const saved = t.clock.now();
    try {
      t.clock.set('2026-08-02T00:00:00Z');
      const later = (await t.request({ method: 'GET', url: `/v1/fiscal_profiles/${profile.id}`, key })).json();
      assert.equal(later.status, 'requires_action');
      assert.deepEqual(
        later.next_actions.map((action: { type: string; endpoint: string }) => [action.type, action.endpoint]),
        [['renew_csd', `PATCH /v1/fiscal_profiles/${profile.id}`]],
      );
    } finally {
      t.clock.set(saved);
    }
  });

  function ctxFor(mode: Mode): Ctx {
    const services = t.app.services;
    const caller = {
      apiKeyId: 'key_x',
      keyOrganizationId: organizationId,
      organizationId,
      platformOrganizationId: null,
      keyOrganizationIsAccount: false,
      mode,
      keyVersion: null,
    };
    return { services, db: services.db, caller, organizationId, mode, livemode: mode === 'live', requestId: 'req_x', version: '2026-07-15', traceparent: '' };
  }

  test('findProfileForStamping: 409 manifest_required before the manifiesto, then the embedded profile and a CSD key that signs', async () => {
    const profiles = createFiscalProfiles({ keyring: t.keyring });
    const pending = (await create(base())).json();
    await assert.rejects(
      profiles.findProfileForStamping(ctxFor('test'), pending.id),
      (error: unknown) => error instanceof ApiError && error.code === 'fiscal_profile.manifest_required' && error.status === 409,
    );
    const active = (await create({ ...base(), fiel: asJson(creds.fiel!), manifest_email: 'a@example.mx' })).json();
    const stamping = await profiles.findProfileForStamping(ctxFor('test'), active.id);
    assert.deepEqual(stamping.fiscalProfile, active, 'the embedded object is the API object');
    assert.equal(stamping.credential.noCertificado, creds.csd!.serial);
    assert.equal(stamping.credential.rfc, RFC);
    assert.equal(stamping.credential.privateKey.type, 'private');
    await assert.rejects(
      profiles.findProfileForStamping(ctxFor('live'), active.id),
      (error: unknown) => error instanceof ApiError && error.code === 'resource.not_found',
    );
    await assert.rejects(profiles.findProfileForStamping(ctxFor('test'), 'fp_bad'), (error: unknown) => error instanceof ApiError && error.status === 404);
    const embedded = await serializeFiscalProfilesById(ctxFor('test'), [active.id, pending.id, active.id, 'fp_bad']);
    assert.deepEqual([...embedded.keys()].sort(), [active.id, pending.id].sort());
    assert.deepEqual(embedded.get(active.id), active);
    assert.equal((await serializeFiscalProfilesById(ctxFor('live'), [active.id])).size, 0);
    const branding = await profiles.findProfileBranding(ctxFor('test'), active.id);
    assert.deepEqual(branding, { brandColor: '#1F3A5F', logo: null });
    const saved = t.clock.now();
    try {
      t.clock.set('2030-01-01T00:00:00Z');
      await assert.rejects(
        profiles.findProfileForStamping(ctxFor('test'), active.id),
        (error: unknown) => error instanceof ApiError && error.code === 'cfdi.csd_expired',
      );
    } finally {
      t.clock.set(saved);
    }
  });
});
