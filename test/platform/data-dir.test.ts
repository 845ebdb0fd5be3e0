import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startWarnings } from '../../src/start-warnings.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { securePrivateDataDir } from '../../src/platform/data-dir.ts';
import { REPO_ROOT } from '../support/shared.ts';

const run = promisify(execFile);
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...walk(full)] : [full];
  });
}

test('DATA_DIR and everything in it are readable by the owner only, also what an earlier version left open', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-data-'));
  fs.chmodSync(dataDir, 0o755);
  fs.mkdirSync(path.join(dataDir, 'pglite'), { mode: 0o777 });
  fs.chmodSync(path.join(dataDir, 'pglite'), 0o777);
  fs.writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17', { mode: 0o666 });
  fs.chmodSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 0o666);
  const previous = process.umask();
  try {
    securePrivateDataDir(dataDir);
    assert.equal(modeOf(dataDir), 0o700);
    assert.equal(modeOf(path.join(dataDir, 'pglite')), 0o700);
    assert.equal(modeOf(path.join(dataDir, 'pglite', 'PG_VERSION')), 0o600);
    fs.writeFileSync(path.join(dataDir, 'new'), 'x');
    assert.equal(modeOf(path.join(dataDir, 'new')), 0o600, 'files created afterwards are private too');
  } finally {
    process.umask(previous);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the command creates the embedded database and the master key private; production refuses to start without MASTER_KEY', async () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-cli-')), 'data');
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_ENV: 'development' };
  try {
    await run(process.execPath, [path.join(REPO_ROOT, 'bin/invoicing.js'), 'migrate'], { env, cwd: REPO_ROOT });
    const entries = walk(dataDir);
    assert.ok(entries.length > 10, 'the embedded database was created');
    for (const entry of [dataDir, ...entries]) assert.equal(modeOf(entry) & 0o077, 0, `${entry} is private`);
    await assert.rejects(
      run(process.execPath, [path.join(REPO_ROOT, 'bin/invoicing.js'), 'migrate'], { env: { ...env, APP_ENV: 'production', MASTER_KEY: '' }, cwd: REPO_ROOT }),
      (error: { code: number; stderr: string }) => error.code === 2 && /MASTER_KEY is required in production/.test(error.stderr),
    );
  } finally {
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
});

test('a development server says where its master key is and that webhooks may reach loopback; production says nothing', () => {
  const development = startWarnings(loadConfig({ DATA_DIR: '/srv/invoicing' }));
  assert.equal(development.length, 2);
  assert.match(development[0]!, /MASTER_KEY is not set: the master key is the generated \/srv\/invoicing\/master\.key\. .*losing that file loses them/);
  assert.match(development[1]!, /loopback and private addresses/);
  assert.deepEqual(startWarnings(loadConfig({ MASTER_KEY: Buffer.alloc(32, 1).toString('base64') })).length, 1);
  const production = {
    APP_ENV: 'production',
    MASTER_KEY: Buffer.alloc(32, 1).toString('base64'),
    PAC_LIVE_URL: 'https://pac.example',
    PAC_USERNAME: 'u',
    PAC_PASSWORD: 'p',
  };
  assert.deepEqual(startWarnings(loadConfig(production)), []);
});
