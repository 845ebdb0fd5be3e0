import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asJson, makeCredential, type MadeCredential } from './test-credentials.test-support.ts';
import { createProfilesTestApp, multipartBody, type FormPart, type ProfilesTestApp } from './test-app.test-support.ts';

const KIB = 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]);

describe('fiscal profile uploads: limits, types and malformed forms', () => {
  let t: ProfilesTestApp;
  let key: string;
  let csd: MadeCredential;

  before(async () => {
    t = await createProfilesTestApp();
    key = (await t.bootstrap('Uploads')).testKey;
    csd = await makeCredential({ rfc: 'EKU9003173C9', kind: 'csd' });
  });
  after(() => t.close());

  const required = (): FormPart[] => [
    { name: 'csd_cer', file: csd.cer },
    { name: 'csd_key', file: csd.key },
    { name: 'csd_password', value: csd.password },
    { name: 'tax_regime', value: '601' },
    { name: 'zip', value: '42501' },
  ];
  const send = (parts: FormPart[]) => {
    const form = multipartBody(parts);
    return t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: form.payload, headers: form.headers });
  };
  const raw = (payload: string | Buffer, contentType: string) =>
    t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload, headers: { 'content-type': contentType } });

  function expectProblem(response: Awaited<ReturnType<typeof send>>, status: number, code: string) {
    assert.equal(response.statusCode, status, response.body);
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(response.json().code, code, response.body);
    return response.json() as { errors?: Array<{ path: string; code: string }>; detail: string };
  }

  test('a .cer or .key over 16 KiB and a logo over 512 KiB are 413 fiscal_profile.upload_too_large, naming the part', async () => {
    const bigCer = expectProblem(
      await send([...required().filter((part) => part.name !== 'csd_cer'), { name: 'csd_cer', file: Buffer.alloc(16 * KIB + 1, 1) }]),
      413,
      'fiscal_profile.upload_too_large',
    );
    assert.deepEqual(
      bigCer.errors?.map((error) => error.path),
      ['csd_cer'],
    );
    const bigLogo = expectProblem(
      await send([...required(), { name: 'logo', file: Buffer.concat([PNG_SIGNATURE, Buffer.alloc(512 * KIB, 1)]) }]),
      413,
      'fiscal_profile.upload_too_large',
    );
    assert.deepEqual(
      bigLogo.errors?.map((error) => error.path),
      ['logo'],
    );
    // Far over every cap: the parser itself stops reading at the largest one.
    const huge = expectProblem(await send([...required(), { name: 'logo', file: Buffer.alloc(3 * 1024 * KIB, 1) }]), 413, 'fiscal_profile.upload_too_large');
    assert.deepEqual(
      huge.errors?.map((error) => error.path),
      ['logo'],
    );
  });

  test('base64 files in JSON have the same caps', async () => {
    const bigKey = await t.request({
      method: 'POST',
      url: '/v1/fiscal_profiles',
      key,
      payload: { csd: { ...asJson(csd), key_base64: Buffer.alloc(20 * KIB, 1).toString('base64') }, tax_regime: '601', zip: '42501' },
    });
    assert.deepEqual(
      expectProblem(bigKey, 413, 'fiscal_profile.upload_too_large').errors?.map((error) => error.path),
      ['csd.key_base64'],
    );
    const bigLogo = await t.request({
      method: 'POST',
      url: '/v1/fiscal_profiles',
      key,
      payload: { csd: asJson(csd), tax_regime: '601', zip: '42501', logo_base64: Buffer.alloc(600 * KIB, 1).toString('base64') },
    });
    expectProblem(bigLogo, 413, 'fiscal_profile.upload_too_large');
    const overBodyLimit = await t.request({
      method: 'POST',
      url: '/v1/fiscal_profiles',
      key,
      payload: { csd: asJson(csd), tax_regime: '601', zip: '42501', logo_base64: Buffer.alloc(900 * KIB, 1).toString('base64') },
    });
    expectProblem(overBodyLimit, 413, 'request.body_too_large');
  });

  test('too many files or text fields are 413 fiscal_profile.too_many_parts', async () => {
    const files = ['csd_cer', 'csd_key', 'fiel_cer', 'fiel_key', 'logo', 'extra_file'].map((name) => ({ name, file: Buffer.from('x') }));
    expectProblem(await send(files), 413, 'fiscal_profile.too_many_parts');
    const fields = Array.from({ length: 9 }, (_, index) => ({ name: `zip`, value: `0100${index}` }));
    expectProblem(await send(fields), 413, 'fiscal_profile.too_many_parts');
  });

  test('unknown, repeated and misplaced parts are 422 request.validation_failed, each named', async () => {
    const problem = expectProblem(
      await send([
        ...required().filter((part) => part.name !== 'csd_password' && part.name !== 'csd_key'),
        { name: 'csd_password', file: Buffer.from(csd.password) },
        { name: 'csd_key', value: 'text where a file belongs' },
        { name: 'resume', file: Buffer.from('%PDF') },
        { name: 'nickname', value: 'x' },
        { name: 'tax_regime', value: '603' },
      ]),
      422,
      'request.validation_failed',
    );
    const paths = problem.errors?.map((error) => `${error.path}:${error.code}`).sort();
    assert.deepEqual(paths, [
      'csd_key:expected_file',
      'csd_password:expected_text',
      'nickname:unknown_field',
      'resume:unknown_field',
      'tax_regime:duplicate_field',
    ]);
  });

  test('metadata must be JSON text of string keys and values: 422 fiscal_profile.invalid_metadata_json', async () => {
    const tooMany = JSON.stringify(Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`k${index}`, 'v'])));
    for (const metadata of [
      'not json',
      '[1,2]',
      '"text"',
      '{"count":1}',
      '{"nested":{"a":"b"}}',
      '{"none":null}',
      tooMany,
      JSON.stringify({ ['k'.repeat(41)]: 'v' }),
    ]) {
      expectProblem(await send([...required(), { name: 'metadata', value: metadata }]), 422, 'fiscal_profile.invalid_metadata_json');
    }
    const typed = await send([...required(), { name: 'metadata', value: '{"plan":"gold"}', contentType: 'application/json' }]);
    assert.equal(typed.statusCode, 201, typed.body);
    assert.deepEqual(typed.json().metadata, { plan: 'gold' });
    expectProblem(await send([...required(), { name: 'metadata', value: '{oops', contentType: 'application/json' }]), 400, 'fiscal_profile.invalid_upload');
    expectProblem(await send([...required(), { name: 'metadata', value: `{"a":"${'x'.repeat(40 * KIB)}"}` }]), 413, 'fiscal_profile.upload_too_large');
  });

  test('the logo is recognised by its bytes: PNG and JPEG are kept, anything else is 422 fiscal_profile.invalid_logo', async () => {
    const png = await send([
      ...required(),
      { name: 'logo', file: Buffer.concat([PNG_SIGNATURE, Buffer.alloc(40, 2)]), filename: 'logo.jpg', contentType: 'image/jpeg' },
    ]);
    assert.equal(png.statusCode, 201, png.body);
    assert.equal(png.json().has_logo, true);
    const jpeg = await send([...required(), { name: 'logo', file: JPEG, filename: 'logo.png', contentType: 'image/png' }]);
    assert.equal(jpeg.statusCode, 201, jpeg.body);
    const stored = await t.app.services.db
      .selectFrom('fiscal_profiles')
      .select(['logo_content_type'])
      .where('id', 'in', [png.json().id, jpeg.json().id])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      stored.map((row) => row.logo_content_type),
      ['image/png', 'image/jpeg'],
    );
    for (const file of [Buffer.from('GIF89a......'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.alloc(0), PNG_SIGNATURE]) {
      expectProblem(await send([...required(), { name: 'logo', file, contentType: 'image/png' }]), 422, 'fiscal_profile.invalid_logo');
    }
  });

  test('malformed bodies are client errors, never a crash: no boundary, cut-off form, unknown media type', async () => {
    expectProblem(await raw('--x\r\n', 'multipart/form-data'), 400, 'fiscal_profile.invalid_upload');
    const form = multipartBody(required());
    expectProblem(await raw(form.payload.subarray(0, form.payload.length - 40), form.headers['content-type']), 400, 'fiscal_profile.invalid_upload');
    expectProblem(await raw(Buffer.from('garbage without any boundary'), 'multipart/form-data; boundary=abc'), 400, 'fiscal_profile.invalid_upload');
    expectProblem(await raw('csd=1', 'text/plain'), 415, 'request.unsupported_media_type');
    const incomplete = expectProblem(await send([{ name: 'zip', value: '01000' }]), 422, 'request.validation_failed');
    assert.ok(incomplete.errors?.some((error) => error.path === 'csd_cer' && error.code === 'required'));
    const healthy = await t.request({ method: 'GET', url: '/v1/fiscal_profiles', key });
    assert.equal(healthy.statusCode, 200, 'the server keeps answering');
  });

  test('over a real socket, a 20 MiB upload is answered 413 while it streams in, and the server keeps serving', async () => {
    const address = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const post = (parts: FormPart[]) =>
      new Promise<{ status: number | undefined; code: string }>((resolve, reject) => {
        const form = multipartBody(parts);
        const request = http.request(
          `${address}/v1/fiscal_profiles`,
          {
            method: 'POST',
            headers: { ...form.headers, authorization: `Bearer ${key}`, 'content-length': String(form.payload.length) },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode, code: JSON.parse(body).code ?? JSON.parse(body).object }));
          },
        );
        request.on('error', reject);
        request.end(form.payload);
      });
    assert.deepEqual(await post([...required(), { name: 'logo', file: Buffer.alloc(20 * 1024 * KIB, 1) }]), {
      status: 413,
      code: 'fiscal_profile.upload_too_large',
    });
    assert.deepEqual(await post(required()), { status: 201, code: 'fiscal_profile' });
  });
});
