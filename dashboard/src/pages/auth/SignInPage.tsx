import { useState } from 'preact/hooks';
import { api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { href, locationStore } from '../../core/router.ts';
import { type Session, sessionStore } from '../../core/session.ts';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { AuthFrame } from './AuthFrame.tsx';

export function SignInPage() {
  const form = useForm({ email: '', password: '' });
  // Seconds to wait: minutes after failures for this e-mail, seconds while this network is slowed down.
  const [wait, setWait] = useState<number | undefined>();
  async function submit() {
    setWait(undefined);
    try {
      const session = await api.post<Session>('/dashboard/api/sign_in', form.values);
      sessionStore.set(session);
    } catch (error) {
      const retry = (error as { retryAfter?: number }).retryAfter;
      if (retry) setWait(retry);
      throw error;
    }
  }
  const next = locationStore.get().query.get('next') ?? undefined;
  return (
    <AuthFrame title={t('signIn.title')}>
      <Form form={form} onSubmit={submit} submitLabel={t('signIn.submit')} label={t('signIn.title')}>
        <TextField form={form} name="email" label={t('field.email')} type="email" autoComplete="username" required />
        <TextField form={form} name="password" label={t('field.password')} type="password" autoComplete="current-password" required />
      </Form>
      {wait !== undefined && (
        <p class="notice warn">{wait < 120 ? t('signIn.wait', { seconds: wait }) : t('signIn.locked', { minutes: Math.ceil(wait / 60) })}</p>
      )}
      <p class="auth-switch">
        <a href={href('/forgot-password')}>{t('reset.forgot')}</a>
      </p>
      <p class="auth-switch">
        {t('signIn.noAccount')} <a href={href('/sign-up', { next })}>{t('signUp.title')}</a>
      </p>
    </AuthFrame>
  );
}
