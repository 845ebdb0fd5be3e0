import type { Page as ListPage } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import type { MessageKey } from '../../core/i18n.ts';
import { modeStore } from '../../core/mode.ts';
import { href } from '../../core/router.ts';
import { useStore } from '../../core/store.ts';
import { Badge, Page } from '../../kit/Page.tsx';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import type { ApiKey } from '../api-keys/types.ts';
import type { FiscalProfile } from '../fiscal-profiles/types.ts';
import type { Invoice } from '../invoices/types.ts';
import type { Balance } from '../usage/types.ts';
import type { WebhookEndpoint } from '../webhooks/types.ts';
import { useCan } from '../../core/session.ts';

interface Step {
  key: MessageKey;
  done: boolean;
  to: string;
}

/** Where a signed-in user lands: what is left to set up in this mode, the credits, the docs. */
export function HomePage() {
  const mode = useStore(modeStore);
  const profiles = useResource<ListPage<FiscalProfile>>('/v1/fiscal_profiles', { query: { limit: '100' } });
  const keys = useResource<ListPage<ApiKey>>('/v1/api_keys', { query: { limit: '100' } });
  const stamped = useResource<ListPage<Invoice>>('/v1/invoices', { query: { status: 'stamped', limit: '1' } });
  const cancelled = useResource<ListPage<Invoice>>('/v1/invoices', { query: { status: 'cancelled', limit: '1' } });
  const endpoints = useResource<ListPage<WebhookEndpoint>>('/v1/webhook_endpoints', { query: { limit: '1' } });
  const balance = useResource<Balance>('/v1/balance');
  const loading = [profiles, keys, stamped, cancelled, endpoints].some((resource) => resource.loading);
  const profileList = profiles.data?.data ?? [];
  const profile = profileList.find((entry) => entry.status === 'active') ?? profileList[0];
  const profileHref = profile ? href(`/fiscal-profiles/${profile.id}`) : href('/fiscal-profiles/new');
  const steps: Step[] = [
    { key: 'home.step.profile', done: profileList.length > 0, to: href('/fiscal-profiles/new') },
    { key: 'home.step.fiel', done: profileList.some((entry) => entry.has_fiel), to: profileHref },
    { key: 'home.step.manifest', done: profileList.some((entry) => entry.manifest_status === 'signed'), to: profileHref },
    // The API lists both modes' keys; a key of this mode is what a system needs.
    { key: 'home.step.key', done: (keys.data?.data ?? []).some((key) => key.mode === mode && !key.revoked_at), to: href('/api-keys') },
    {
      key: 'home.step.invoice',
      done: (stamped.data?.data.length ?? 0) + (cancelled.data?.data.length ?? 0) > 0,
      to: href('/invoices/new'),
    },
    { key: 'home.step.webhook', done: (endpoints.data?.data.length ?? 0) > 0, to: href('/webhooks') },
  ];
  const done = steps.filter((step) => step.done).length;
  // Every step is a change (a profile, a key, a stamp…): a role that cannot make them sees where the organization stands.
  const writes = useCan('write');
  const credits = balance.data?.stamp_credits;
  return (
    <Page title={t('home.title')} subtitle={t(mode === 'live' ? 'home.subtitleLive' : 'home.subtitleTest')}>
      {[profiles, keys, stamped, cancelled, endpoints].map((resource, index) => (
        <ProblemBox key={index} problem={resource.problem} />
      ))}
      <section class="panel" aria-labelledby="start-title" data-testid="checklist">
        <div class="panel-head">
          <h2 id="start-title">{t('home.start')}</h2>
          {!loading && <span class="hint">{done === steps.length ? t('home.allDone') : t('home.progress', { done, total: steps.length })}</span>}
        </div>
        {loading ? (
          <p class="loading">{t('list.loading')}</p>
        ) : (
          <ol class="checklist steps">
            {steps.map((step) => (
              <li key={step.key} class={step.done ? 'done' : 'todo'} data-step={step.key} data-done={step.done}>
                <span class="check" aria-hidden="true">
                  {step.done ? '✓' : '•'}
                </span>
                <span class="step-text">
                  {t(step.key)}
                  <span class="visually-hidden"> — {t(step.done ? 'home.done' : 'home.pending')}</span>
                </span>
                {!step.done && writes && (
                  <a class="button" href={step.to}>
                    {t('home.go')}
                  </a>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <div class="home-grid">
        <section class="panel" aria-labelledby="credits-title" data-testid="credits">
          <h2 id="credits-title">{t('home.credits')}</h2>
          <ProblemBox problem={balance.problem} />
          {balance.loading ? (
            <p class="loading">{t('list.loading')}</p>
          ) : (
            balance.data && (
              <dl class="inline-details">
                <dt>{t('home.creditsLeft')}</dt>
                <dd data-testid="home-credits">
                  {credits === null || credits === undefined ? <Badge tone="neutral">{t('usage.unmetered')}</Badge> : credits.toLocaleString('es-MX')}
                </dd>
                <dt>{t('home.stampsUsed')}</dt>
                <dd>{balance.data.stamps_used.toLocaleString('es-MX')}</dd>
              </dl>
            )
          )}
          <p>{t(mode === 'live' ? 'home.creditsLive' : 'home.creditsTest')}</p>
          {mode === 'live' && <p class="hint spaced">{t('home.creditsHow')}</p>}
          <a href={href('/usage')}>{t('home.usageLink')}</a>
        </section>
        <section class="panel" aria-labelledby="docs-title">
          <h2 id="docs-title">{t('home.docs')}</h2>
          <p>{t('home.docsBody')}</p>
          {/* The docs are the server's own pages, outside the dashboard's router. */}
          <a href="/docs">{t('home.docsLink')}</a>
        </section>
      </div>
    </Page>
  );
}
