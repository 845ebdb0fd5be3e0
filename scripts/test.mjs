#!/usr/bin/env node
// Runs the test suite with node's own runner: every `*.test.ts` under the given folders (default
// `src` and `test`; Node 20's runner does not expand globs; a file is run as it is), two files at a time, and a second
// reporter that ends the run with a loud count of skipped tests and their reasons. Extra
// arguments that are not folders are passed to the runner.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const folders = args.filter((arg) => !arg.startsWith('-'));
const options = args.filter((arg) => arg.startsWith('-'));

function testFiles(folder) {
  if (fs.statSync(folder).isFile()) return [path.relative(root, folder)];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)));
}

// Tests that start the `invoicing` command run the build: make it current once, before any of
// them starts (two at a time could otherwise both find it stale).
const { buildServer } = await import('./build-server.mjs');
await buildServer({ log: (line) => process.stderr.write(`${line}\n`) });

const files = (folders.length > 0 ? folders : ['src', 'test']).flatMap((folder) => testFiles(path.resolve(root, folder))).sort();
// V8 on processors with memory protection keys (PKU) tracks each JIT page of WebAssembly code, and
// Node 24 aborts ("Check failed: jit_page_->allocations_.erase(addr) == 1") under the churn of
// many PGlite instances created and closed in one process, which is what test files do and the
// service never does (docs/decisions.md, "Test scripts"). Test processes run without that
// tracking; the flag's name differs between V8 versions, so it is read from the V8 in use.
const v8Options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout ?? '';
const pkuFlags = ['memory-protection-keys', 'wasm-memory-protection-keys']
  .filter((flag) => new RegExp(`^\\s+--${flag}\\s`, 'm').test(v8Options))
  .map((flag) => `--no-${flag}`);
// The summary node prints last is what CI reads: TAP when the output is not a terminal.
const mainReporter = process.stdout.isTTY ? 'spec' : 'tap';
const result = spawnSync(
  process.execPath,
  [
    ...pkuFlags,
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    `--test-reporter=${mainReporter}`,
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/test-skips-reporter.mjs',
    '--test-reporter-destination=stderr',
    ...options,
    ...files,
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
