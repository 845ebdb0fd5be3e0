import { useState } from 'preact/hooks';
import { api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { sessionStore } from '../../core/session.ts';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { AuthFrame } from './AuthFrame.tsx';

/** The token of the e-mailed link, taken once and removed from the address bar (and so from history and referrers). */
function takeToken(): string {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token') ?? '';
  if (token) {
    url.searchParams.delete('token');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return token;
}

/**
 * Sets a new password from the e-mailed link (`/dashboard/reset_password?token=…`). The token
 * works once, within the hour; a reset ends every session of the user, this tab's included.
 */
export function ResetPasswordPage() {
  const [token] = useState(takeToken);
  const form = useForm({ new_password: '' });
  const [done, setDone] = useState(false);
  async function submit() {
    await api.post('/dashboard/api/password_reset/confirm', { token, new_password: form.values.new_password });
    setDone(true);
    sessionStore.set(null);
  }
  return (
    <AuthFrame title={t('reset.title')}>
      {done ? (
        <p class="notice ok" role="status" data-testid="reset-done">
          {t('reset.done')}
        </p>
      ) : token ? (
        <Form form={form} onSubmit={submit} submitLabel={t('reset.submit')} label={t('reset.title')}>
          <TextField
            form={form}
            name="new_password"
            label={t('reset.newPassword')}
            hint={t('reset.newPasswordHint')}
            type="password"
            autoComplete="new-password"
            required
          />
        </Form>
      ) : (
        <p class="notice warn">{t('reset.noToken')}</p>
      )}
      <p class="auth-switch">
        <a href={href('/sign-in')}>{done ? t('signIn.submit') : t('reset.backToSignIn')}</a>
        {!done && (
          <>
            {' · '}
            <a href={href('/forgot-password')}>{t('reset.askAgain')}</a>
          </>
        )}
      </p>
    </AuthFrame>
  );
}
