import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** `../shared/sat` beside the checkout (SHARED_DIR overrides), as the test suite finds it. */
export const SAT_DIR = path.join(path.resolve(process.env.SHARED_DIR ?? path.join(REPO_ROOT, '..', 'shared')), 'sat');
export const hasSat = fs.existsSync(path.join(SAT_DIR, 'README.md'));

const CSD = path.join(SAT_DIR, 'credentials', 'EKU9003173C9_CSD_30001000000500003416');
const FIEL = path.join(SAT_DIR, 'credentials', 'EKU9003173C9_FIEL_30001000000500003415');

/** The SAT's public test CSD and FIEL of EKU9003173C9 (ESCUELA KEMPER URGATE). */
export const satCredentials = {
  rfc: 'EKU9003173C9',
  csd: {
    cer: path.join(CSD, 'EKU9003173C9.cer'),
    key: path.join(CSD, 'EKU9003173C9.key'),
    password: () => fs.readFileSync(path.join(CSD, 'password.txt'), 'utf8').trim(),
  },
  fiel: {
    cer: path.join(FIEL, 'EKU9003173C9.cer'),
    key: path.join(FIEL, 'EKU9003173C9.key'),
    password: () => fs.readFileSync(path.join(FIEL, 'password.txt'), 'utf8').trim(),
  },
};
