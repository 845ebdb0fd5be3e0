import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { listUrl } from '../../platform/http/pagination.ts';
import { ListOf } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { DEFINITIONS } from './definitions.ts';
import { CATALOG_SLUGS, isCatalogSlug, type CatalogSlug, type CatalogValue } from './lookup.ts';
import { searchTerms } from './normalize.ts';
import { activeCatalogs, findEntry, searchEntries } from './repository.ts';
import { Catalog, CatalogEntry, CatalogEntryParams, CatalogParams, CatalogSearchQuery } from './schemas.ts';
import { serializeCatalog, serializeEntry } from './serialize.ts';

const tags = ['Catalogs'];

/** A slug, or the SAT name in any case (`c_UsoCFDI`); anything else is `catalog.not_found`. */
function resolveSlug(value: string): CatalogSlug {
  if (isCatalogSlug(value)) return value;
  const lower = value.toLowerCase();
  const definition = [...DEFINITIONS.values()].find((candidate) => candidate.satName.toLowerCase() === lower);
  if (definition) return definition.slug;
  throw new ApiError('catalog.not_found', `There is no catalog '${value}'. GET /v1/catalogs lists the catalogs and their slugs.`);
}

function notApplicable(path: string, slug: CatalogSlug, applies: readonly CatalogSlug[]): ApiError {
  return new ApiError('request.validation_failed', `${path} filters ${applies.join(' and ')} only, not ${slug}.`, {
    errors: [{ path, code: 'not_applicable', message: `applies to ${applies.join(', ')} only.` }],
  });
}

/** The data filters of a search: régimen for uso CFDI, persona for uso CFDI and régimen fiscal. */
function dataFilter(slug: CatalogSlug, query: { tax_regime?: string; person_type?: 'natural' | 'legal' }): Record<string, CatalogValue> | undefined {
  const contains: Record<string, CatalogValue> = {};
  if (query.tax_regime !== undefined) {
    if (slug !== 'uso_cfdi') throw notApplicable('tax_regime', slug, ['uso_cfdi']);
    contains.tax_regimes = [query.tax_regime];
  }
  if (query.person_type !== undefined) {
    if (slug !== 'uso_cfdi' && slug !== 'regimen_fiscal') throw notApplicable('person_type', slug, ['uso_cfdi', 'regimen_fiscal']);
    contains[query.person_type === 'natural' ? 'natural_person' : 'legal_person'] = true;
  }
  return Object.keys(contains).length > 0 ? contains : undefined;
}

/** SAT catalogs are global reference data: any valid key reads them, in either mode. */
export function registerCatalogRoutes(app: Server, services: Services): void {
  app.get('/v1/catalogs', {
    schema: { tags, summary: 'List the SAT catalogs', operationId: 'listCatalogs', response: { 200: ListOf(Catalog) } },
  }, async (request) => {
    ctxOf(request, services);
    const active = new Map((await activeCatalogs(services.db)).map((row) => [row.slug, row]));
    return { object: 'list' as const, url: listUrl(request), data: CATALOG_SLUGS.map((slug) => serializeCatalog(slug, active.get(slug))), has_more: false };
  });

  app.get('/v1/catalogs/:slug', {
    schema: {
      tags, summary: 'Search a SAT catalog', operationId: 'searchCatalog',
      description: 'Entries in code order. `starting_after` and `ending_before` take a code.',
      params: CatalogParams, querystring: CatalogSearchQuery, response: { 200: ListOf(CatalogEntry) },
    },
  }, async (request) => {
    ctxOf(request, services);
    const slug = resolveSlug(request.params.slug);
    const { limit = 20, starting_after: startingAfter, ending_before: endingBefore, q } = request.query;
    if (startingAfter !== undefined && endingBefore !== undefined) {
      throw new ApiError('request.validation_failed', 'Pass starting_after or ending_before, not both.', {
        errors: [{ path: 'ending_before', code: 'conflict', message: 'cannot be combined with starting_after.' }],
      });
    }
    const page = await searchEntries(services.db, {
      slug, terms: searchTerms(q ?? ''), limit, startingAfter, endingBefore, contains: dataFilter(slug, request.query),
    });
    return { object: 'list' as const, url: listUrl(request), data: page.rows.map((entry) => serializeEntry(slug, entry)), has_more: page.hasMore };
  });

  app.get('/v1/catalogs/:slug/:code', {
    schema: { tags, summary: 'Retrieve a SAT catalog key', operationId: 'getCatalogEntry', params: CatalogEntryParams, response: { 200: CatalogEntry } },
  }, async (request) => {
    ctxOf(request, services);
    const slug = resolveSlug(request.params.slug);
    const { code } = request.params;
    const entry = await findEntry(services.db, slug, code);
    if (entry) return serializeEntry(slug, entry);
    const loaded = (await activeCatalogs(services.db)).some((row) => row.slug === slug && row.row_count > 0);
    const satName = DEFINITIONS.get(slug)!.satName;
    throw new ApiError('resource.not_found', loaded
      ? `'${code}' is not a key of ${satName}.`
      : `${satName} has not been imported on this server, so '${code}' cannot be looked up; see the catalogs guide (invoicing catalogs import).`);
  });
}
