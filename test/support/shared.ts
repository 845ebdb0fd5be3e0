import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * `../shared` beside the checkout holds the SAT test material (credentials, samples, XSD/XSLT,
 * catalogs). Tests may read it; the product never does. SHARED_DIR overrides the location.
 */
const SHARED_DIR = path.resolve(process.env.SHARED_DIR ?? path.join(REPO_ROOT, '..', 'shared'));
const SAT_DIR = path.join(SHARED_DIR, 'sat');
export const hasShared = fs.existsSync(path.join(SAT_DIR, 'README.md'));

// CI always has ../shared beside the checkout: there a missing fixture set is a broken run, not a
// reason to skip. Locally the tests that need it skip, and the runner's closing lines count them.
if (!hasShared && process.env.CI) {
  throw new Error(`The SAT test material is missing: ${SAT_DIR} (CI requires it; set SHARED_DIR if it lives elsewhere).`);
}

/** For `test(name, { skip: skipWithoutShared }, …)`: a reason string when ../shared is absent. */
export const skipWithoutShared: string | false = hasShared ? false : '../shared/sat is not present';

export function satPath(...parts: string[]): string {
  return path.join(SAT_DIR, ...parts);
}
