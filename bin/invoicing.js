#!/usr/bin/env node
// The package's command. It runs the service's build (dist/server/, compiled JavaScript with
// source maps), building it first when a source file changed since the last build, so
// `npx invoicing …` works straight after `npm install` and after every edit.
import { currentBuild } from '../scripts/server-build-state.mjs';

// The long-running commands start again, in the same process (same pid, same terminal), with
// glibc's malloc threshold for mmap fixed at its default. Left to itself glibc raises that
// threshold each time a large block is freed, after which blocks of up to that size come from its
// heaps and stay there once freed: the service kept about 100 MB more after loading the catalogs
// on a fresh DATA_DIR (docs/decisions.md, "Memory"). `process.execve` exists from Node 22.15 and
// 23.11; on older Node the operator sets GLIBC_TUNABLES (docs/guides/operations.md).
const LONG_RUNNING = new Set(['serve', 'worker', 'simulator']);
const MMAP_THRESHOLD = 'glibc.malloc.mmap_threshold=131072';
if (
  process.platform === 'linux' &&
  typeof process.execve === 'function' &&
  LONG_RUNNING.has(process.argv[2] ?? 'serve') &&
  !(process.env.GLIBC_TUNABLES ?? '').includes('glibc.malloc.mmap_threshold')
) {
  const tunables = [process.env.GLIBC_TUNABLES, MMAP_THRESHOLD].filter(Boolean).join(':');
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, GLIBC_TUNABLES: tunables });
}

let build = currentBuild();
if (!build) {
  const { buildServer } = await import('../scripts/build-server.mjs');
  build = await buildServer({ log: (line) => process.stderr.write(`${line}\n`) });
}
// Stack traces name the TypeScript files and lines.
process.setSourceMapsEnabled(true);
await import(new URL(`file://${build.cli}`).href);
