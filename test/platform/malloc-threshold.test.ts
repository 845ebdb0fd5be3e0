// The long-running commands run with glibc's mmap threshold fixed (bin/invoicing.js): without it,
// glibc raises the threshold as large blocks are freed and the service keeps about 100 MB more
// after loading the catalogs (docs/decisions.md, "Memory"). Each process image prints the
// GLIBC_TUNABLES it started with through a preloaded script, so the test sees the restart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../support/shared.ts';

const run = promisify(execFile);
const restarts = process.platform === 'linux' && typeof (process as { execve?: unknown }).execve === 'function';

async function tunablesSeen(command: string, env: Record<string, string>): Promise<string[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-malloc-'));
  const printer = path.join(folder, 'print-tunables.cjs');
  fs.writeFileSync(printer, 'process.stderr.write("tunables=" + (process.env.GLIBC_TUNABLES ?? "") + "\\n");\n');
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    ...env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${printer}`.trim(),
    DATA_DIR: path.join(folder, 'data'),
    // A production start without MASTER_KEY stops at the configuration, before any database opens.
    APP_ENV: 'production',
    MASTER_KEY: '',
  };
  if (!('GLIBC_TUNABLES' in env)) delete childEnv.GLIBC_TUNABLES;
  try {
    const result = await run(process.execPath, [path.join(REPO_ROOT, 'bin/invoicing.js'), command], { env: childEnv, cwd: REPO_ROOT }).catch(
      (error: { code: number; stderr: string }) => {
        if (command !== 'help') assert.equal(error.code, 2, error.stderr);
        return error;
      },
    );
    return result.stderr.match(/^tunables=.*$/gm) ?? [];
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

test('serve, worker and simulator start again with the mmap threshold fixed where Node can replace its process image', async () => {
  for (const command of ['serve', 'worker']) {
    const seen = await tunablesSeen(command, {});
    assert.deepEqual(seen, restarts ? ['tunables=', 'tunables=glibc.malloc.mmap_threshold=131072'] : ['tunables='], command);
  }
});

test("an operator's own GLIBC_TUNABLES are kept: other tunables gain the threshold, a threshold already set is left alone", async (t) => {
  if (!restarts) {
    t.skip('this Node has no process.execve: the operator sets GLIBC_TUNABLES (docs/guides/operations.md)');
    return;
  }
  assert.deepEqual(await tunablesSeen('serve', { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }), [
    'tunables=glibc.malloc.arena_max=2',
    'tunables=glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072',
  ]);
  assert.deepEqual(await tunablesSeen('serve', { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536' }), ['tunables=glibc.malloc.mmap_threshold=65536']);
});

test('short commands run once, in the process they started in', async () => {
  assert.deepEqual(await tunablesSeen('help', {}), ['tunables=']);
});
