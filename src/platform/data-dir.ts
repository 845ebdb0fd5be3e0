/**
 * DATA_DIR holds the embedded databases and, outside production, the generated master key: it is
 * the owner's alone. Every file this process creates is private (umask 077), and at start the
 * folder and what an earlier version left readable by others are made private too.
 */
import fs from 'node:fs';
import path from 'node:path';

const PRIVATE_DIRECTORY = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Takes group and other access away from `entry` and everything under it. The embedded database
 * writes its files with its own modes, whatever the umask, so it is called again when it opens
 * and closes; its folder being 0700 is what keeps the files unreachable in between.
 */
export function makePrivate(entry: string): void {
  const stat = fs.lstatSync(entry);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(entry, PRIVATE_DIRECTORY);
    for (const child of fs.readdirSync(entry)) makePrivate(path.join(entry, child));
  } else if ((stat.mode & 0o077) !== 0) {
    fs.chmodSync(entry, stat.mode & PRIVATE_FILE);
  }
}

/** Creates DATA_DIR owner-only and takes group and other access away from what it holds. */
export function securePrivateDataDir(dataDir: string): void {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY });
  makePrivate(dataDir);
}
