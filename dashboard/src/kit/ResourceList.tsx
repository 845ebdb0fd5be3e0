/**
 * A list page's body: filters kept in the page URL (so a filtered list can be bookmarked and
 * shared) and passed to the API under the same names, a table, and cursor pagination with the
 * API's starting_after / ending_before and has_more.
 */
import type { ComponentChildren, InputHTMLAttributes, TargetedSubmitEvent } from 'preact';
import { useState } from 'preact/hooks';
import type { Page } from '../core/api.ts';
import { t } from '../core/i18n.ts';
import { href, locationStore, navigate, setQuery } from '../core/router.ts';
import { useStore } from '../core/store.ts';
import type { Option } from './fields.tsx';
import { ProblemBox } from './ProblemBox.tsx';
import { useResource } from './resource.ts';

interface Column<T> {
  label: string;
  render: (row: T) => ComponentChildren;
  /** Right-aligned numbers (money). */
  numeric?: boolean;
  /** The API's `sort` key of this column (`fecha` for `sort=fecha|-fecha`): its header sorts the list. */
  sort?: string;
}

interface Filter {
  /** The query parameter, in the dashboard URL and in the API request alike. */
  name: string;
  label: string;
  type?: 'text' | 'date' | 'select';
  options?: Option[];
}

interface ListProps<T extends { id: string }> {
  path: string;
  columns: Column<T>[];
  filters?: Filter[];
  /** Where a row leads; its first column becomes that link. */
  rowHref?: (row: T) => string;
  /** Rows to hide (e.g. the other mode's API keys, which the API lists together). */
  rowFilter?: (row: T) => boolean;
  empty: string;
  caption: string;
  limit?: number;
  /** Bumped by the page after a create or a delete to fetch again. */
  version?: number;
  /** The order when the URL names none (`-fecha`); the API's own order when absent. */
  defaultSort?: string;
  /** A search box above the list, kept in the URL under `name` (the API's parameter, `q`). */
  search?: { name: string; label: string };
}

const CURSORS = ['starting_after', 'ending_before'];

export function ResourceList<T extends { id: string }>({
  path,
  columns,
  filters = [],
  rowHref,
  rowFilter,
  empty,
  caption,
  limit = 20,
  version = 0,
  defaultSort,
  search,
}: ListProps<T>) {
  const location = useStore(locationStore);
  const query: Record<string, string> = { limit: String(limit) };
  // The list's state in the URL: filters, search and order (a shared link shows the same list).
  const stateNames = [...filters.map((filter) => filter.name), ...(search ? [search.name] : []), ...(columns.some((column) => column.sort) ? ['sort'] : [])];
  for (const name of [...CURSORS, ...stateNames]) {
    const value = location.query.get(name);
    if (value) query[name] = value;
  }
  const sort = query.sort ?? defaultSort;
  if (sort) query.sort = sort;
  const list = useResource<Page<T>>(path, { query, version });
  const rows = (list.data?.data ?? []).filter((row) => (rowFilter ? rowFilter(row) : true));
  const back = Boolean(query.ending_before);
  const hasNewer = back ? Boolean(list.data?.has_more) : Boolean(query.starting_after);
  const hasOlder = back ? true : Boolean(list.data?.has_more);
  const first = list.data?.data[0]?.id;
  const last = list.data?.data.at(-1)?.id;
  const keep = Object.fromEntries(stateNames.map((name) => [name, location.query.get(name) ?? undefined]));
  const filterValues = Object.fromEntries(filters.map((filter) => [filter.name, keep[filter.name]]));
  return (
    <div class="resource-list" data-version={version}>
      {search && <SearchBox key={keep[search.name] ?? ''} search={search} current={keep} />}
      {filters.length > 0 && <Filters filters={filters} current={filterValues} others={keep} />}
      {columns.some((column) => column.sort) && <SortSelect columns={columns} sort={sort} keep={keep} path={location.path} />}
      <ProblemBox problem={list.problem} />
      <div class="table-wrap">
        <table class="table" aria-busy={list.loading}>
          <caption class="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  class={column.numeric ? 'numeric' : undefined}
                  aria-sort={column.sort && sort === column.sort ? 'ascending' : column.sort && sort === `-${column.sort}` ? 'descending' : undefined}
                >
                  {column.sort ? <SortLink column={column as Column<unknown> & { sort: string }} sort={sort} keep={keep} path={location.path} /> : column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {columns.map((column, index) => (
                  <td key={column.label} data-label={column.label} class={column.numeric ? 'numeric' : undefined}>
                    {index === 0 && rowHref ? <a href={rowHref(row)}>{column.render(row)}</a> : column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {!list.loading && rows.length === 0 && !list.problem && <p class="empty">{empty}</p>}
        {list.loading && <p class="loading">{t('list.loading')}</p>}
      </div>
      <nav class="pager" aria-label={t('list.pages')}>
        {hasNewer && first ? (
          <a class="button" href={href(location.path, { ...keep, ending_before: first })}>
            {t('list.newer')}
          </a>
        ) : (
          <span />
        )}
        {hasOlder && last && (
          <a class="button" href={href(location.path, { ...keep, starting_after: last })}>
            {t('list.older')}
          </a>
        )}
      </nav>
    </div>
  );
}

/**
 * A column header that orders the list by its key: descending first (newest, largest), then
 * ascending; a new order starts from the first page.
 */
function SortLink({
  column,
  sort,
  keep,
  path,
}: {
  column: Column<unknown> & { sort: string };
  sort: string | undefined;
  keep: Record<string, string | undefined>;
  path: string;
}) {
  const descending = sort === `-${column.sort}`;
  const ascending = sort === column.sort;
  const next = descending ? column.sort : `-${column.sort}`;
  return (
    <a
      class="sort-link"
      href={href(path, { ...keep, sort: next })}
      title={t(next.startsWith('-') ? 'list.sortDescending' : 'list.sortAscending', { column: column.label })}
    >
      {column.label}
      <span class="sort-mark" aria-hidden="true">
        {descending ? ' ↓' : ascending ? ' ↑' : ' ↕'}
      </span>
    </a>
  );
}

/** The order as a menu, for phones, where the list is cards without headers. */
function SortSelect<T>({
  columns,
  sort,
  keep,
  path,
}: {
  columns: Column<T>[];
  sort: string | undefined;
  keep: Record<string, string | undefined>;
  path: string;
}) {
  const sortable = columns.filter((column): column is Column<T> & { sort: string } => Boolean(column.sort));
  return (
    <label class="sort-select">
      <span>{t('list.sortBy')}</span>
      <select value={sort ?? ''} onChange={(event) => navigate(href(path, { ...keep, sort: event.currentTarget.value || undefined }))}>
        {!sort && <option value="">{t('list.defaultOrder')}</option>}
        {sortable.flatMap((column) => [
          <option key={`-${column.sort}`} value={`-${column.sort}`}>
            {t('list.sortDescending', { column: column.label })}
          </option>,
          <option key={column.sort} value={column.sort}>
            {t('list.sortAscending', { column: column.label })}
          </option>,
        ])}
      </select>
    </label>
  );
}

/** The search box: applied on Enter or its button, with the list's other state kept; a new search starts from the first page. */
function SearchBox({ search, current }: { search: { name: string; label: string }; current: Record<string, string | undefined> }) {
  const [value, setValue] = useState(current[search.name] ?? '');
  function apply(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery({ ...current, [search.name]: value.trim() || undefined });
  }
  return (
    <form class="search-box" onSubmit={apply}>
      <label class="visually-hidden" for={`search-${search.name}`}>
        {search.label}
      </label>
      <input id={`search-${search.name}`} type="search" placeholder={search.label} value={value} onInput={(event) => setValue(event.currentTarget.value)} />
      <button type="submit" class="button">
        {t('list.search')}
      </button>
    </form>
  );
}

function Filters({ filters, current, others }: { filters: Filter[]; current: Record<string, string | undefined>; others: Record<string, string | undefined> }) {
  const [values, setValues] = useState<Record<string, string | undefined>>(current);
  function apply(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // A new filter starts from the first page: the old cursor belongs to another list. The search and order stay.
    setQuery({ ...others, ...values });
  }
  const active = Object.values(current).filter(Boolean).length;
  // Folded until used, so that on a phone the list is on the first screen.
  return (
    <details class="filters-box" open={active > 0}>
      <summary>{active > 0 ? t('list.filtersActive', { count: active }) : t('list.filters')}</summary>
      <form class="filters" onSubmit={apply} aria-label={t('list.filters')}>
        {filters.map((filter) => (
          <div class="field" key={filter.name}>
            <label for={`filter-${filter.name}`}>{filter.label}</label>
            {filter.type === 'select' ? (
              <select
                id={`filter-${filter.name}`}
                value={values[filter.name] ?? ''}
                onChange={(event) => setValues({ ...values, [filter.name]: event.currentTarget.value })}
              >
                <option value="">{t('list.any')}</option>
                {(filter.options ?? []).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`filter-${filter.name}`}
                {...((filter.type === 'date' ? { type: 'date' } : { type: 'text' }) as InputHTMLAttributes<HTMLInputElement>)}
                value={values[filter.name] ?? ''}
                onInput={(event) => setValues({ ...values, [filter.name]: event.currentTarget.value })}
              />
            )}
          </div>
        ))}
        <div class="filters-actions">
          <button type="submit" class="button">
            {t('list.apply')}
          </button>
          <button
            type="button"
            class="button subtle"
            onClick={() => setQuery({ ...others, ...Object.fromEntries(filters.map((filter) => [filter.name, undefined])) })}
          >
            {t('list.clear')}
          </button>
        </div>
      </form>
    </details>
  );
}
