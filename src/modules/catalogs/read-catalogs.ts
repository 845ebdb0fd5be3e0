import { ApiError } from '../../platform/errors/api-error.ts';
import { DEFINITIONS } from './definitions.ts';
import { CATALOG_SLUGS, isCatalogSlug, type CatalogSlug, type CatalogValue } from './lookup.ts';
import { searchTerms } from './normalize.ts';
import { activeCatalogs, findEntry, searchEntries } from './repository.ts';
import type { Db } from '../../platform/db/database.ts';

/** A slug, or the SAT name in any case (`c_UsoCFDI`); anything else is `catalog.not_found`. */
function resolveSlug(value: string): CatalogSlug {
  if (isCatalogSlug(value)) return value;
  const lower = value.toLowerCase();
  const definition = [...DEFINITIONS.values()].find((candidate) => candidate.satName.toLowerCase() === lower);
  if (definition) return definition.slug;
  throw new ApiError('catalog.not_found', {
    en: `There is no catalog '${value}'. GET /v1/catalogs lists the catalogs and their slugs.`,
    es: `No existe el catálogo '${value}'. GET /v1/catalogs lista los catálogos y sus claves.`,
  });
}

function notApplicable(path: string, slug: CatalogSlug, applies: readonly CatalogSlug[]): ApiError {
  return new ApiError(
    'request.validation_failed',
    { en: `${path} filters ${applies.join(' and ')} only, not ${slug}.`, es: `${path} solo filtra ${applies.join(' y ')}, no ${slug}.` },
    { errors: [{ path, code: 'not_applicable', message: `applies to ${applies.join(', ')} only.`, messageEs: `Solo aplica a ${applies.join(', ')}.` }] },
  );
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

/** Every catalog with its active version, if one is loaded. */
export async function listCatalogs(db: Db) {
  const active = new Map((await activeCatalogs(db)).map((row) => [row.slug, row]));
  return CATALOG_SLUGS.map((slug) => ({ slug, active: active.get(slug) }));
}

export interface CatalogSearch {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
  q?: string;
  tax_regime?: string;
  person_type?: 'natural' | 'legal';
}

/** Catalogs whose search ranks the organization's most-used codes up. */
const RANKED_BY_USE = new Set<CatalogSlug>(['clave_prod_serv', 'clave_unidad']);

/** A page of a catalog's entries matching the search terms and data filters (see searchEntries). */
export async function searchCatalog(
  db: Db,
  slugOrSatName: string,
  query: CatalogSearch,
  usageOf?: (slug: CatalogSlug) => Promise<ReadonlyMap<string, number>>,
) {
  const slug = resolveSlug(slugOrSatName);
  const { limit = 20, starting_after: startingAfter, ending_before: endingBefore, q } = query;
  if (startingAfter !== undefined && endingBefore !== undefined) {
    throw new ApiError(
      'request.validation_failed',
      { en: 'Pass starting_after or ending_before, not both.', es: 'Envíe starting_after o ending_before, no ambos.' },
      {
        errors: [
          {
            path: 'ending_before',
            code: 'conflict',
            message: 'cannot be combined with starting_after.',
            messageEs: 'No se puede combinar con starting_after.',
          },
        ],
      },
    );
  }
  // A whole key with punctuation (`06600-0001`, `JAL-039`) is one term: the start of a code.
  const whole = (q ?? '').trim();
  const terms =
    /[^A-Za-z0-9]/.test(whole) && !/\s/.test(whole) && DEFINITIONS.get(slug)!.codePattern.test(whole) ? [whole.toLowerCase()] : searchTerms(q ?? '');
  const ranked = terms.length > 0 && startingAfter === undefined && endingBefore === undefined;
  const usage = ranked && usageOf && RANKED_BY_USE.has(slug) ? await usageOf(slug) : undefined;
  const page = await searchEntries(db, { slug, terms, limit, startingAfter, endingBefore, contains: dataFilter(slug, query), usage });
  return { slug, ...page };
}

/** One key of a catalog; a 404 says whether the key is unknown or the catalog not imported. */
export async function getCatalogEntry(db: Db, slugOrSatName: string, code: string) {
  const slug = resolveSlug(slugOrSatName);
  const entry = await findEntry(db, slug, code);
  if (entry) return { slug, entry };
  const loaded = (await activeCatalogs(db)).some((row) => row.slug === slug && row.row_count > 0);
  const satName = DEFINITIONS.get(slug)!.satName;
  throw new ApiError(
    'resource.not_found',
    loaded
      ? { en: `'${code}' is not a key of ${satName}.`, es: `'${code}' no es una clave de ${satName}.` }
      : {
          en: `${satName} has not been imported on this server, so '${code}' cannot be looked up; see the catalogs guide (invoicing catalogs import).`,
          es: `${satName} no se ha importado en este servidor, así que no se puede consultar '${code}'; vea la guía de catálogos (invoicing catalogs import).`,
        },
  );
}
