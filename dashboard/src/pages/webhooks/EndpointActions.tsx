import { useState } from 'preact/hooks';
import { apiPath, api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { navigate } from '../../core/router.ts';
import { useAction } from '../../kit/action.ts';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import type { Resource } from '../../kit/resource.ts';
import type { WebhookEndpoint } from './types.ts';

/** Pause/resume (PATCH enabled), rotate the secret, delete: the two irreversible ones ask first. */
export function EndpointActions({
  endpoint,
  resource,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  resource: Resource<WebhookEndpoint>;
  onSecret: (secret: string) => void;
}) {
  const action = useAction();
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | undefined>();
  const toggle = () =>
    action.run(async () => {
      resource.replace(await api.patch<WebhookEndpoint>(apiPath`/v1/webhook_endpoints/${endpoint.id}`, { enabled: !endpoint.enabled }));
    });
  const rotate = () =>
    action.run(async () => {
      const { secret, ...rest } = await api.post<WebhookEndpoint>(apiPath`/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, undefined);
      resource.replace(rest);
      if (secret) onSecret(secret);
      setConfirming(undefined);
    });
  const remove = () =>
    action.run(async () => {
      await api.delete(apiPath`/v1/webhook_endpoints/${endpoint.id}`);
      navigate('/webhooks');
    });
  return (
    <div class="action-bar">
      <button type="button" class="button" disabled={action.busy} onClick={toggle}>
        {endpoint.enabled ? t('webhooks.pause') : t('webhooks.resume')}
      </button>
      <button type="button" class="button" disabled={action.busy} onClick={() => setConfirming('rotate')}>
        {t('webhooks.rotate')}
      </button>
      <button type="button" class="button danger" disabled={action.busy} onClick={() => setConfirming('delete')}>
        {t('webhooks.delete')}
      </button>
      {confirming && (
        <div class="confirm" role="alertdialog" aria-label={t(confirming === 'rotate' ? 'webhooks.rotate' : 'webhooks.delete')}>
          <p class="notice warn">{t(confirming === 'rotate' ? 'webhooks.rotateConfirm' : 'webhooks.deleteConfirm')}</p>
          <button
            type="button"
            class={`button ${confirming === 'delete' ? 'danger' : 'primary'}`}
            disabled={action.busy}
            onClick={confirming === 'rotate' ? rotate : remove}
          >
            {t(confirming === 'rotate' ? 'webhooks.rotateSubmit' : 'webhooks.deleteSubmit')}
          </button>
          <button type="button" class="button subtle" onClick={() => setConfirming(undefined)}>
            {t('form.cancel')}
          </button>
        </div>
      )}
      <ProblemBox problem={action.problem} />
    </div>
  );
}
