/** Text normalisation shared by search (stored search column, queries) and header matching. */

const COMBINING_MARKS = /\p{M}+/gu;

/** Lower case without accents or extra spaces: `Consultoría  Fiscal` → `consultoria fiscal`. */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The search terms of a query: every term must appear in a row's search text. */
export function searchTerms(query: string): string[] {
  return searchable(query)
    .split(' ')
    .filter((term) => term.length > 0);
}

/**
 * A column header reduced to letters and digits, so that `Fecha inicio de vigencia `,
 * `FechaInicioDeVigencia` and `fecha_inicio_de_vigencia` compare equal.
 */
export function headerKey(header: string): string {
  return searchable(header).replace(/[^a-z0-9]/g, '');
}
