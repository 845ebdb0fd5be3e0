import { createPrivateKey, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import pino from 'pino';
import type { Db } from '../../platform/db/database.ts';
import { EnvelopeError, MasterKeyring } from '../../platform/crypto/index.ts';
import { asJson, makeCredential, type MadeCredential } from './test-credentials.test-support.ts';
import { createProfilesTestApp, multipartBody, type ProfilesTestApp } from './test-app.test-support.ts';
import { SigningCredentialCache, loadSigningCredential } from './signing-credential.ts';

const RFC = 'EKU9003173C9';

/** Every column of every row of every table, as text; binary values as hex, base64 and latin1. */
async function dumpDatabase(db: Db): Promise<{ text: string; binaries: Buffer[] }> {
  const tables = await sql<{
    name: string;
  }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`.execute(db);
  const parts: string[] = [];
  const binaries: Buffer[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db);
    for (const row of rows.rows) {
      for (const value of Object.values(row)) {
        if (value instanceof Uint8Array) {
          const bytes = Buffer.from(value);
          binaries.push(bytes);
          parts.push(bytes.toString('hex'), bytes.toString('base64'), bytes.toString('latin1'));
        } else if (value instanceof Date) parts.push(value.toISOString());
        else parts.push(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
      }
    }
  }
  return { text: parts.join('\n'), binaries };
}

describe('fiscal profile storage: nothing secret at rest or in logs', () => {
  let t: ProfilesTestApp;
  let key: string;
  let csd: MadeCredential;
  let fiel: MadeCredential;
  let pemCsd: MadeCredential;
  const logLines: string[] = [];

  before(async () => {
    // development: request logging on; trace: the most verbose level, the multipart parser's included.
    t = await createProfilesTestApp({ env: { APP_ENV: 'development', LOG_LEVEL: 'trace' } });
    const stream = (t.app.server.log as unknown as Record<symbol, { write(line: string): boolean }>)[pino.symbols.streamSym];
    assert.ok(stream, 'the logger has a destination stream');
    stream.write = (line: string) => {
      logLines.push(line);
      return true;
    };
    key = (await t.bootstrap('Storage')).testKey;
    [csd, fiel, pemCsd] = await Promise.all([
      makeCredential({ rfc: RFC, kind: 'csd', password: 'csd-Secret-Passw0rd' }),
      makeCredential({ rfc: RFC, kind: 'fiel', password: 'fiel-Secret-Passw0rd' }),
      makeCredential({ rfc: RFC, kind: 'csd', password: 'pem-Secret-Passw0rd' }),
    ]);
  });
  after(() => t.close());

  async function createProfiles(): Promise<string[]> {
    const ids: string[] = [];
    const json = await t.request({
      method: 'POST',
      url: '/v1/fiscal_profiles',
      key,
      headers: { 'idempotency-key': 'storage-json' },
      payload: { csd: asJson(csd), fiel: asJson(fiel), manifest_email: 'a@example.mx', tax_regime: '601', zip: '42501' },
    });
    assert.equal(json.statusCode, 201, json.body);
    ids.push(json.json().id);
    const encryptedPem = createPrivateKey(pemCsd.plainKeyPem).export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: pemCsd.password });
    const form = multipartBody([
      { name: 'csd_cer', file: pemCsd.cer },
      { name: 'csd_key', file: Buffer.from(encryptedPem) },
      { name: 'csd_password', value: pemCsd.password },
      { name: 'fiel_cer', file: fiel.cer },
      { name: 'fiel_key', file: fiel.key },
      { name: 'fiel_password', value: fiel.password },
      { name: 'tax_regime', value: '601' },
      { name: 'zip', value: '42501' },
    ]);
    const multipart = await t.request({
      method: 'POST',
      url: '/v1/fiscal_profiles',
      key,
      payload: form.payload,
      headers: { ...form.headers, 'idempotency-key': 'storage-form' },
    });
    assert.equal(multipart.statusCode, 201, multipart.body);
    ids.push(multipart.json().id);
    // Failures carry the password too: a wrong pair, then a manifest signed with a FIEL sent as JSON.
    const refused = await t.request({
      method: 'POST',
      url: '/v1/fiscal_profiles',
      key,
      payload: { csd: { ...asJson(csd), key_base64: asJson(fiel).key_base64 }, tax_regime: '601', zip: '42501' },
    });
    assert.equal(refused.statusCode, 422);
    const signed = await t.request({ method: 'POST', url: `/v1/fiscal_profiles/${ids[1]}/manifest`, key, payload: { email: 'b@example.mx' } });
    assert.equal(signed.statusCode, 200, signed.body);
    const rotated = await t.request({ method: 'PATCH', url: `/v1/fiscal_profiles/${ids[0]}`, key, payload: { csd: asJson(pemCsd) } });
    assert.equal(rotated.statusCode, 200, rotated.body);
    return ids;
  }

  function secretNeedles(): string[] {
    const needles: string[] = [];
    for (const credential of [csd, fiel, pemCsd]) {
      needles.push(credential.password, credential.key.toString('hex'), credential.key.toString('base64'));
      // Any 48-byte stretch of the key file, in hex and base64, and the unencrypted key's PEM body.
      needles.push(credential.key.subarray(100, 148).toString('hex'), credential.key.subarray(99, 147).toString('base64'));
      // The private exponent of the unencrypted key (its first bytes repeat the public modulus).
      const plainDer = createPrivateKey(credential.plainKeyPem).export({ format: 'der', type: 'pkcs8' });
      needles.push(plainDer.subarray(321, 369).toString('hex'), plainDer.subarray(321, 369).toString('base64'));
      const pemBody = credential.plainKeyPem.split('\n').slice(1, -2).join('');
      assert.ok(pemBody.includes(plainDer.subarray(321, 369).toString('base64')), 'the same bytes as the PEM shows them');
    }
    return needles;
  }

  test('a dump of every table shows no password, no private key (DER, base64 or PEM), only ciphertext', async () => {
    const ids = await createProfiles();
    const dump = await dumpDatabase(t.app.services.db);
    assert.ok(dump.text.includes(ids[0]!) && dump.text.includes(pemCsd.cer.toString('hex')), 'the dump did read the profiles (certificates are public)');
    for (const needle of secretNeedles()) assert.ok(!dump.text.includes(needle), `found ${needle.slice(0, 24)}… in the database`);
    assert.ok(!dump.text.includes('BEGIN PRIVATE KEY') && !dump.text.includes('BEGIN ENCRYPTED PRIVATE KEY'), 'no PEM block either');
    for (const credential of [csd, fiel, pemCsd]) {
      for (const binary of dump.binaries) assert.equal(binary.indexOf(credential.key.subarray(200, 232)), -1, 'no 32-byte run of a key file');
    }
  });

  test('the log, at trace level with request logging on, holds no password or key material and no API key', async () => {
    assert.ok(logLines.length > 0, 'logging was on');
    assert.ok(
      logLines.some((line) => line.includes('incoming request')),
      'request logs were written',
    );
    const text = logLines.join('');
    for (const needle of [...secretNeedles(), key])
      assert.ok(!text.includes(needle), `found ${needle.slice(0, 24)}… in the log: ${logLines.find((line) => line.includes(needle))?.slice(0, 300)}`);
  });

  test('a ciphertext or data key copied into another row does not decrypt there (associated data binds the row)', async () => {
    const [first, second] = (await createProfilesAgain()) as [string, string];
    const db = t.app.services.db;
    const source = await db.selectFrom('fiscal_profiles').select(['csd_private_key', 'data_key']).where('id', '=', first).executeTakeFirstOrThrow();
    await db.updateTable('fiscal_profiles').set({ csd_private_key: source.csd_private_key }).where('id', '=', second).execute();
    const cache = new SigningCredentialCache();
    await assert.rejects(
      loadSigningCredential({ db, keyring: t.keyring, cache }, second),
      (error: unknown) => error instanceof EnvelopeError && error.code === 'authentication_failed',
    );
    await db.updateTable('fiscal_profiles').set({ data_key: source.data_key }).where('id', '=', second).execute();
    await assert.rejects(
      loadSigningCredential({ db, keyring: t.keyring, cache }, second),
      (error: unknown) => error instanceof EnvelopeError && error.code === 'authentication_failed',
    );
    assert.equal((await loadSigningCredential({ db, keyring: t.keyring, cache }, first)).rfc, RFC, 'the original row still opens');
  });

  test('after a master key rotation, profiles wrapped under the retired key open with it listed as previous', async () => {
    const [id] = await createProfilesAgain();
    const db = t.app.services.db;
    const row = await db.selectFrom('fiscal_profiles').select('master_key_id').where('id', '=', id!).executeTakeFirstOrThrow();
    assert.equal(row.master_key_id, t.keyring.current.id);
    const rotated = MasterKeyring.fromKeys(randomBytes(32), [t.keyring.current.key]);
    const opened = await loadSigningCredential({ db, keyring: rotated, cache: new SigningCredentialCache() }, id!);
    assert.equal(opened.noCertificado, csd.serial);
    const withoutOld = MasterKeyring.fromKeys(randomBytes(32));
    await assert.rejects(
      loadSigningCredential({ db, keyring: withoutOld, cache: new SigningCredentialCache() }, id!),
      (error: unknown) => error instanceof EnvelopeError && error.code === 'unknown_master_key',
    );
  });

  async function createProfilesAgain(): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < 2; index++) {
      const response = await t.request({ method: 'POST', url: '/v1/fiscal_profiles', key, payload: { csd: asJson(csd), tax_regime: '601', zip: '42501' } });
      ids.push(response.json().id);
    }
    return ids;
  }
});
