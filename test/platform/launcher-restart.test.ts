// The long-running commands start again with glibc's mmap threshold fixed and V8's young generation
// at Node 20's size (bin/invoicing.js): without the threshold, glibc raises it as large blocks are
// freed and the service keeps about 100 MB more after loading the catalogs; without the young
// generation's bound, Node 22 and later keep up to 128 MB of new space on the main thread
// (docs/decisions.md, "Memory"). Each process image prints the GLIBC_TUNABLES and the
// --max-semi-space-size it started with through a preloaded script, so the test sees the restart.
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
const THRESHOLD = 'glibc.malloc.mmap_threshold=131072';
const SEMI_SPACE = '--max-semi-space-size=16';

/** What each process image of `invoicing <command>` started with: `tunables=… semi=…`. */
async function imagesSeen(command: string, env: Record<string, string>, nodeOptions = ''): Promise<string[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-launcher-'));
  const printer = path.join(folder, 'print-start.cjs');
  fs.writeFileSync(
    printer,
    'const semi = process.execArgv.filter((option) => option.startsWith("--max-semi-space-size")).join(",");\n' +
      'process.stderr.write("tunables=" + (process.env.GLIBC_TUNABLES ?? "") + " semi=" + semi + "\\n");\n',
  );
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    ...env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${printer} ${nodeOptions}`.trim(),
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

test("serve, worker and simulator start again with the mmap threshold fixed and Node 20's young generation where Node can replace its process image", async () => {
  for (const command of ['serve', 'worker']) {
    const seen = await imagesSeen(command, {});
    assert.deepEqual(seen, restarts ? ['tunables= semi=', `tunables=${THRESHOLD} semi=${SEMI_SPACE}`] : ['tunables= semi='], command);
  }
});

test("an operator's own GLIBC_TUNABLES are kept: other tunables gain the threshold, a threshold already set is left alone", async (t) => {
  if (!restarts) {
    t.skip('this Node has no process.execve: the operator sets GLIBC_TUNABLES (docs/guides/operations.md)');
    return;
  }
  assert.deepEqual(await imagesSeen('serve', { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }), [
    'tunables=glibc.malloc.arena_max=2 semi=',
    `tunables=glibc.malloc.arena_max=2:${THRESHOLD} semi=${SEMI_SPACE}`,
  ]);
  assert.deepEqual(await imagesSeen('serve', { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536' }), [
    'tunables=glibc.malloc.mmap_threshold=65536 semi=',
    `tunables=glibc.malloc.mmap_threshold=65536 semi=${SEMI_SPACE}`,
  ]);
});

test("an operator's own young generation (NODE_OPTIONS) is left alone, and nothing restarts when both are set", async (t) => {
  if (!restarts) {
    t.skip('this Node has no process.execve');
    return;
  }
  assert.deepEqual(await imagesSeen('serve', {}, '--max-semi-space-size=32'), ['tunables= semi=', `tunables=${THRESHOLD} semi=`]);
  assert.deepEqual(await imagesSeen('serve', { GLIBC_TUNABLES: THRESHOLD }, '--max-semi-space-size=32'), [`tunables=${THRESHOLD} semi=`]);
});

test('short commands run once, in the process they started in', async () => {
  assert.deepEqual(await imagesSeen('help', {}), ['tunables= semi=']);
});

test("the processes serve --processes starts get the young generation's size the serving process started with", async () => {
  const layout = path.join(REPO_ROOT, 'src/platform/runtime/layout.ts');
  const script = `import(${JSON.stringify(layout)}).then((m) => console.log(JSON.stringify(m.commandProgram().execArgv)))`;
  const execArgv = async (options: string[]) =>
    JSON.parse((await run(process.execPath, [...options, '--import', 'tsx', '-e', script], { cwd: REPO_ROOT })).stdout) as string[];
  assert.ok((await execArgv([SEMI_SPACE])).includes(SEMI_SPACE));
  assert.ok(!(await execArgv([])).some((option) => option.startsWith('--max-semi-space-size')));
});
