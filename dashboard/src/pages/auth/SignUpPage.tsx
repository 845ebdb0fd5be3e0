import { useState } from 'preact/hooks';
import { api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { type Session, sessionStore } from '../../core/session.ts';
import { CopySecret } from '../../kit/CopySecret.tsx';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { AuthFrame } from './AuthFrame.tsx';

type SignUp = Session & { api_key: { id: string; secret: string; mode: 'test' } };

export function SignUpPage() {
  const form = useForm({ organization_name: '', email: '', password: '' });
  const [created, setCreated] = useState<SignUp | undefined>();
  async function submit() {
    setCreated(await api.post<SignUp>('/dashboard/api/sign_up', form.values));
  }
  if (created) {
    // The session starts only after the secret has been seen: it is never shown again.
    return (
      <AuthFrame title={t('signUp.welcome', { name: created.organization.name })}>
        <p>{t('signUp.keyIntro')}</p>
        <CopySecret secret={created.api_key.secret} label={t('apiKeys.secretLabel')} />
        <button type="button" class="button primary" onClick={() => sessionStore.set(created)}>
          {t('signUp.continue')}
        </button>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t('signUp.title')}>
      <Form form={form} onSubmit={submit} submitLabel={t('signUp.submit')} label={t('signUp.title')}>
        <TextField form={form} name="organization_name" label={t('field.organizationName')} autoComplete="organization" required />
        <TextField form={form} name="email" label={t('field.email')} type="email" autoComplete="email" required />
        <TextField
          form={form}
          name="password"
          label={t('field.password')}
          type="password"
          autoComplete="new-password"
          hint={t('signUp.passwordHint')}
          required
        />
      </Form>
      <p class="auth-switch">
        {t('signUp.haveAccount')} <a href={href('/sign-in')}>{t('signIn.title')}</a>
      </p>
    </AuthFrame>
  );
}
