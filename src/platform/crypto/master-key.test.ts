import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MASTER_KEY_FILE, MasterKeyError, MasterKeyring, loadMasterKeyring, masterKeyId, parseMasterKeyList } from './master-key.ts';

describe('master keyring', () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'master-key-'));
  after(() => fs.rmSync(directory, { recursive: true, force: true }));

  test('MASTER_KEY is used as given, with its id the first 8 hex digits of its SHA-256', () => {
    const key = randomBytes(32);
    const keyring = loadMasterKeyring({ masterKey: key.toString('base64'), appEnv: 'production', dataDir: directory });
    assert.deepEqual(keyring.current.key, key);
    assert.match(keyring.current.id, /^[0-9a-f]{8}$/);
    assert.equal(keyring.current.id, masterKeyId(key));
    assert.equal(fs.existsSync(path.join(directory, MASTER_KEY_FILE)), false, 'nothing is written when the key is configured');
  });

  test('outside production a missing key is generated once into DATA_DIR with mode 0600 and reused', () => {
    const dataDir = path.join(directory, 'fresh', 'data');
    const first = loadMasterKeyring({ masterKey: undefined, appEnv: 'development', dataDir });
    const file = path.join(dataDir, MASTER_KEY_FILE);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'), first.current.key);
    const second = loadMasterKeyring({ masterKey: undefined, appEnv: 'test', dataDir });
    assert.deepEqual(second.current.key, first.current.key);
    assert.deepEqual(fs.readdirSync(dataDir), [MASTER_KEY_FILE], 'no temporary file is left behind');
  });

  test('production refuses to run without MASTER_KEY', () => {
    assert.throws(() => loadMasterKeyring({ masterKey: undefined, appEnv: 'production', dataDir: directory }), MasterKeyError);
  });

  test('malformed keys are refused: wrong length, not base64, or a damaged key file', () => {
    for (const masterKey of [randomBytes(16).toString('base64'), 'not base64 at all!', `${randomBytes(32).toString('base64')}x`]) {
      assert.throws(() => loadMasterKeyring({ masterKey, appEnv: 'development', dataDir: directory }), MasterKeyError, masterKey);
    }
    const damaged = path.join(directory, 'damaged');
    fs.mkdirSync(damaged);
    fs.writeFileSync(path.join(damaged, MASTER_KEY_FILE), 'short\n');
    assert.throws(() => loadMasterKeyring({ masterKey: undefined, appEnv: 'development', dataDir: damaged }), MasterKeyError);
  });

  test('MASTER_KEY_PREVIOUS lists retired keys, comma-separated, for unwrapping only', () => {
    const current = randomBytes(32);
    const old1 = randomBytes(32);
    const old2 = randomBytes(32);
    const keyring = loadMasterKeyring({
      masterKey: current.toString('base64'),
      previousMasterKeys: ` ${old1.toString('base64')}, ,${old2.toString('base64')} `,
      appEnv: 'production',
      dataDir: directory,
    });
    assert.deepEqual(keyring.current.key, current);
    assert.deepEqual(keyring.ids(), [masterKeyId(current), masterKeyId(old1), masterKeyId(old2)]);
    assert.deepEqual(keyring.find(masterKeyId(old2))?.key, old2);
    assert.equal(keyring.find('00000000'), undefined);
    assert.deepEqual(parseMasterKeyList(undefined), []);
    assert.throws(() => parseMasterKeyList('abc'), MasterKeyError);
  });

  test('listing the current key again among the previous ones is harmless', () => {
    const key = randomBytes(32);
    const keyring = MasterKeyring.fromKeys(key, [key]);
    assert.deepEqual(keyring.ids(), [masterKeyId(key)]);
  });
});
