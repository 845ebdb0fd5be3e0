import type { ComponentChildren } from 'preact';
import { t } from '../core/i18n.ts';
import { Page } from './Page.tsx';
import { ProblemBox } from './ProblemBox.tsx';
import { type Resource, useResource } from './resource.ts';

interface DetailField<T> {
  label: string;
  render: (row: T) => ComponentChildren;
}

interface DetailProps<T> {
  path: string;
  title: (row: T | undefined) => string;
  subtitle?: (row: T) => ComponentChildren;
  fields: DetailField<T>[];
  /** Buttons and panels acting on the resource; they call `resource.replace` with the API's answer. */
  actions?: (row: T, resource: Resource<T>) => ComponentChildren;
  children?: (row: T, resource: Resource<T>) => ComponentChildren;
}

/** A detail page: the resource's heading, a list of fields, its actions, and page-specific extras. */
export function ResourceDetail<T>({ path, title, subtitle, fields, actions, children }: DetailProps<T>) {
  const resource = useResource<T>(path);
  const row = resource.data;
  return (
    <Page title={title(row)} subtitle={row && subtitle ? subtitle(row) : undefined} actions={row && actions ? actions(row, resource) : undefined}>
      <ProblemBox problem={resource.problem} />
      {!row && resource.loading && <p class="loading">{t('list.loading')}</p>}
      {row && (
        <>
          <dl class="details">
            {fields.map((field) => (
              <div class="detail" key={field.label}>
                <dt>{field.label}</dt>
                <dd>{field.render(row)}</dd>
              </div>
            ))}
          </dl>
          {children?.(row, resource)}
        </>
      )}
    </Page>
  );
}
