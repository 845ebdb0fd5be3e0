/**
 * A list page's body: filters kept in the page URL (so a filtered list can be bookmarked and
 * shared) and passed to the API under the same names, a table, and cursor pagination with the
 * API's starting_after / ending_before and has_more.
 */
import type { ComponentChildren, InputHTMLAttributes, TargetedSubmitEvent } from 'preact';
import { useState } from 'preact/hooks';
import type { Page } from '../core/api.ts';
import { t } from '../core/i18n.ts';
import { href, locationStore, setQuery } from '../core/router.ts';
import { useStore } from '../core/store.ts';
import type { Option } from './fields.tsx';
import { ProblemBox } from './ProblemBox.tsx';
import { useResource } from './resource.ts';

interface Column<T> {
  label: string;
  render: (row: T) => ComponentChildren;
  /** Right-aligned numbers (money). */
  numeric?: boolean;
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
}: ListProps<T>) {
  const location = useStore(locationStore);
  const query: Record<string, string> = { limit: String(limit) };
  for (const name of [...CURSORS, ...filters.map((filter) => filter.name)]) {
    const value = location.query.get(name);
    if (value) query[name] = value;
  }
  const list = useResource<Page<T>>(path, { query, version });
  const rows = (list.data?.data ?? []).filter((row) => (rowFilter ? rowFilter(row) : true));
  const back = Boolean(query.ending_before);
  const hasNewer = back ? Boolean(list.data?.has_more) : Boolean(query.starting_after);
  const hasOlder = back ? true : Boolean(list.data?.has_more);
  const first = list.data?.data[0]?.id;
  const last = list.data?.data.at(-1)?.id;
  const keep = Object.fromEntries(filters.map((filter) => [filter.name, location.query.get(filter.name) ?? undefined]));
  return (
    <div class="resource-list" data-version={version}>
      {filters.length > 0 && <Filters filters={filters} current={keep} />}
      <ProblemBox problem={list.problem} />
      <div class="table-wrap">
        <table class="table" aria-busy={list.loading}>
          <caption class="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" class={column.numeric ? 'numeric' : undefined}>
                  {column.label}
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

function Filters({ filters, current }: { filters: Filter[]; current: Record<string, string | undefined> }) {
  const [values, setValues] = useState<Record<string, string | undefined>>(current);
  function apply(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // A new filter starts from the first page: the old cursor belongs to another list.
    setQuery(values);
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
          <button type="button" class="button subtle" onClick={() => setQuery({})}>
            {t('list.clear')}
          </button>
        </div>
      </form>
    </details>
  );
}
