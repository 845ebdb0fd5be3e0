import type { CatalogDefinition } from './catalog-definition.ts';
import { PLACE_AND_COMPLEMENT_DEFINITIONS } from './definitions-complements.ts';
import { LARGE_DEFINITIONS } from './definitions-large.ts';
import { SMALL_DEFINITIONS } from './definitions-small.ts';
import { CATALOG_SLUGS, type CatalogSlug } from './lookup.ts';

export type { CatalogDefinition } from './catalog-definition.ts';
export { entryOf } from './catalog-definition.ts';

const ALL = [...SMALL_DEFINITIONS, ...LARGE_DEFINITIONS, ...PLACE_AND_COMPLEMENT_DEFINITIONS];

export const DEFINITIONS: ReadonlyMap<CatalogSlug, CatalogDefinition> = new Map(
  CATALOG_SLUGS.map((slug) => {
    const definition = ALL.find((candidate) => candidate.slug === slug);
    if (!definition) throw new Error(`catalog ${slug} has no definition`);
    return [slug, definition];
  }),
);

export function definitionOf(slug: CatalogSlug): CatalogDefinition {
  return DEFINITIONS.get(slug)!;
}

/**
 * The catalog a file belongs to, from its name: `c_CodigoPostal_Parte_2_catCFDI_V_40.csv` is
 * c_CodigoPostal. The longest SAT name that the file name starts with wins, so c_TipoFactor is
 * never taken for c_Tipo….
 */
export function definitionForFileName(fileName: string): CatalogDefinition | undefined {
  const base = fileName.toLowerCase();
  let best: CatalogDefinition | undefined;
  for (const definition of DEFINITIONS.values()) {
    const name = definition.satName.toLowerCase();
    const next = base.charAt(name.length);
    if (base.startsWith(name) && !/[a-z0-9]/.test(next) && (!best || name.length > best.satName.length)) best = definition;
  }
  return best;
}
