import { useState } from 'preact/hooks';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { CopySecret } from '../../kit/CopySecret.tsx';
import { Page } from '../../kit/Page.tsx';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { EndpointForm } from './EndpointForm.tsx';
import { EndpointStatus } from './EndpointStatus.tsx';
import type { WebhookEndpoint } from './types.ts';
import { useCan } from '../../core/session.ts';

export function WebhooksPage() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<WebhookEndpoint | undefined>();
  const [version, setVersion] = useState(0);
  const writes = useCan('write');
  function done(endpoint: WebhookEndpoint) {
    setCreated(endpoint);
    setCreating(false);
    setVersion(version + 1);
  }
  return (
    <Page
      title={t('webhooks.title')}
      subtitle={t('webhooks.subtitle')}
      actions={
        writes && (
          <button type="button" class="button primary" aria-expanded={creating} onClick={() => setCreating(!creating)}>
            {t('webhooks.create')}
          </button>
        )
      }
    >
      {created?.secret && (
        <div class="panel">
          <h2>{t('webhooks.createdTitle')}</h2>
          <p>
            <a href={href(`/webhooks/${created.id}`)}>{created.url}</a>
          </p>
          <CopySecret secret={created.secret} label={t('webhooks.secretLabel')} />
          <button type="button" class="button" onClick={() => setCreated(undefined)}>
            {t('apiKeys.secretDone')}
          </button>
        </div>
      )}
      {creating && writes && (
        <div class="panel">
          <h2>{t('webhooks.create')}</h2>
          <EndpointForm onDone={done} />
        </div>
      )}
      <ResourceList<WebhookEndpoint>
        path="/v1/webhook_endpoints"
        version={version}
        caption={t('webhooks.title')}
        empty={t('webhooks.empty')}
        rowHref={(endpoint) => href(`/webhooks/${endpoint.id}`)}
        columns={[
          { label: t('webhooks.url'), render: (endpoint) => <span class="url">{endpoint.url}</span> },
          { label: t('webhooks.events'), render: (endpoint) => <code>{endpoint.enabled_events.join(', ')}</code> },
          { label: t('field.status'), render: (endpoint) => <EndpointStatus endpoint={endpoint} /> },
          { label: t('field.created'), render: (endpoint) => formatDate(endpoint.created_at) },
        ]}
      />
    </Page>
  );
}
