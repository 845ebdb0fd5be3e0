import { useEffect, useState } from 'preact/hooks';
import { api, loadSession, type Problem } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { href, navigate } from '../../core/router.ts';
import { type Role, type Session, sessionStore } from '../../core/session.ts';
import { useStore } from '../../core/store.ts';
import { useAction } from '../../kit/action.ts';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { asProblem, ProblemBox } from '../../kit/ProblemBox.tsx';
import { AuthFrame } from '../auth/AuthFrame.tsx';

interface Preview {
  organization: { name: string };
  email: string;
  role: Role;
  expires_at: string;
}

const STORAGE_KEY = 'invitation-token';

/**
 * The token arrives in the link's fragment, which no request carries; it is kept in the tab's
 * sessionStorage (so signing in first and coming back still has it) and taken off the address bar.
 */
function invitationToken(): string | undefined {
  const fromLink = /^#token=([A-Za-z0-9_-]+)$/.exec(window.location.hash)?.[1];
  if (fromLink) {
    sessionStorage.setItem(STORAGE_KEY, fromLink);
    history.replaceState(null, '', window.location.pathname);
  }
  return fromLink ?? sessionStorage.getItem(STORAGE_KEY) ?? undefined;
}

/** Accepts an invitation: signed in with the invited e-mail, or by creating that account. */
export function InvitationPage() {
  const session = useStore(sessionStore);
  const [token] = useState(invitationToken);
  const [preview, setPreview] = useState<Preview | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  const action = useAction();
  const form = useForm({ password: '' });
  useEffect(() => {
    if (!token) return;
    api
      .post<Preview>('/dashboard/api/invitations/preview', { token }, { safe: true })
      .then(setPreview)
      .catch((error: unknown) => setProblem(asProblem(error)));
  }, [token]);
  const joined = async () => {
    sessionStorage.removeItem(STORAGE_KEY);
    await loadSession();
    // The start page of a signed-in session.
    navigate('/');
  };
  const accept = () =>
    action.run(async () => {
      await api.post('/dashboard/api/invitations/accept', { token });
      await joined();
    });
  async function signUp() {
    const created = await api.post<Session>('/dashboard/api/invitations/sign_up', { token, password: form.values.password });
    sessionStore.set(created);
    await joined();
  }
  const signOut = () =>
    action.run(async () => {
      await api.post('/dashboard/api/sign_out');
      sessionStore.set(null);
    });
  return (
    <AuthFrame title={t('invitation.title')}>
      {!token && <p class="notice warn">{t('invitation.missing')}</p>}
      <ProblemBox problem={problem ?? action.problem} />
      {preview && (
        <div data-testid="invitation">
          <p>{t('invitation.offer', { organization: preview.organization.name, role: t(`role.${preview.role}`) })}</p>
          <p>{t('invitation.for', { email: preview.email })}</p>
          {session && session.user.email === preview.email && (
            <button type="button" class="button primary" disabled={action.busy} onClick={accept}>
              {t('invitation.accept')}
            </button>
          )}
          {session && session.user.email !== preview.email && (
            <>
              <p class="notice warn">{t('invitation.otherAccount', { email: session.user.email })}</p>
              <button type="button" class="button" disabled={action.busy} onClick={signOut}>
                {t('shell.signOut')}
              </button>
            </>
          )}
          {!session && (
            <>
              <p>{t('invitation.signUp')}</p>
              <Form form={form} onSubmit={signUp} submitLabel={t('invitation.signUpSubmit')} label={t('invitation.signUpSubmit')}>
                <TextField form={form} name="password" label={t('field.password')} type="password" autoComplete="new-password" required />
              </Form>
              <p class="auth-switch">
                {t('invitation.haveAccount')} <a href={href('/sign-in', { next: '/invitation' })}>{t('invitation.signIn')}</a>
              </p>
            </>
          )}
        </div>
      )}
    </AuthFrame>
  );
}
