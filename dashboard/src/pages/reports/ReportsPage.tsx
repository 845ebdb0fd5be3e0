import type { TargetedSubmitEvent } from 'preact';
import { useState } from 'preact/hooks';
import type { Page as ApiPage } from '../../core/api.ts';
import { dayOf, formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href, locationStore, navigate } from '../../core/router.ts';
import { useStore } from '../../core/store.ts';
import { Page } from '../../kit/Page.tsx';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import type { FiscalProfile } from '../fiscal-profiles/types.ts';
import { FIGURES, type Figure, type MonthlyReport, type ReportItem } from './types.ts';

/** Last month (`YYYY-MM`), the report usually wanted. */
function lastMonth(): string {
  const [year, month] = dayOf(new Date()).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** A profile's month (from the address, so a report can be linked to), its figures and the CFDIs behind the one picked. */
export function ReportsPage() {
  const location = useStore(locationStore);
  const profiles = useResource<ApiPage<FiscalProfile>>('/v1/fiscal_profiles', { query: { limit: 100 } });
  const profileId = location.query.get('fiscal_profile_id') ?? profiles.data?.data[0]?.id ?? '';
  const month = location.query.get('month') ?? lastMonth();
  const figure = location.query.get('figure') as Figure | null;
  const [year, monthNumber] = month.split('-');
  const period = { fiscal_profile_id: profileId, year: year ?? '', month: String(Number(monthNumber)) };
  const report = useResource<MonthlyReport>(profileId ? '/v1/reports/monthly' : undefined, { query: period });
  const [picked, setPicked] = useState({ profileId, month });
  function show(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(href('/reports', { fiscal_profile_id: picked.profileId || profileId, month: picked.month }));
  }
  return (
    <Page title={t('reports.title')} subtitle={t('reports.subtitle')}>
      <form class="filters" onSubmit={show} aria-label={t('reports.period')}>
        <div class="field">
          <label for="report-profile">{t('reports.profile')}</label>
          <select
            id="report-profile"
            value={picked.profileId || profileId}
            onChange={(event) => setPicked({ ...picked, profileId: event.currentTarget.value })}
          >
            {(profiles.data?.data ?? []).map((profile) => (
              <option key={profile.id} value={profile.id}>{`${profile.rfc} · ${profile.legal_name}`}</option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="report-month">{t('reports.month')}</label>
          <input id="report-month" type="month" value={picked.month} onInput={(event) => setPicked({ ...picked, month: event.currentTarget.value })} />
        </div>
        <button type="submit" class="button primary">
          {t('reports.show')}
        </button>
      </form>
      <ProblemBox problem={profiles.problem ?? report.problem} />
      {profiles.data && profiles.data.data.length === 0 && <p class="notice warn">{t('invoices.noProfile')}</p>}
      {report.data && (
        <>
          <dl class="figures" aria-busy={report.loading}>
            {FIGURES.map((name) => (
              <div class="figure" key={name} data-testid={`figure-${name}`}>
                <dt>
                  <a href={href('/reports', { fiscal_profile_id: profileId, month, figure: name })}>{t(`reports.figure.${name}`)}</a>
                </dt>
                <dd>{formatMoney(report.data?.figures[name].amount)}</dd>
                <dd class="hint">{t('reports.count', { count: report.data?.figures[name].count ?? 0 })}</dd>
              </div>
            ))}
          </dl>
          <p class="hint">
            {t('reports.excluded', {
              cancelled: report.data.excluded.cancelled,
              withoutContent: report.data.excluded.without_content,
              unresolved: report.data.excluded.unresolved_payments,
            })}
          </p>
        </>
      )}
      {figure && FIGURES.includes(figure) && profileId && (
        <Items
          query={{ ...period, figure, ...(location.query.get('starting_after') ? { starting_after: location.query.get('starting_after') ?? '' } : {}) }}
          month={month}
        />
      )}
    </Page>
  );
}

function Items({ query, month }: { query: Record<string, string> & { figure: Figure }; month: string }) {
  const items = useResource<ApiPage<ReportItem>>('/v1/reports/monthly/items', { query: { ...query, limit: 50 } });
  const last = items.data?.data.at(-1)?.id;
  return (
    <section class="panel" aria-labelledby="items-title">
      <h2 id="items-title">{t(`reports.figure.${query.figure}`)}</h2>
      <ProblemBox problem={items.problem} />
      <div class="table-wrap">
        <table class="table" aria-busy={items.loading}>
          <thead>
            <tr>
              <th scope="col">{t('reports.uuid')}</th>
              <th scope="col">{t('reports.date')}</th>
              <th scope="col">{t('reports.counterparty')}</th>
              <th scope="col" class="numeric">
                {t('reports.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {(items.data?.data ?? []).map((item) => (
              <tr key={item.id}>
                <td data-label={t('reports.uuid')}>
                  <a href={href(`/cfdis/${item.uuid}`)}>
                    <code>{item.uuid}</code>
                  </a>
                  {item.document_uuid && (
                    <>
                      {' → '}
                      <a href={href(`/cfdis/${item.document_uuid}`)}>
                        <code>{item.document_uuid}</code>
                      </a>
                    </>
                  )}
                </td>
                <td data-label={t('reports.date')}>{item.date.slice(0, 10)}</td>
                <td data-label={t('reports.counterparty')}>{item.counterparty_rfc ?? '—'}</td>
                <td data-label={t('reports.amount')} class="numeric">
                  {formatMoney(item.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {items.data && items.data.data.length === 0 && <p class="empty">{t('reports.noItems')}</p>}
      </div>
      {items.data?.has_more && last && (
        <nav class="pager" aria-label={t('list.pages')}>
          <span />
          <a class="button" href={href('/reports', { fiscal_profile_id: query.fiscal_profile_id, month, figure: query.figure, starting_after: last })}>
            {t('list.older')}
          </a>
        </nav>
      )}
    </section>
  );
}
