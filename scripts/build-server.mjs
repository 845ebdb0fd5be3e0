#!/usr/bin/env node
// Builds the service into dist/server/<id>/: the command (cli.js) and the two worker-thread
// programs (worker.js, pglite-host.js) bundled by esbuild with code splitting, so each command and
// each worker task loads only its own chunks; npm packages stay outside the bundle and load from
// node_modules. Source maps are written beside the chunks (stack traces name the .ts lines when
// Node runs with source maps on, as bin/invoicing.js does).
//
// A build is written to a new folder and then named in dist/server/current.json by an atomic
// rename, so a process that starts while another builds always loads a complete build. The build
// is skipped when every file the last build read is unchanged (server-build-state.mjs).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILD_ROOT, currentBuild, PACKAGE_ROOT, signatureOf, writeCurrent } from './server-build-state.mjs';

const ENTRY_POINTS = {
  cli: 'src/cli.ts',
  worker: 'src/worker.ts',
  'pglite-host': 'src/platform/db/pglite-host.ts',
};

/** Builds when the last build is missing or stale (or always with `force`); answers the build in use. */
export async function buildServer({ force = false, log = () => {} } = {}) {
  if (!force) {
    const current = currentBuild();
    if (current) return current;
  }
  const started = Date.now();
  const esbuild = await import('esbuild');
  const id = `${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`;
  const outdir = path.join(BUILD_ROOT, id);
  const result = await esbuild.build(serverBuildOptions(ENTRY_POINTS, outdir));
  // The CommonJS entry that runs TypeScript on threads under tsx is not needed from the build.
  const inputs = Object.keys(result.metafile.inputs).map((file) => path.relative(PACKAGE_ROOT, path.resolve(PACKAGE_ROOT, file)));
  inputs.push(path.relative(PACKAGE_ROOT, fileURLToPath(import.meta.url)), 'package.json');
  const build = { id, cli: path.join(outdir, 'cli.js'), inputs: inputs.sort(), signature: signatureOf(inputs) };
  writeCurrent(build);
  removeOldBuilds(id);
  log(`build-server: dist/server/${id} built in ${Date.now() - started} ms (${inputs.length} inputs)`);
  return build;
}

/**
 * esbuild's options for the service's build, for `entryPoints` written to `outdir`: also what a
 * benchmark builds its servers with, so that it measures the code `npm start` runs. A build that
 * starts worker threads holds the `worker` and `pglite-host` entries beside its own.
 */
export function serverBuildOptions(entryPoints, outdir) {
  return {
    absWorkingDir: PACKAGE_ROOT,
    entryPoints,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir,
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    // Chunks are ES modules: code that esbuild turns into require() calls for Node built-ins
    // would fail there, so a require is provided for them.
    banner: { js: "import { createRequire as __invoicingCreateRequire } from 'node:module'; const require = __invoicingCreateRequire(import.meta.url);" },
  };
}

/** Keeps the new build and the one before it (a process started just before may still load its chunks). */
function removeOldBuilds(keepId) {
  const folders = fs
    .readdirSync(BUILD_ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== keepId)
    .map((entry) => ({ name: entry.name, mtimeMs: fs.statSync(path.join(BUILD_ROOT, entry.name)).mtimeMs }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const folder of folders.slice(1)) fs.rmSync(path.join(BUILD_ROOT, folder.name), { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer({ force: process.argv.includes('--force'), log: (line) => console.log(line) });
}
