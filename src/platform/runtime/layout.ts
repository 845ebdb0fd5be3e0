/**
 * Where the running code lives. The service runs from its build (`dist/server/<id>/`, made by
 * `scripts/build-server.mjs`: `npm start` and the `invoicing` command) or from the TypeScript
 * sources through tsx (tests and development). Everything that names a file of the package at run
 * time (worker-thread entries, migrations, XSDs, guides, the dashboard's build) resolves it here,
 * from the package's root, so bundled chunks and source files find the same files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/** True when this code was loaded from the build (a bundled `.js` chunk), false under tsx. */
const FROM_BUILD = import.meta.url.endsWith('.js');

function packageRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(directory, 'package.json'))) return directory;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}.`);
    directory = parent;
  }
}

/** The package's root folder (where package.json is). */
const PACKAGE_ROOT = packageRoot();

/** A file or folder of the package, by its path from the root (`migrations/`, `sat-public/xsd/`). */
export function packagePath(relative: string): string {
  return path.join(PACKAGE_ROOT, relative);
}

/** The worker-thread programs of the service; each is an entry point of the build. */
export type ThreadProgram = 'worker' | 'pglite-host';

const SOURCES: Record<ThreadProgram, string> = {
  worker: 'src/worker.ts',
  'pglite-host': 'src/platform/db/pglite-host.ts',
};

/** The entry of the build this code belongs to: the folder of the chunk that holds this module. */
const BUILD_DIRECTORY = path.dirname(fileURLToPath(import.meta.url));

/**
 * How a thread runs `program`: from the build, its own entry; under tsx, the small JavaScript entry
 * that registers tsx in the thread and imports the TypeScript program (typescript-entry.mjs).
 */
export function threadProgram(program: ThreadProgram): { file: URL; execArgv: string[]; workerData: { entry?: string } } {
  if (FROM_BUILD) return { file: pathToFileURL(path.join(BUILD_DIRECTORY, `${program}.js`)), execArgv: sourceMapArgv(), workerData: {} };
  // Not the process's own options: Node 24's test runner starts each test file with every option
  // spelled out, and a worker refuses most of them.
  return { file: new URL('./typescript-entry.mjs', import.meta.url), execArgv: [], workerData: { entry: packagePath(SOURCES[program]) } };
}

/** Starts a plain worker thread running `program` with `workerData` (and V8 heap limits of its own). */
export function startThread(program: ThreadProgram, workerData: Record<string, unknown>, resourceLimits?: ResourceLimits): Worker {
  const thread = threadProgram(program);
  return new Worker(thread.file, {
    workerData: { ...workerData, ...thread.workerData },
    execArgv: thread.execArgv,
    ...(resourceLimits ? { resourceLimits } : {}),
  });
}

/** The command line of a process running `program` (`node … <program> args`). */
export function processArguments(program: ThreadProgram, args: string[]): string[] {
  if (FROM_BUILD) return [...sourceMapArgv(), path.join(BUILD_DIRECTORY, `${program}.js`), ...args];
  return ['--import', import.meta.resolve('tsx'), packagePath(SOURCES[program]), ...args];
}

/**
 * How a process runs the `invoicing` command of this very code: the build's `cli.js` (not
 * bin/invoicing.js, which could pick up a newer build) or, under tsx, `src/cli.ts`.
 */
export function commandProgram(): { file: string; execArgv: string[] } {
  if (FROM_BUILD) return { file: path.join(BUILD_DIRECTORY, 'cli.js'), execArgv: [...sourceMapArgv(), ...youngGenerationArgv()] };
  return { file: packagePath('src/cli.ts'), execArgv: ['--import', import.meta.resolve('tsx'), ...youngGenerationArgv()] };
}

/**
 * The young generation's size this process started with (bin/invoicing.js sets it on Node 22 and
 * later), for the processes it starts: `serve --processes N` and its workers hold as little at idle.
 */
function youngGenerationArgv(): string[] {
  return process.execArgv.filter((option) => /^--max[-_]semi[-_]space[-_]size=/.test(option));
}

function sourceMapArgv(): string[] {
  return process.sourceMapsEnabled || process.execArgv.includes('--enable-source-maps') ? ['--enable-source-maps'] : [];
}
