import type { Db } from '../../platform/db/database.ts';
import type { ReadinessCheck } from '../health/index.ts';
import { DEFINITIONS } from './definitions.ts';
import { CATALOG_SLUGS } from './lookup.ts';
import { activeCatalogs } from './repository.ts';
import type { ShippedLoader } from './shipped.ts';

/**
 * The `catalogs` readiness check. Missing built-in catalogs fail it (the service cannot check an
 * invoice without them). Catalogs not loaded yet do not: the service works meanwhile, checking
 * their keys for format only, and the check says which they are and how far the load of the
 * shipped catalogs is (readiness never waits for it).
 */
export function catalogsReadinessCheck(db: Db, shipped?: ShippedLoader): ReadinessCheck {
  return {
    name: 'catalogs',
    async run() {
      const active = (await activeCatalogs(db)).filter((row) => row.row_count > 0);
      const loaded = new Set(active.map((row) => row.slug));
      const missing = CATALOG_SLUGS.filter((slug) => !loaded.has(slug));
      const missingBuiltin = missing.filter((slug) => DEFINITIONS.get(slug)!.builtin);
      const notImported = missing.filter((slug) => !DEFINITIONS.get(slug)!.builtin);
      const facts: Record<string, unknown> = { loaded: loaded.size, not_imported: notImported };
      const releases = [...new Set(active.filter((row) => row.origin === 'shipped').map((row) => row.release))];
      if (shipped) {
        const state = shipped.state();
        facts.shipped = {
          release: state.release,
          active_releases: releases,
          state: state.state,
          catalogs_done: state.catalogs_done,
          catalogs_total: state.catalogs_total,
          current: state.current,
        };
        if (state.error) (facts.shipped as Record<string, unknown>).error = state.error;
      }
      if (notImported.length > 0) {
        const names = notImported.map((slug) => DEFINITIONS.get(slug)!.satName);
        const listed = names.length > 6 ? `${names.slice(0, 6).join(', ')} and ${names.length - 6} more` : names.join(', ');
        facts.warning =
          shipped?.state().state === 'loading'
            ? `${listed} are being loaded (the shipped catalogs, in the background): until each is in force its keys are checked for format only.`
            : `${listed} not imported: their keys are checked for format only (run \`invoicing catalogs import\`).`;
      }
      if (missingBuiltin.length > 0) {
        return { ok: false, detail: `Built-in catalogs missing: ${missingBuiltin.join(', ')}; restart the service to seed them.`, facts };
      }
      return { ok: true, facts };
    },
  };
}
