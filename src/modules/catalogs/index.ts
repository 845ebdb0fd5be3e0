/** The SAT catalogs module: versioned catalogs in the database, an in-memory lookup, the API. */
export { registerCatalogRoutes } from './routes.ts';
export { registerCatalogAdminRoutes } from './admin-routes.ts';
export { shippedLoader } from './shipped.ts';
export { createCatalogStore, type CatalogStore } from './catalog-store.ts';
export { catalogsReadinessCheck } from './readiness.ts';
export { runCatalogsCommand } from './cli.ts';
export { createIndex } from './memory-lookup.ts';
export { personTypeOfRfc, type CatalogIndex, type CatalogSlug } from './lookup.ts';
