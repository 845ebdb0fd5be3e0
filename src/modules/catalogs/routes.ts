import type { Services } from '../../platform/context.ts';
import { listUrl, paginateItems } from '../../platform/http/pagination.ts';
import { ListOf } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { getCatalogEntry, listCatalogs, searchCatalog } from './read-catalogs.ts';
import { Catalog, CatalogEntry, CatalogEntryParams, CatalogListQuery, CatalogParams, CatalogSearchQuery } from './schemas.ts';
import { serializeCatalog, serializeEntry } from './serialize.ts';

const tags = ['Catalogs'];

/** SAT catalogs are global reference data: any valid key reads them, in either mode. */
export function registerCatalogRoutes(app: Server, services: Services): void {
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
      const catalogs = (await listCatalogs(services.db)).map(({ slug, active }) => serializeCatalog(slug, active));
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
        description: 'Entries in code order. `starting_after` and `ending_before` take a code.',
        params: CatalogParams,
        querystring: CatalogSearchQuery,
        response: { 200: ListOf(CatalogEntry) },
      },
    },
    async (request) => {
      ctxOf(request, services);
      const page = await searchCatalog(services.db, request.params.slug, request.query);
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
