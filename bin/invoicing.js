#!/usr/bin/env node
// The package's command. It runs the service's build (dist/server/, compiled JavaScript with
// source maps), building it first when a source file changed since the last build, so
// `npx invoicing …` works straight after `npm install` and after every edit.
import { currentBuild } from '../scripts/server-build-state.mjs';

// The long-running commands start again, in the same process (same pid, same terminal), with two
// settings that keep an idle service small (docs/decisions.md, "Memory"):
// - glibc's malloc threshold for mmap fixed at its default. Left to itself glibc raises that
//   threshold each time a large block is freed, after which blocks of up to that size come from its
//   heaps and stay there once freed: the service kept about 100 MB more after loading the catalogs
//   on a fresh DATA_DIR.
// - V8's young generation at most 16 MB a semi-space, as Node 20 had it. Node 22 and later size it
//   by the machine's memory, up to 64 MB a semi-space on Node's builds (no pointer compression):
//   128 MB of new space on the main thread, resident once a burst of allocations (the catalogs'
//   load) has grown it, and still there a minute later.
// `process.execve` exists from Node 22.15 and 23.11; on older Node the operator sets GLIBC_TUNABLES
// (docs/guides/operations.md), and Node 20's young generation is already that size. A setting the
// operator made (GLIBC_TUNABLES, or --max-semi-space-size in NODE_OPTIONS or on the command line)
// is left alone.
const LONG_RUNNING = new Set(['serve', 'worker', 'simulator']);
const MMAP_THRESHOLD = 'glibc.malloc.mmap_threshold=131072';
const SEMI_SPACE = '--max-semi-space-size=16';
if (typeof process.execve === 'function' && LONG_RUNNING.has(process.argv[2] ?? 'serve')) {
  const tunables = process.env.GLIBC_TUNABLES ?? '';
  const addThreshold = process.platform === 'linux' && !tunables.includes('glibc.malloc.mmap_threshold');
  const addSemiSpace = ![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((option) => /--max[-_]semi[-_]space[-_]size/.test(option));
  if (addThreshold || addSemiSpace) {
    const env = addThreshold ? { ...process.env, GLIBC_TUNABLES: [tunables, MMAP_THRESHOLD].filter(Boolean).join(':') } : process.env;
    const execArgv = addSemiSpace ? [...process.execArgv, SEMI_SPACE] : process.execArgv;
    process.execve(process.execPath, [process.execPath, ...execArgv, ...process.argv.slice(1)], env);
  }
}

let build = currentBuild();
if (!build) {
  const { buildServer } = await import('../scripts/build-server.mjs');
  build = await buildServer({ log: (line) => process.stderr.write(`${line}\n`) });
}
// Stack traces name the TypeScript files and lines.
process.setSourceMapsEnabled(true);
await import(new URL(`file://${build.cli}`).href);
