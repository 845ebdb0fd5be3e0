import { t } from '../../core/i18n.ts';
import { Badge } from '../../kit/Page.tsx';
import type { WebhookEndpoint } from './types.ts';

/** Enabled, paused by the user, or switched off by the service (with its reason). */
export function EndpointStatus({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabled_reason'> }) {
  if (endpoint.enabled) return <Badge tone="ok">{t('webhooks.enabled')}</Badge>;
  if (endpoint.disabled_reason)
    return <Badge tone="bad">{t(endpoint.disabled_reason === 'gone' ? 'webhooks.disabledGone' : 'webhooks.disabledFailing')}</Badge>;
  return <Badge tone="neutral">{t('webhooks.paused')}</Badge>;
}
