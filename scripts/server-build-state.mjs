// Which build of the service is current, and whether it is still fresh: read by bin/invoicing.js
// at every command, so it uses nothing but node:fs (no esbuild, no TypeScript). A build is fresh
// when every file it was built from has the size and modification time it had then.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUILD_ROOT = path.join(PACKAGE_ROOT, 'dist', 'server');
const CURRENT = path.join(BUILD_ROOT, 'current.json');

/** A short text that changes when any of `files` (paths from the package root) changes or disappears. */
export function signatureOf(files) {
  let text = '';
  for (const file of files) {
    let stat;
    try {
      stat = fs.statSync(path.join(PACKAGE_ROOT, file));
    } catch {
      return undefined;
    }
    text += `${file}:${stat.size}:${stat.mtimeMs}\n`;
  }
  // A cheap 32-bit FNV-1a over the listing: a mismatch only ever causes a rebuild.
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${files.length}-${hash.toString(16)}`;
}

/** The current build when it exists and is fresh; undefined otherwise. */
export function currentBuild() {
  let build;
  try {
    build = JSON.parse(fs.readFileSync(CURRENT, 'utf8'));
  } catch {
    return undefined;
  }
  if (!build?.id || !Array.isArray(build.inputs)) return undefined;
  const cli = path.join(BUILD_ROOT, build.id, 'cli.js');
  if (!fs.existsSync(cli)) return undefined;
  if (signatureOf(build.inputs) !== build.signature) return undefined;
  return { ...build, cli };
}

/** Names `build` as current with an atomic rename. */
export function writeCurrent(build) {
  const temporary = `${CURRENT}.${process.pid}`;
  fs.writeFileSync(temporary, JSON.stringify({ id: build.id, inputs: build.inputs, signature: build.signature }));
  fs.renameSync(temporary, CURRENT);
}
