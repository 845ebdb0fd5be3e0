import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { apiPath, api } from '../../core/api.ts';
import { formatDate, formatDay } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { useAction } from '../../kit/action.ts';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { Badge } from '../../kit/Page.tsx';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import type { FiscalProfile } from '../fiscal-profiles/types.ts';
import type { FiscalProfileSync } from './types.ts';
import { useCan } from '../../core/session.ts';

const TONES = { inactive: 'neutral', pending: 'warn', healthy: 'ok', stalled: 'bad' } as const;

/** Automatic SAT synchronization of one profile (docs/guides/sync.md): its state, enable and disable. */
export function SyncPanel({ profile }: { profile: FiscalProfile }) {
  const sync = useResource<FiscalProfileSync>(apiPath`/v1/fiscal_profiles/${profile.id}/sync`);
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const writes = useCan('write');
  const state = sync.data;
  const disable = () =>
    action.run(async () => {
      sync.replace(await api.delete<FiscalProfileSync>(apiPath`/v1/fiscal_profiles/${profile.id}/sync`));
      setConfirming(false);
    });
  return (
    <section class="panel" aria-labelledby="sync-title" data-testid="sync">
      <div class="panel-head">
        <h2 id="sync-title">{t('sync.title')}</h2>
        {state && (
          <Badge tone={TONES[state.status]}>
            <span data-status={state.status}>{t(`sync.status.${state.status}`)}</span>
          </Badge>
        )}
      </div>
      <ProblemBox problem={sync.problem} />
      {state && (
        <>
          <p class="hint">{t(`sync.explain.${state.status}`)}</p>
          {state.status !== 'inactive' || state.documents > 0 ? (
            <dl class="details compact">
              <Detail label={t('sync.syncFrom')} value={formatDay(state.sync_from)} />
              <Detail label={t('sync.syncedThrough')} value={formatDay(state.synced_through)} />
              <Detail label={t('sync.lag')} value={state.lag_days === null ? '—' : t('sync.lagDays', { days: state.lag_days })} />
              <Detail
                label={t('sync.documents')}
                value={<a href={href('/cfdis', { fiscal_profile_id: profile.id })}>{state.documents.toLocaleString('es-MX')}</a>}
              />
              <Detail label={t('sync.checkedAt')} value={formatDate(state.checked_at)} />
            </dl>
          ) : null}
          {state.enabled ? (
            <div class="action-bar">
              <button type="button" class="button" onClick={sync.reload}>
                {t('common.refresh')}
              </button>
              {writes && (
                <button type="button" class="button danger" onClick={() => setConfirming(true)}>
                  {t('sync.disable')}
                </button>
              )}
              {writes && confirming && (
                <div class="confirm" role="alertdialog" aria-label={t('sync.disable')}>
                  <p class="notice warn">{t('sync.disableConfirm')}</p>
                  <button type="button" class="button danger" disabled={action.busy} onClick={disable}>
                    {t('sync.disableSubmit')}
                  </button>
                  <button type="button" class="button subtle" onClick={() => setConfirming(false)}>
                    {t('form.cancel')}
                  </button>
                </div>
              )}
              <ProblemBox problem={action.problem} />
            </div>
          ) : (
            writes && <EnableForm profile={profile} onDone={sync.replace} />
          )}
        </>
      )}
    </section>
  );
}

function Detail({ label, value }: { label: string; value: ComponentChildren }) {
  return (
    <div class="detail">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function EnableForm({ profile, onDone }: { profile: FiscalProfile; onDone: (sync: FiscalProfileSync) => void }) {
  const form = useForm({ sync_from: '', max_monthly_documents: '', phone: '' });
  async function submit() {
    // The body is required; `{}` takes every default (all the history the SAT keeps).
    const body: Record<string, string | number> = {};
    if (form.values.sync_from) body.sync_from = form.values.sync_from;
    const max = form.values.max_monthly_documents.trim();
    // A number is sent as a number; anything else as typed, for the API to name the problem.
    if (max) body.max_monthly_documents = /^\d+$/.test(max) ? Number(max) : max;
    if (form.values.phone.trim()) body.phone = form.values.phone.trim();
    onDone(await api.post<FiscalProfileSync>(apiPath`/v1/fiscal_profiles/${profile.id}/sync`, body));
  }
  return (
    <>
      {(!profile.has_fiel || profile.manifest_status !== 'signed') && <p class="notice warn">{t('sync.needsFiel')}</p>}
      <Form form={form} onSubmit={submit} submitLabel={t('sync.enable')} label={t('sync.enable')}>
        <div class="form-grid">
          <TextField form={form} name="sync_from" label={t('sync.syncFrom')} type="date" hint={t('sync.syncFromHint')} />
          <TextField form={form} name="max_monthly_documents" label={t('sync.maxMonthly')} inputMode="numeric" hint={t('sync.maxMonthlyHint')} />
        </div>
        <TextField form={form} name="phone" label={t('sync.phone')} hint={t('sync.phoneHint')} autoComplete="tel" />
      </Form>
    </>
  );
}
