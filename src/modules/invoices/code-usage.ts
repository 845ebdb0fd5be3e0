import { sql } from 'kysely';
import { approximateBytes, stringBytes, type CacheBound } from '../../platform/caches/bounded-cache.ts';
import type { CacheRegistry } from '../../platform/caches/registry.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Mode } from '../../platform/context.ts';

/** The concepto attributes whose codes the catalog search ranks by use. */
export type UsedCodeField = 'ClaveProdServ' | 'ClaveUnidad';

/** How many of the organization's most recent invoices are counted. */
const RECENT_INVOICES = 500;
/** The counts, reused for a minute before they are read again; at most 50 codes each, about 3 KB. */
const CODE_USAGE: CacheBound<ReadonlyMap<string, number>> = {
  name: 'code_usage',
  maxBytes: 4 * 1024 * 1024,
  ttlMs: 60_000,
  sizeOf: (uses, key) => approximateBytes(uses) + stringBytes(key),
};

/**
 * The codes an organization puts on its invoices most (its last 500 invoices of this mode, at
 * most 50 codes), for the catalog search to rank up. Counted again at most once a minute per
 * organization, mode and attribute.
 */
export async function codeUsage(
  source: { db: Db; caches: CacheRegistry },
  organizationId: string,
  mode: Mode,
  field: UsedCodeField,
): Promise<ReadonlyMap<string, number>> {
  const { db } = source;
  const cache = source.caches.cache(CODE_USAGE);
  const key = `${organizationId}:${mode}:${field}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const result = await sql<{ code: string; uses: string }>`SELECT c.value ->> ${field} AS code, count(*) AS uses
    FROM (SELECT comprobante FROM invoices WHERE organization_id = ${organizationId} AND mode = ${mode} ORDER BY id DESC LIMIT ${RECENT_INVOICES}) AS i
    CROSS JOIN LATERAL json_array_elements(i.comprobante -> 'Conceptos') AS c(value)
    WHERE c.value ->> ${field} IS NOT NULL
    GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50`.execute(db);
  const uses = new Map(result.rows.map((row) => [row.code, Number(row.uses)]));
  cache.set(key, uses);
  return uses;
}
