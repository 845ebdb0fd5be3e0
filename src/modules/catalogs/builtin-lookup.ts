/**
 * The built-in catalogs (data the product owns, in memory) as the CFDI engine's lookup, without
 * the database: what `invoicing cfdi validate` checks keys against, the same catalogs a fresh
 * install's API has. The big ones (c_ClaveProdServ, c_ClaveUnidad, c_CodigoPostal) are imported,
 * never built in: their keys are checked for format only, and a warning says they were not
 * checked here, exactly as the API says on a server where they were never imported.
 */
import type { CatalogLookup } from '../../cfdi/rules/index.ts';
import { BUILTIN_CATALOGS } from './builtin/index.ts';
import { cfdiLookupOf } from './cfdi-lookup.ts';
import { createIndex } from './memory-lookup.ts';

export function builtinCfdiCatalogs(): CatalogLookup {
  const index = createIndex(BUILTIN_CATALOGS);
  return cfdiLookupOf(() => index);
}
