/** The SAT catalogs module: versioned catalogs in the database, an in-memory lookup, the API. */
export { registerCatalogRoutes } from './routes.ts';
export { createCatalogStore, seedBuiltinCatalogs, type CatalogStore, type CatalogStoreOptions } from './catalog-store.ts';
export { catalogsReadinessCheck } from './readiness.ts';
export { importCatalogs, type ImportOptions, type ImportReport, type ImportedCatalog } from './import-catalogs.ts';
export { runCatalogsCommand, CATALOGS_USAGE, type CatalogsCommandIo } from './cli.ts';
export { CatalogImportError } from './parse-table.ts';
export { createIndex } from './memory-lookup.ts';
export { DEFAULT_TIME_ZONE } from './time-zones.ts';
export {
  CATALOG_SLUGS,
  isCatalogSlug,
  personTypeOfRfc,
  type CatalogEntry,
  type CatalogIndex,
  type CatalogSlug,
  type CatalogValue,
  type CodeCheck,
  type PersonType,
  type TasaOCuotaQuery,
} from './lookup.ts';
