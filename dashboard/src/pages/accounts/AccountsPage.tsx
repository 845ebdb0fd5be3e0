import { useState } from 'preact/hooks';
import { api } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href, navigate } from '../../core/router.ts';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { Badge, Page } from '../../kit/Page.tsx';
import { ResourceList } from '../../kit/ResourceList.tsx';
import type { ConnectedAccount } from './types.ts';
import { useCan } from '../../core/session.ts';

export function AccountStatus({ account }: { account: Pick<ConnectedAccount, 'disabled'> }) {
  return account.disabled ? <Badge tone="bad">{t('accounts.disabled')}</Badge> : <Badge tone="ok">{t('accounts.active')}</Badge>;
}

export function AccountsPage() {
  const [creating, setCreating] = useState(false);
  const form = useForm({ name: '', email: '' });
  const writes = useCan('write');
  async function create() {
    const body: Record<string, string> = { name: form.values.name.trim() };
    if (form.values.email.trim()) body.email = form.values.email.trim();
    const account = await api.post<ConnectedAccount>('/v1/accounts', body);
    navigate(`/accounts/${account.id}`);
  }
  return (
    <Page
      title={t('accounts.title')}
      subtitle={t('accounts.subtitle')}
      actions={
        writes && (
          <button type="button" class="button primary" aria-expanded={creating} onClick={() => setCreating(!creating)}>
            {t('accounts.create')}
          </button>
        )
      }
    >
      {creating && writes && (
        <div class="panel">
          <h2>{t('accounts.create')}</h2>
          <Form form={form} onSubmit={create} submitLabel={t('accounts.createSubmit')} label={t('accounts.create')}>
            <TextField form={form} name="name" label={t('field.name')} hint={t('accounts.nameHint')} />
            <TextField form={form} name="email" label={t('field.email')} type="email" hint={t('accounts.emailHint')} />
          </Form>
        </div>
      )}
      <ResourceList<ConnectedAccount>
        path="/v1/accounts"
        caption={t('accounts.title')}
        empty={t('accounts.empty')}
        rowHref={(account) => href(`/accounts/${account.id}`)}
        columns={[
          { label: t('field.name'), render: (account) => account.name },
          { label: t('field.email'), render: (account) => account.email ?? '—' },
          { label: t('field.status'), render: (account) => <AccountStatus account={account} /> },
          { label: t('field.id'), render: (account) => <code>{account.id}</code> },
          { label: t('field.created'), render: (account) => formatDate(account.created_at) },
        ]}
      />
    </Page>
  );
}
