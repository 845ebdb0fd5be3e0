/**
 * The catalogs as a draft built on a worker thread sees them. A worker has no catalogs: they live
 * in the event loop's memory, and a copy of the imported large ones in each thread would stall the
 * loop about 90 ms to send and hold tens of megabytes per thread, again after every import
 * (docs/decisions.md, "Large drafts on the worker pool"). So it gets the answers to the questions
 * a draft asks, as plain data: whether a catalog is loaded, a row by
 * code, a whole small table, a currency's decimals. A question without an answer is recorded and
 * the draft is built again with it answered; questions asked once are answered up front from then
 * on (a process learns the few dozen codes large invoices use, so the second round is rare).
 */
import { stringBytes, type CacheBound } from '../../../platform/caches/bounded-cache.ts';
import type { CacheRegistry } from '../../../platform/caches/registry.ts';
import { CATALOG_NAMES, type CatalogLookup, type CatalogName, type CatalogRow } from '../../../cfdi/rules/index.ts';
import type { InvoiceCatalogs } from '../ports.ts';

/** `loaded:c_Moneda`, `row:c_Moneda:MXN`, `table:c_TasaOCuota`, `decimals:MXN`. */
type Question = string;
type Answer = boolean | CatalogRow | CatalogRow[] | number | null;
export type CatalogAnswers = Record<Question, Answer>;

/**
 * Questions answered up front, the most recently asked kept: bounded so that no stream of
 * distinct codes grows it for ever (a question is a few dozen bytes; its answer is computed again).
 */
const LEARNED_QUESTIONS: CacheBound<true> = {
  name: 'draft_catalog_questions',
  maxBytes: 512 * 1024,
  maxEntries: 5_000,
  sizeOf: (_, question) => stringBytes(question),
};
/** Which catalogs are loaded is always answered: every draft asks it first. */
const ALWAYS_ASKED: readonly Question[] = CATALOG_NAMES.map((name) => `loaded:${name}`);

function answer(catalogs: InvoiceCatalogs, question: Question): Answer {
  const [kind, name, ...rest] = question.split(':');
  const catalog = name as CatalogName;
  const code = rest.join(':');
  switch (kind) {
    case 'loaded':
      return catalogs.isLoaded(catalog);
    case 'row':
      return catalogs.get(catalog, code) ?? null;
    case 'table':
      return [...(catalogs.rows?.(catalog) ?? [])];
    case 'decimals':
      return catalogs.index.currencyDecimals(name!) ?? null;
    default:
      throw new Error(`not a catalog question: ${question}`);
  }
}

/** Answers the questions this app's drafts asked before and `more`, and remembers `more` for the next drafts. */
export function catalogAnswers(
  source: { catalogs: InvoiceCatalogs; caches: CacheRegistry },
  more: Iterable<Question> = [],
  previous: CatalogAnswers = {},
): CatalogAnswers {
  const { catalogs } = source;
  const learned = source.caches.cache(LEARNED_QUESTIONS);
  const answers: CatalogAnswers = { ...previous };
  for (const question of more) {
    learned.set(question, true);
    answers[question] = answer(catalogs, question);
  }
  for (const questions of [ALWAYS_ASKED, learned.keys()])
    for (const question of questions) if (!(question in answers)) answers[question] = answer(catalogs, question);
  return answers;
}

/** The catalogs over `answers`, on the worker; `unanswered` collects what was asked without an answer. */
export function answeredCatalogs(answers: CatalogAnswers): {
  lookup: CatalogLookup;
  currencyDecimals: (code: string) => number | undefined;
  unanswered: Set<Question>;
} {
  const unanswered = new Set<Question>();
  const ask = (question: Question): Answer | undefined => {
    if (question in answers) return answers[question];
    unanswered.add(question);
    return undefined;
  };
  const row = (catalog: CatalogName, code: string) => (ask(`row:${catalog}:${code}`) as CatalogRow | null | undefined) ?? undefined;
  return {
    lookup: {
      isLoaded: (catalog) => ask(`loaded:${catalog}`) === true,
      has: (catalog, code) => row(catalog, code) !== undefined,
      get: row,
      rows: (catalog) => (ask(`table:${catalog}`) as CatalogRow[] | undefined) ?? [],
    },
    currencyDecimals: (code) => (ask(`decimals:${code}`) as number | null | undefined) ?? undefined,
    unanswered,
  };
}
