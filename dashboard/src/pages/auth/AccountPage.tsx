import { useState } from 'preact/hooks';
import { api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { sessionStore } from '../../core/session.ts';
import { useStore } from '../../core/store.ts';
import { formatDate } from '../../core/format.ts';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { Page } from '../../kit/Page.tsx';

export function AccountPage() {
  const session = useStore(sessionStore);
  const form = useForm({ current_password: '', new_password: '' });
  const [changed, setChanged] = useState(false);
  async function submit() {
    setChanged(false);
    await api.post('/dashboard/api/password', form.values);
    form.reset();
    setChanged(true);
  }
  return (
    <Page title={t('account.title')}>
      <dl class="details">
        <div class="detail">
          <dt>{t('field.email')}</dt>
          <dd>{session?.user.email}</dd>
        </div>
        <div class="detail">
          <dt>{t('field.organizationName')}</dt>
          <dd>{session?.organization.name}</dd>
        </div>
        <div class="detail">
          <dt>{t('account.sessionEnds')}</dt>
          <dd>{formatDate(session?.expires_at)}</dd>
        </div>
      </dl>
      <h2>{t('account.passwordTitle')}</h2>
      <Form form={form} onSubmit={submit} submitLabel={t('account.passwordSubmit')} label={t('account.passwordTitle')}>
        <TextField form={form} name="current_password" label={t('account.currentPassword')} type="password" autoComplete="current-password" />
        <TextField
          form={form}
          name="new_password"
          label={t('account.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('signUp.passwordHint')}
        />
      </Form>
      <p class="visually-hidden-unless-content notice ok" aria-live="polite">
        {changed ? t('account.passwordChanged') : ''}
      </p>
    </Page>
  );
}
