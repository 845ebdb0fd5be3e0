import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { JsonView } from '../../kit/JsonView.tsx';
import { ResourceDetail } from '../../kit/ResourceDetail.tsx';
import type { ApiEvent } from './types.ts';
import { apiPath } from '../../core/api.ts';

/** Where the event's object lives in the dashboard, when it has a page. */
function objectHref(object: ApiEvent['data']['object']): string | undefined {
  const id = object.id;
  if (typeof id !== 'string') return undefined;
  const pages: Record<string, string> = {
    invoice: '/invoices/',
    fiscal_profile: '/fiscal-profiles/',
    validation: '/validations/',
    download: '/downloads/',
    webhook_endpoint: '/webhooks/',
  };
  if (object.object === 'cfdi' && typeof object.uuid === 'string') return href(`/cfdis/${object.uuid}`);
  if (object.object === 'fiscal_profile_sync' && typeof object.fiscal_profile_id === 'string') return href(`/fiscal-profiles/${object.fiscal_profile_id}`);
  // The API types the event's object as a JSON object of unknown fields: `object` is read as text.
  const base = pages[String(object.object)];
  return base ? href(`${base}${id}`) : undefined;
}

export function EventPage({ params }: { params: Record<string, string> }) {
  return (
    <ResourceDetail<ApiEvent>
      path={apiPath`/v1/events/${params.id}`}
      title={(event) => event?.type ?? t('events.one')}
      fields={[
        { label: t('events.type'), render: (event) => <code>{event.type}</code> },
        {
          label: t('events.object'),
          render: (event) => {
            const link = objectHref(event.data.object);
            const text = <code>{String(event.data.object.id ?? event.data.object.fiscal_profile_id ?? '—')}</code>;
            return link ? <a href={link}>{text}</a> : text;
          },
        },
        { label: t('webhooks.apiVersion'), render: (event) => event.api_version },
        { label: t('events.account'), render: (event) => (event.account ? <code>{event.account}</code> : '—') },
        { label: t('field.created'), render: (event) => formatDate(event.created_at) },
        { label: t('field.id'), render: (event) => <code>{event.id}</code> },
      ]}
    >
      {(event) => (
        <section class="panel" aria-labelledby="payload-title">
          <h2 id="payload-title">{t('events.payload')}</h2>
          <JsonView value={event} />
        </section>
      )}
    </ResourceDetail>
  );
}
