import type { Ctx, Services } from '../../platform/context.ts';
import { listUrl, paginateItems } from '../../platform/http/pagination.ts';
import { ListOf } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { getCatalogEntry, listCatalogs, searchCatalog } from './read-catalogs.ts';
import { Catalog, CatalogEntry, CatalogEntryParams, CatalogListQuery, CatalogParams, CatalogSearchQuery } from './schemas.ts';
import { serializeCatalog, serializeEntry } from './serialize.ts';
import type { CatalogSlug } from './lookup.ts';
import type { ShippedLoader } from './shipped.ts';

const tags = ['Catalogs'];

export interface CatalogRouteDeps {
  /** The load of the shipped catalogs, for `loading`. */
  shipped?: ShippedLoader;
  /** The codes of a catalog the caller's organization uses most, with their counts (search ranks them up). */
  usage?: (ctx: Ctx, slug: CatalogSlug) => Promise<ReadonlyMap<string, number>>;
}

/** SAT catalogs are global reference data: any valid key reads them, in either mode. */
export function registerCatalogRoutes(app: Server, services: Services, deps: CatalogRouteDeps = {}): void {
  app.get(
    '/v1/catalogs',
    {
      schema: {
        tags,
        summary: 'List the SAT catalogs',
        operationId: 'listCatalogs',
        description: 'Every catalog in a fixed order. `starting_after` and `ending_before` take a slug.',
        querystring: CatalogListQuery,
        response: { 200: ListOf(Catalog) },
      },
    },
    async (request) => {
      ctxOf(request, services);
      const state = deps.shipped?.state();
      const loading = new Set(state?.state === 'loading' ? state.pending : []);
      const catalogs = (await listCatalogs(services.db)).map(({ slug, active }) => serializeCatalog(slug, active, loading.has(slug)));
      return paginateItems(catalogs, request.query, { key: (catalog) => catalog.slug, url: listUrl(request), noun: 'catalog slug' });
    },
  );

  app.get(
    '/v1/catalogs/:slug',
    {
      schema: {
        tags,
        summary: 'Search a SAT catalog',
        operationId: 'searchCatalog',
        description:
          'Without `q`, entries in code order. With `q`, the matching entries best first: the exact code, then the exact name, a name that starts with the query, entries whose own name holds the words, and the codes your organization has invoiced most ranked up. `starting_after` and `ending_before` take a code and list in code order.',
        params: CatalogParams,
        querystring: CatalogSearchQuery,
        response: { 200: ListOf(CatalogEntry) },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const page = await searchCatalog(services.db, request.params.slug, request.query, deps.usage ? (slug) => deps.usage!(ctx, slug) : undefined);
      return { object: 'list' as const, url: listUrl(request), data: page.rows.map((entry) => serializeEntry(page.slug, entry)), has_more: page.hasMore };
    },
  );

  app.get(
    '/v1/catalogs/:slug/:code',
    {
      schema: { tags, summary: 'Retrieve a SAT catalog key', operationId: 'getCatalogEntry', params: CatalogEntryParams, response: { 200: CatalogEntry } },
    },
    async (request) => {
      ctxOf(request, services);
      const { slug, entry } = await getCatalogEntry(services.db, request.params.slug, request.params.code);
      return serializeEntry(slug, entry);
    },
  );
}
