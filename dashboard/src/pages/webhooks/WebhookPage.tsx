import { useState } from 'preact/hooks';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { CopySecret } from '../../kit/CopySecret.tsx';
import { ResourceDetail } from '../../kit/ResourceDetail.tsx';
import { Deliveries } from './Deliveries.tsx';
import { EndpointActions } from './EndpointActions.tsx';
import { EndpointForm } from './EndpointForm.tsx';
import { EndpointStatus } from './EndpointStatus.tsx';
import type { WebhookEndpoint } from './types.ts';
import { apiPath } from '../../core/api.ts';
import { useCan } from '../../core/session.ts';

export function WebhookPage({ params }: { params: Record<string, string> }) {
  // The rotated secret lives here, not in the resource: a reload must not show it again.
  const [secret, setSecret] = useState<string | undefined>();
  const writes = useCan('write');
  return (
    <ResourceDetail<WebhookEndpoint>
      path={apiPath`/v1/webhook_endpoints/${params.id}`}
      title={() => t('webhooks.one')}
      subtitle={(endpoint) => (
        <>
          <span class="url">{endpoint.url}</span> <EndpointStatus endpoint={endpoint} />
        </>
      )}
      actions={(endpoint, resource) => writes && <EndpointActions endpoint={endpoint} resource={resource} onSecret={setSecret} />}
      fields={[
        { label: t('webhooks.url'), render: (endpoint) => <code>{endpoint.url}</code> },
        { label: t('webhooks.events'), render: (endpoint) => <code>{endpoint.enabled_events.join(', ')}</code> },
        { label: t('webhooks.apiVersion'), render: (endpoint) => endpoint.api_version },
        { label: t('webhooks.connect'), render: (endpoint) => (endpoint.connect ? t('common.yes') : t('common.no')) },
        { label: t('field.created'), render: (endpoint) => formatDate(endpoint.created_at) },
        { label: t('field.id'), render: (endpoint) => <code>{endpoint.id}</code> },
      ]}
    >
      {(endpoint, resource) => (
        <>
          {!endpoint.enabled && endpoint.disabled_reason && (
            <p class="notice bad">{t(endpoint.disabled_reason === 'gone' ? 'webhooks.goneExplain' : 'webhooks.failingExplain')}</p>
          )}
          {secret && (
            <div class="panel">
              <h2>{t('webhooks.rotatedTitle')}</h2>
              <p class="hint">{t('webhooks.rotatedHint')}</p>
              <CopySecret secret={secret} label={t('webhooks.secretLabel')} />
              <button type="button" class="button" onClick={() => setSecret(undefined)}>
                {t('apiKeys.secretDone')}
              </button>
            </div>
          )}
          {writes && (
            <details class="panel">
              <summary>
                <h2>{t('webhooks.edit')}</h2>
              </summary>
              <EndpointForm endpoint={endpoint} onDone={resource.replace} />
            </details>
          )}
          <Deliveries endpoint={endpoint} />
        </>
      )}
    </ResourceDetail>
  );
}
