import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { Page } from '../../kit/Page.tsx';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { EVENT_GROUPS } from '../webhooks/types.ts';
import type { ApiEvent } from './types.ts';

// The type filter offers what the API takes: each namespace wildcard followed by its types.
const TYPE_OPTIONS = EVENT_GROUPS.flatMap((group) => [
  { value: `${group.namespace}.*`, label: `${group.namespace}.*` },
  ...group.types.map((type) => ({ value: type, label: type })),
]);

export function EventsPage() {
  return (
    <Page title={t('events.title')} subtitle={t('events.subtitle')}>
      <ResourceList<ApiEvent>
        path="/v1/events"
        caption={t('events.title')}
        empty={t('events.empty')}
        rowHref={(event) => href(`/events/${event.id}`)}
        filters={[
          { name: 'type', label: t('events.type'), type: 'select', options: TYPE_OPTIONS },
          { name: 'created[gte]', label: t('common.createdFrom'), type: 'date' },
          { name: 'created[lte]', label: t('common.createdTo'), type: 'date' },
        ]}
        columns={[
          { label: t('events.type'), render: (event) => <code>{event.type}</code> },
          { label: t('events.object'), render: (event) => <code>{event.data.object.id ?? '—'}</code> },
          { label: t('field.id'), render: (event) => <code>{event.id}</code> },
          { label: t('field.created'), render: (event) => formatDate(event.created_at) },
        ]}
      />
    </Page>
  );
}
