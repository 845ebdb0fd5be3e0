import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Mode } from '../../platform/context.ts';

/** The concepto attributes whose codes the catalog search ranks by use. */
export type UsedCodeField = 'ClaveProdServ' | 'ClaveUnidad';

/** How many of the organization's most recent invoices are counted. */
const RECENT_INVOICES = 500;
/** How long a count is reused before it is read again. */
const FRESH_MS = 60_000;
const MAX_CACHED = 1_000;

const cache = new Map<string, { at: number; uses: ReadonlyMap<string, number> }>();

/**
 * The codes an organization puts on its invoices most (its last 500 invoices of this mode, at
 * most 50 codes), for the catalog search to rank up. Counted again at most once a minute per
 * organization, mode and attribute.
 */
export async function codeUsage(db: Db, organizationId: string, mode: Mode, field: UsedCodeField, now = Date.now()): Promise<ReadonlyMap<string, number>> {
  const key = `${organizationId}:${mode}:${field}`;
  const cached = cache.get(key);
  if (cached && now - cached.at < FRESH_MS) return cached.uses;
  const result = await sql<{ code: string; uses: string }>`SELECT c.value ->> ${field} AS code, count(*) AS uses
    FROM (SELECT comprobante FROM invoices WHERE organization_id = ${organizationId} AND mode = ${mode} ORDER BY id DESC LIMIT ${RECENT_INVOICES}) AS i
    CROSS JOIN LATERAL json_array_elements(i.comprobante -> 'Conceptos') AS c(value)
    WHERE c.value ->> ${field} IS NOT NULL
    GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50`.execute(db);
  const uses = new Map(result.rows.map((row) => [row.code, Number(row.uses)]));
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: now, uses });
  return uses;
}
