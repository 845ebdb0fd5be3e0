import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { SelectQueryBuilder } from 'kysely';
import { ApiError } from '../errors/api-error.ts';
import { isId, type IdPrefix } from '../ids.ts';

/** The query parameters every list endpoint takes. */
export const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size, 1–100.' })),
    starting_after: Type.Optional(Type.String({ minLength: 1, description: 'An object id; returns the page of older objects.' })),
    ending_before: Type.Optional(Type.String({ minLength: 1, description: 'An object id; returns the page of newer objects.' })),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

/** Builds a list query schema: the common cursor parameters plus a list's own filters. */
export function listQuery<T extends Record<string, ReturnType<typeof Type.Optional>>>(filters: T) {
  return Type.Object({ ...ListQuery.properties, ...filters }, { additionalProperties: false });
}

export interface Page<T> {
  object: 'list';
  url: string;
  data: T[];
  has_more: boolean;
}

const BOTH_CURSORS = { en: 'Pass starting_after or ending_before, not both.', es: 'Envíe starting_after o ending_before, no ambos.' };

function checkCursor(name: string, value: string | undefined, prefix: IdPrefix): void {
  if (value !== undefined && !isId(prefix, value)) {
    throw new ApiError(
      'request.invalid_cursor',
      { en: `${name} must be the id of a ${prefix}_ object from this list.`, es: `${name} debe ser el id de un objeto ${prefix}_ de este listado.` },
      { errors: [{ path: name, code: 'invalid_cursor', message: `'${value}' is not a ${prefix}_ id.`, messageEs: `'${value}' no es un id ${prefix}_.` }] },
    );
  }
}

/** 422 when a list is given both cursors. */
export function assertOneCursor(params: ListQuery): void {
  if (params.starting_after !== undefined && params.ending_before !== undefined) {
    throw new ApiError('request.validation_failed', BOTH_CURSORS, {
      errors: [
        { path: 'ending_before', code: 'conflict', message: 'cannot be combined with starting_after.', messageEs: 'no se puede combinar con starting_after.' },
      ],
    });
  }
}

/**
 * A page of a short list held in memory, in its own order, whose items are named by a key (a
 * slug) instead of a time-ordered id: the same parameters and refusals as every list.
 */
export function paginateItems<T>(items: readonly T[], params: ListQuery, options: { key: (item: T) => string; url: string; noun: string }): Page<T> {
  const limit = params.limit ?? 20;
  assertOneCursor(params);
  const position = (name: 'starting_after' | 'ending_before'): number | undefined => {
    const value = params[name];
    if (value === undefined) return undefined;
    const index = items.findIndex((item) => options.key(item) === value);
    if (index < 0) {
      throw new ApiError(
        'request.invalid_cursor',
        { en: `${name} must be the ${options.noun} of an item of this list.`, es: `${name} debe ser una clave de un elemento de este listado.` },
        {
          errors: [
            {
              path: name,
              code: 'invalid_cursor',
              message: `'${value}' is not a ${options.noun} of this list.`,
              messageEs: `'${value}' no es una clave de este listado.`,
            },
          ],
        },
      );
    }
    return index;
  };
  const before = position('ending_before');
  if (before !== undefined) {
    const start = Math.max(0, before - limit);
    return { object: 'list', url: options.url, data: items.slice(start, before), has_more: start > 0 };
  }
  const start = (position('starting_after') ?? -1) + 1;
  return { object: 'list', url: options.url, data: items.slice(start, start + limit), has_more: start + limit < items.length };
}

/**
 * Runs a newest-first page over a query whose rows have time-ordered ids. The caller's query
 * already filters by organization and mode; this adds the cursor, order and limit.
 */
export async function paginate<DB, TB extends keyof DB, O extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: ListQuery,
  options: { prefix: IdPrefix; idColumn: string; url: string },
): Promise<Page<O>> {
  const limit = params.limit ?? 20;
  assertOneCursor(params);
  checkCursor('starting_after', params.starting_after, options.prefix);
  checkCursor('ending_before', params.ending_before, options.prefix);
  const column = options.idColumn as never;
  let rows: O[];
  if (params.ending_before !== undefined) {
    const newer = await query
      .where(column, '>', params.ending_before as never)
      .orderBy(column, 'asc')
      .limit(limit + 1)
      .execute();
    rows = newer.slice(0, limit).reverse();
    return { object: 'list', url: options.url, data: rows, has_more: newer.length > limit };
  }
  let older = query;
  if (params.starting_after !== undefined) older = older.where(column, '<', params.starting_after as never);
  const found = await older
    .orderBy(column, 'desc')
    .limit(limit + 1)
    .execute();
  rows = found.slice(0, limit);
  return { object: 'list', url: options.url, data: rows, has_more: found.length > limit };
}

/** The path a list was requested from, without its query string. */
export function listUrl(request: FastifyRequest): string {
  return request.url.split('?')[0]!;
}

/** Maps a page's rows to API objects. */
export function mapPage<T, U>(page: Page<T>, map: (row: T) => U): Page<U> {
  return { ...page, data: page.data.map(map) };
}
