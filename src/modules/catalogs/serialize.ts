import { definitionOf } from './definitions.ts';
import type { CatalogEntry, CatalogSlug } from './lookup.ts';

// The response schema's types are mutable; entries are shared, read-only data.
type DataObject = Record<string, string | number | boolean | null | string[]>;
import type { ActiveCatalog } from './repository.ts';

export function serializeCatalog(slug: CatalogSlug, active: ActiveCatalog | undefined, loading: boolean) {
  const definition = definitionOf(slug);
  return {
    object: 'catalog' as const,
    slug,
    name: definition.name,
    sat_name: definition.satName,
    builtin: definition.builtin,
    loaded: active !== undefined && active.row_count > 0,
    loading,
    row_count: active?.row_count ?? 0,
    version: active?.version ?? null,
    origin: active?.origin ?? null,
    release: active?.release ?? null,
    source: active?.source ?? null,
    updated_at: active?.updated_at.toISOString() ?? null,
  };
}

export function serializeEntry(slug: CatalogSlug, entry: CatalogEntry) {
  return {
    object: 'catalog_entry' as const,
    catalog: slug,
    code: entry.code,
    description: entry.description,
    valid_from: entry.valid_from,
    valid_to: entry.valid_to,
    data: entry.data as DataObject,
  };
}
