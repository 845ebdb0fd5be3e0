import { useEffect } from 'preact/hooks';
import { loadSession } from '../core/api.ts';
import { languageStore, t } from '../core/i18n.ts';
import { modeStore } from '../core/mode.ts';
import { href, locationStore, match, navigate } from '../core/router.ts';
import { sessionStore } from '../core/session.ts';
import { useStore } from '../core/store.ts';
import { HOME, type PageRoute, routes } from '../pages/registry.ts';
import { NotFound } from './NotFound.tsx';
import { Shell } from './Shell.tsx';

function resolve(path: string): { route: PageRoute; params: Record<string, string> } | undefined {
  for (const route of routes) {
    const params = match(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}

export function App() {
  const session = useStore(sessionStore);
  const location = useStore(locationStore);
  const mode = useStore(modeStore);
  const language = useStore(languageStore);
  useEffect(() => {
    void loadSession().catch(() => sessionStore.set(null));
  }, []);
  const found = resolve(location.path);
  // Signed out on a private page: sign in first, then come back to it.
  useEffect(() => {
    if (session === null && !found?.route.public) {
      const next = location.path === '/' ? undefined : location.path + (location.query.size ? `?${location.query}` : '');
      navigate(href('/sign-in', { next }), { replace: true });
    } else if (session && (location.path === '/' || (found?.route.public && !found.route.open))) {
      navigate(location.query.get('next') ?? HOME, { replace: true });
    }
  }, [session, location, found]);
  if (session === undefined) return <p class="boot">{t('app.loading')}</p>;
  if (!session || found?.route.public) {
    if (!found?.route.public) return <p class="boot">{t('app.loading')}</p>;
    const Component = found.route.component;
    return <Component key={`${language}`} params={found.params} />;
  }
  const Component = found?.route.component ?? NotFound;
  return (
    <Shell route={found?.route}>
      {/* A new organization, mode or language remounts the page: nothing of the other one stays on screen. A form being filled in is rendered again in the new language instead, keeping what was typed. */}
      <Component
        key={`${session.organization.id}|${mode}|${found?.route.keepsStateOnLanguage ? '' : language}|${location.path}`}
        params={found?.params ?? {}}
      />
    </Shell>
  );
}
