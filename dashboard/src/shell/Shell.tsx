import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, loadSession } from '../core/api.ts';
import { t } from '../core/i18n.ts';
import { type Mode, modeStore, setMode } from '../core/mode.ts';
import { href, locationStore, navigate } from '../core/router.ts';
import { sessionStore } from '../core/session.ts';
import { useStore } from '../core/store.ts';
import { type PageRoute, routes } from '../pages/registry.ts';
import { LanguagePicker } from './LanguagePicker.tsx';

/** The frame of every signed-in page: top bar, mode banner, navigation, and the page. */
export function Shell({ route, children }: { route: PageRoute | undefined; children: ComponentChildren }) {
  const session = useStore(sessionStore);
  const mode = useStore(modeStore);
  const location = useStore(locationStore);
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [location]);
  // Sign-in and sign-up answer without the service's settings; the session endpoint has them.
  const signedIn = session?.user.id;
  useEffect(() => {
    if (signedIn && session?.mail_catcher === undefined) void loadSession().catch(() => undefined);
  }, [signedIn]);
  function switchMode(next: Mode) {
    if (next === mode) return;
    setMode(next);
    if (route?.parent) navigate(route.parent, { replace: true });
  }
  async function signOut() {
    try {
      await api.post('/dashboard/api/sign_out');
    } finally {
      sessionStore.set(null);
    }
  }
  return (
    <div class={`shell mode-${mode}`}>
      <a class="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      {mode === 'test' && (
        <div class="test-banner" data-testid="test-banner">
          {t('shell.testBanner')}
        </div>
      )}
      <header class="topbar">
        <button type="button" class="menu-button" aria-expanded={menuOpen} aria-controls="nav" onClick={() => setMenuOpen(!menuOpen)}>
          {t('shell.menu')}
        </button>
        <OrganizationSwitch current={session?.organization} />
        <div class="topbar-tools">
          {mode === 'live' && (
            <span class="live-badge" data-testid="live-badge">
              {t('shell.liveMode')}
            </span>
          )}
          <ModeSwitch mode={mode} onChange={switchMode} />
          <LanguagePicker />
        </div>
      </header>
      <div class="layout">
        <nav id="nav" class={`nav${menuOpen ? ' open' : ''}`} aria-label={t('shell.navigation')}>
          <ul>
            {routes
              .filter((entry) => entry.nav && (!entry.permission || session?.permissions?.includes(entry.permission) === true))
              .filter((entry) => !entry.mailCatcher || session?.mail_catcher === true)
              .map((entry) => {
                const active = location.path === entry.path || location.path.startsWith(`${entry.path}/`);
                return (
                  <li key={entry.path}>
                    <a href={href(entry.path)} aria-current={active ? 'page' : undefined}>
                      {t(entry.nav!)}
                    </a>
                  </li>
                );
              })}
          </ul>
          <div class="nav-footer">
            <span class="user-email">{session?.user.email}</span>
            <button type="button" class="button subtle" onClick={signOut}>
              {t('shell.signOut')}
            </button>
          </div>
        </nav>
        <main id="main" class="main">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The organization's name; a selector instead when the user belongs to several, where choosing one
 * moves the session there.
 */
function OrganizationSwitch({ current }: { current: { id: string; name: string } | undefined }) {
  const [organizations, setOrganizations] = useState<{ id: string; name: string }[]>([]);
  const currentId = current?.id;
  useEffect(() => {
    if (!currentId) return;
    void api
      .get<{ data: { id: string; name: string }[] }>('/dashboard/api/organizations')
      .then((answer) => setOrganizations(answer.data))
      .catch(() => setOrganizations([]));
  }, [currentId]);
  const several = organizations.length > 1;
  async function choose(id: string) {
    if (id === currentId) return;
    await api.post('/dashboard/api/session/organization', { organization_id: id });
    await loadSession();
    // Another organization's data: back to the start page.
    navigate('/', { replace: true });
  }
  return (
    <>
      <span class={several ? 'visually-hidden' : 'org-name'} data-testid="org-name">
        {current?.name}
      </span>
      {several && (
        <label class="org-switch">
          <span class="visually-hidden">{t('org.switch')}</span>
          <select data-testid="org-switch" value={currentId} onChange={(event) => void choose(event.currentTarget.value)}>
            {organizations.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}

function ModeSwitch({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  return (
    <button
      type="button"
      class={`mode-switch ${mode}`}
      role="switch"
      aria-checked={mode === 'test'}
      data-testid="mode-switch"
      onClick={() => onChange(mode === 'test' ? 'live' : 'test')}
    >
      <span class="mode-switch-track" aria-hidden="true">
        <span class="mode-switch-thumb" />
      </span>
      <span>{t('shell.testMode')}</span>
    </button>
  );
}
