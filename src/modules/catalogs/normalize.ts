/** Text normalisation shared by search (stored search column, queries) and header matching. */

const COMBINING_MARKS = /\p{M}+/gu;

/** Lower case without accents or extra spaces: `Consultoría  Fiscal` → `consultoria fiscal`. */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The search terms of a query (split where the indexed words are: at anything but a-z and 0-9). */
export function searchTerms(query: string): string[] {
  return searchable(query)
    .split(/[^a-z0-9]+/)
    .filter((term) => term.length > 0);
}

/** One-letter words (but digits) and these Spanish function words are not indexed nor searched. */
const STOP_WORDS = new Set('de la el los las del y o en a para con por al un una sus su se que e u sin sobre'.split(' '));

/** Whether a search term is skipped (a function word, or one letter), when other terms remain. */
function isStopWord(term: string): boolean {
  return STOP_WORDS.has(term) || (term.length === 1 && !/\d/.test(term));
}

/** The indexed words of a normalised text: `servicios de consultoria` → servicios, consultoria. */
export function wordsOf(searchText: string): string[] {
  return [...new Set(searchText.split(/[^a-z0-9]+/))].filter((word) => word !== '' && !isStopWord(word));
}

/** The terms of a query that are looked up: all but function words, unless nothing else is left. */
export function meaningfulTerms(terms: readonly string[]): readonly string[] {
  const meaningful = terms.filter((term) => !isStopWord(term));
  return meaningful.length > 0 ? meaningful : terms;
}

/**
 * A column header reduced to letters and digits, so that `Fecha inicio de vigencia `,
 * `FechaInicioDeVigencia` and `fecha_inicio_de_vigencia` compare equal.
 */
export function headerKey(header: string): string {
  return searchable(header).replace(/[^a-z0-9]/g, '');
}
