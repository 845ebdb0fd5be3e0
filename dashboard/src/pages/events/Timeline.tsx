import { apiPath, type Page } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { Badge } from '../../kit/Page.tsx';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import type { WebhookDelivery } from '../webhooks/types.ts';
import type { ApiEvent } from './types.ts';

/** The latest events a timeline shows; older ones are in the event log. */
const EVENTS = 50;
const TONES = { pending: 'warn', succeeded: 'ok', failed: 'bad' } as const;

/** One event's webhook deliveries, to every endpoint that received it. */
function EventDeliveries({ event }: { event: ApiEvent }) {
  const deliveries = useResource<Page<WebhookDelivery>>(apiPath`/v1/events/${event.id}/deliveries`, { query: { limit: '20' } });
  if (deliveries.problem) return <ProblemBox problem={deliveries.problem} />;
  if (!deliveries.data) return null;
  if (deliveries.data.data.length === 0) return <p class="hint">{t('timeline.noDeliveries')}</p>;
  return (
    <ul class="timeline-deliveries" aria-label={t('webhooks.deliveries')}>
      {deliveries.data.data.map((delivery) => (
        <li key={delivery.id} data-testid="timeline-delivery">
          <Badge tone={TONES[delivery.status]}>{t(`webhooks.delivery.${delivery.status}`)}</Badge>{' '}
          <a href={href(`/webhooks/${delivery.endpoint_id}`)}>
            <code>{delivery.endpoint_id}</code>
          </a>{' '}
          <span class="hint">
            {t('timeline.delivery', {
              attempts: delivery.attempts,
              response: delivery.response_status === null ? '—' : delivery.response_status,
              at: formatDate(delivery.last_attempt_at),
            })}
          </span>
          {delivery.last_error && <span class="field-error block">{delivery.last_error}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * What happened to one object (an invoice, a fiscal profile and its sync, a download), oldest
 * first: each event of the log about it with its webhook deliveries.
 */
export function Timeline({ objectId }: { objectId: string }) {
  const events = useResource<Page<ApiEvent>>('/v1/events', { query: { object_id: objectId, limit: String(EVENTS) } });
  const rows = events.data ? [...events.data.data].reverse() : [];
  return (
    <section class="panel" aria-labelledby="timeline-title" data-testid="timeline">
      <div class="panel-head">
        <h2 id="timeline-title">{t('timeline.title')}</h2>
        <button type="button" class="button" onClick={events.reload}>
          {t('common.refresh')}
        </button>
      </div>
      <ProblemBox problem={events.problem} />
      {events.data && rows.length === 0 && <p class="hint">{t('timeline.empty')}</p>}
      {events.data?.has_more && (
        <p class="hint">
          {t('timeline.truncated', { count: EVENTS })} <a href={href('/events')}>{t('events.title')}</a>
        </p>
      )}
      <ol class="timeline">
        {rows.map((event) => (
          <li key={event.id} data-testid="timeline-event">
            <span class="timeline-at">{formatDate(event.created_at)}</span>{' '}
            <a href={href(`/events/${event.id}`)}>
              <code>{event.type}</code>
            </a>
            <EventDeliveries event={event} />
          </li>
        ))}
      </ol>
    </section>
  );
}
