import { useState } from 'preact/hooks';
import { api } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { modeStore } from '../../core/mode.ts';
import { CopySecret } from '../../kit/CopySecret.tsx';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { Badge, Page } from '../../kit/Page.tsx';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { KeyActions } from './KeyActions.tsx';
import type { ApiKey } from './types.ts';
import { useCan } from '../../core/session.ts';

export function ApiKeysPage() {
  const mode = modeStore.get();
  const [version, setVersion] = useState(0);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKey | undefined>();
  const form = useForm({ name: '' });
  async function create() {
    const key = await api.post<ApiKey>('/v1/api_keys', { name: form.values.name, mode });
    setCreated(key);
    setCreating(false);
    form.reset();
    setVersion(version + 1);
  }
  const refresh = () => setVersion(version + 1);
  const writes = useCan('write');
  return (
    <Page
      title={t('apiKeys.title')}
      subtitle={t(mode === 'test' ? 'apiKeys.subtitleTest' : 'apiKeys.subtitleLive')}
      actions={
        writes && (
          <button type="button" class="button primary" aria-expanded={creating} onClick={() => setCreating(!creating)}>
            {t('apiKeys.create')}
          </button>
        )
      }
    >
      {created?.key && (
        <div class="panel">
          <h2>{t('apiKeys.createdTitle', { name: created.name })}</h2>
          <CopySecret secret={created.key} label={t('apiKeys.secretLabel')} />
          <button type="button" class="button" onClick={() => setCreated(undefined)}>
            {t('apiKeys.secretDone')}
          </button>
        </div>
      )}
      {creating && writes && (
        <div class="panel">
          <h2>{t('apiKeys.create')}</h2>
          <Form form={form} onSubmit={create} submitLabel={t('apiKeys.createSubmit')} label={t('apiKeys.create')}>
            <TextField form={form} name="name" label={t('field.name')} hint={t('apiKeys.nameHint')} />
          </Form>
        </div>
      )}
      <ResourceList<ApiKey>
        path="/v1/api_keys"
        version={version}
        limit={100}
        caption={t('apiKeys.title')}
        empty={t('apiKeys.empty')}
        // The API lists both modes' keys together; the dashboard shows the tab's mode only.
        rowFilter={(key) => key.mode === mode}
        columns={[
          { label: t('field.name'), render: (key) => key.name },
          { label: t('apiKeys.prefix'), render: (key) => <code>{key.prefix}…</code> },
          {
            label: t('field.status'),
            render: (key) => (key.revoked_at ? <Badge tone="bad">{t('apiKeys.revoked')}</Badge> : <Badge tone="ok">{t('apiKeys.active')}</Badge>),
          },
          { label: t('apiKeys.lastUsed'), render: (key) => formatDate(key.last_used_at) },
          { label: t('field.created'), render: (key) => formatDate(key.created_at) },
          ...(writes ? [{ label: t('apiKeys.actions'), render: (key: ApiKey) => <KeyActions apiKey={key} onChange={refresh} /> }] : []),
        ]}
      />
    </Page>
  );
}
