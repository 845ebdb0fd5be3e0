import type { Db } from '../../platform/db/database.ts';
import type { ReadinessCheck } from '../health/index.ts';
import { DEFINITIONS } from './definitions.ts';
import { CATALOG_SLUGS } from './lookup.ts';
import { activeCatalogs } from './repository.ts';

/**
 * The `catalogs` readiness check. Missing built-in catalogs fail it (the service cannot check an
 * invoice without them). Large catalogs that were never imported do not: the service still works,
 * checking those keys for format only, and the check says which they are.
 */
export function catalogsReadinessCheck(db: Db): ReadinessCheck {
  return {
    name: 'catalogs',
    async run() {
      const loaded = new Set((await activeCatalogs(db)).filter((row) => row.row_count > 0).map((row) => row.slug));
      const missing = CATALOG_SLUGS.filter((slug) => !loaded.has(slug));
      const missingBuiltin = missing.filter((slug) => DEFINITIONS.get(slug)!.builtin);
      const notImported = missing.filter((slug) => !DEFINITIONS.get(slug)!.builtin);
      const facts: Record<string, unknown> = { loaded: loaded.size, not_imported: notImported };
      if (notImported.length > 0) {
        const names = notImported.map((slug) => DEFINITIONS.get(slug)!.satName).join(', ');
        facts.warning = `${names} not imported: their keys are checked for format only (run \`invoicing catalogs import\`).`;
      }
      if (missingBuiltin.length > 0) {
        return { ok: false, detail: `Built-in catalogs missing: ${missingBuiltin.join(', ')}; restart the service to seed them.`, facts };
      }
      return { ok: true, facts };
    },
  };
}
