import { useState } from 'preact/hooks';
import { api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { AuthFrame } from './AuthFrame.tsx';

/**
 * Asks for a password-reset link by e-mail. The answer is the same whether the e-mail has an
 * account or not, so the page says only that a link is on its way if the account exists.
 */
export function ForgotPasswordPage() {
  const form = useForm({ email: '' });
  const [sent, setSent] = useState(false);
  async function submit() {
    await api.post('/dashboard/api/password_reset', { email: form.values.email.trim() });
    setSent(true);
  }
  return (
    <AuthFrame title={t('reset.requestTitle')}>
      {sent ? (
        <p class="notice ok" role="status" data-testid="reset-requested">
          {t('reset.requested', { email: form.values.email.trim() })}
        </p>
      ) : (
        <>
          <p class="hint">{t('reset.requestIntro')}</p>
          <Form form={form} onSubmit={submit} submitLabel={t('reset.requestSubmit')} label={t('reset.requestTitle')}>
            <TextField form={form} name="email" label={t('field.email')} type="email" autoComplete="username" required />
          </Form>
        </>
      )}
      <p class="auth-switch">
        <a href={href('/sign-in')}>{t('reset.backToSignIn')}</a>
      </p>
    </AuthFrame>
  );
}
