import { useState } from 'preact/hooks';
import { apiPath, api } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { useAction } from '../../kit/action.ts';
import { Badge } from '../../kit/Page.tsx';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { ResourceList } from '../../kit/ResourceList.tsx';
import type { WebhookDelivery, WebhookEndpoint } from './types.ts';
import { useCan } from '../../core/session.ts';

const TONES = { pending: 'warn', succeeded: 'ok', failed: 'bad' } as const;
const STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** The endpoint's delivery log, newest first, each row with "resend" (same webhook-id, this endpoint only). */
export function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [version, setVersion] = useState(0);
  const action = useAction();
  const writes = useCan('write');
  const [tested, setTested] = useState(false);
  const sendTest = () =>
    action.run(async () => {
      setTested(false);
      await api.post(apiPath`/v1/webhook_endpoints/${endpoint.id}/test`, undefined);
      setTested(true);
      setVersion((value) => value + 1);
      // The delivery is attempted at once: look again shortly for its outcome.
      setTimeout(() => setVersion((value) => value + 1), 1500);
    });
  const resend = (delivery: WebhookDelivery) =>
    action.run(async () => {
      await api.post(apiPath`/v1/events/${delivery.event_id}/resend`, { endpoint_id: endpoint.id });
      setVersion((value) => value + 1);
    });
  return (
    <section class="panel" aria-labelledby="deliveries-title" data-testid="deliveries">
      <div class="panel-head">
        <h2 id="deliveries-title">{t('webhooks.deliveries')}</h2>
        <span class="action-bar">
          {writes && (
            <button
              type="button"
              class="button"
              disabled={action.busy || !endpoint.enabled}
              title={endpoint.enabled ? undefined : t('webhooks.testDisabled')}
              onClick={sendTest}
            >
              {t('webhooks.sendTest')}
            </button>
          )}
          <button type="button" class="button" onClick={() => setVersion(version + 1)}>
            {t('common.refresh')}
          </button>
        </span>
      </div>
      {tested && (
        <p class="notice ok" role="status">
          {t('webhooks.testSent')}
        </p>
      )}
      <ProblemBox problem={action.problem} />
      <ResourceList<WebhookDelivery>
        path={apiPath`/v1/webhook_endpoints/${endpoint.id}/deliveries`}
        version={version}
        caption={t('webhooks.deliveries')}
        empty={t('webhooks.deliveriesEmpty')}
        filters={[
          {
            name: 'status',
            label: t('field.status'),
            type: 'select',
            options: STATUSES.map((status) => ({ value: status, label: t(`webhooks.delivery.${status}`) })),
          },
        ]}
        columns={[
          {
            label: t('webhooks.event'),
            render: (delivery) => (
              <a href={href(`/events/${delivery.event_id}`)} title={delivery.event_id}>
                <code>{delivery.event_type ?? delivery.event_id}</code>
              </a>
            ),
          },
          { label: t('field.status'), render: (delivery) => <Badge tone={TONES[delivery.status]}>{t(`webhooks.delivery.${delivery.status}`)}</Badge> },
          {
            label: t('webhooks.responseStatus'),
            render: (delivery) => (delivery.response_status === null ? '—' : <code>{delivery.response_status}</code>),
            numeric: true,
          },
          { label: t('webhooks.attempts'), render: (delivery) => String(delivery.attempts), numeric: true },
          {
            label: t('webhooks.lastAttempt'),
            render: (delivery) => (
              <>
                {formatDate(delivery.last_attempt_at)}
                {delivery.next_attempt_at && <span class="hint block">{t('webhooks.nextAttempt', { at: formatDate(delivery.next_attempt_at) })}</span>}
                {delivery.last_error && <span class="field-error block">{delivery.last_error}</span>}
              </>
            ),
          },
          ...(writes
            ? [
                {
                  label: t('apiKeys.actions'),
                  render: (delivery: WebhookDelivery) => (
                    <button
                      type="button"
                      class="button"
                      disabled={action.busy || !endpoint.enabled}
                      title={endpoint.enabled ? undefined : t('webhooks.resendDisabled')}
                      onClick={() => resend(delivery)}
                    >
                      {t('webhooks.resend')}
                    </button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}
