import { useState } from 'preact/hooks';
import { apiPath, api } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { useAction } from '../../kit/action.ts';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import type { Resource } from '../../kit/resource.ts';
import { ResourceDetail } from '../../kit/ResourceDetail.tsx';
import { AccountStatus } from './AccountsPage.tsx';
import type { ConnectedAccount } from './types.ts';
import { useCan } from '../../core/session.ts';

export function ConnectedAccountPage({ params }: { params: Record<string, string> }) {
  const writes = useCan('write');
  return (
    <ResourceDetail<ConnectedAccount>
      path={apiPath`/v1/accounts/${params.id}`}
      title={(account) => account?.name ?? t('accounts.one')}
      subtitle={(account) => <AccountStatus account={account} />}
      actions={(account, resource) => writes && <DisableButton account={account} resource={resource} />}
      fields={[
        { label: t('field.name'), render: (account) => account.name },
        { label: t('field.email'), render: (account) => account.email ?? '—' },
        { label: t('accounts.parent'), render: (account) => <code>{account.parent}</code> },
        { label: t('field.created'), render: (account) => formatDate(account.created_at) },
        { label: t('field.id'), render: (account) => <code>{account.id}</code> },
      ]}
    >
      {(account, resource) => (
        <>
          {account.disabled && <p class="notice warn">{t('accounts.disabledExplain')}</p>}
          <p class="hint">{t('accounts.actAs', { id: account.id })}</p>
          {writes && <EditAccount account={account} onDone={resource.replace} />}
        </>
      )}
    </ResourceDetail>
  );
}

/** Disabling offboards the account (acting as it is refused); it can be enabled again. */
function DisableButton({ account, resource }: { account: ConnectedAccount; resource: Resource<ConnectedAccount> }) {
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const change = (disabled: boolean) =>
    action.run(async () => {
      resource.replace(await api.patch<ConnectedAccount>(apiPath`/v1/accounts/${account.id}`, { disabled }));
      setConfirming(false);
    });
  return (
    <div class="action-bar">
      {account.disabled ? (
        <button type="button" class="button primary" disabled={action.busy} onClick={() => change(false)}>
          {t('accounts.enable')}
        </button>
      ) : (
        <button type="button" class="button danger" disabled={action.busy} onClick={() => setConfirming(true)}>
          {t('accounts.disable')}
        </button>
      )}
      {confirming && (
        <div class="confirm" role="alertdialog" aria-label={t('accounts.disable')}>
          <p class="notice warn">{t('accounts.disableConfirm')}</p>
          <button type="button" class="button danger" disabled={action.busy} onClick={() => change(true)}>
            {t('accounts.disableSubmit')}
          </button>
          <button type="button" class="button subtle" onClick={() => setConfirming(false)}>
            {t('form.cancel')}
          </button>
        </div>
      )}
      <ProblemBox problem={action.problem} />
    </div>
  );
}

function EditAccount({ account, onDone }: { account: ConnectedAccount; onDone: (account: ConnectedAccount) => void }) {
  const form = useForm({ name: account.name, email: account.email ?? '' });
  async function submit() {
    // An emptied e-mail is removed (null), as the API allows.
    onDone(await api.patch<ConnectedAccount>(apiPath`/v1/accounts/${account.id}`, { name: form.values.name.trim(), email: form.values.email.trim() || null }));
  }
  return (
    <details class="panel">
      <summary>
        <h2>{t('accounts.edit')}</h2>
      </summary>
      <Form form={form} onSubmit={submit} submitLabel={t('webhooks.save')} label={t('accounts.edit')}>
        <TextField form={form} name="name" label={t('field.name')} />
        <TextField form={form} name="email" label={t('field.email')} type="email" />
      </Form>
    </details>
  );
}
