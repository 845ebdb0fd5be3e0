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
  return fs.readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)));
}

const files = (folders.length > 0 ? folders : ['src', 'test'])
  .flatMap((folder) => testFiles(path.resolve(root, folder)))
  .sort();
// The summary node prints last is what CI reads: TAP when the output is not a terminal.
const mainReporter = process.stdout.isTTY ? 'spec' : 'tap';
const result = spawnSync(process.execPath, [
  '--import', 'tsx', '--test', '--test-concurrency=2',
  `--test-reporter=${mainReporter}`, '--test-reporter-destination=stdout',
  '--test-reporter=./scripts/test-skips-reporter.mjs', '--test-reporter-destination=stderr',
  ...options, ...files,
], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
