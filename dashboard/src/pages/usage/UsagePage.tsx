import { useEffect, useState } from 'preact/hooks';
import type { Problem } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { modeStore } from '../../core/mode.ts';
import { href } from '../../core/router.ts';
import { useStore } from '../../core/store.ts';
import { Page } from '../../kit/Page.tsx';
import { ProblemBox, asProblem } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { type Series, stampSeries } from './stamp-series.ts';
import { StampChart } from './StampChart.tsx';
import type { Balance, UsageRecord } from './types.ts';

const SPAN = 30;

function useStampSeries(): { series: Series | undefined; problem: Problem | undefined } {
  const [series, setSeries] = useState<Series | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    stampSeries(SPAN, controller.signal)
      .then((found) => !controller.signal.aborted && setSeries(found))
      .catch((error: unknown) => !controller.signal.aborted && setProblem(asProblem(error)));
    return () => controller.abort();
  }, []);
  return { series, problem };
}

export function UsagePage() {
  const mode = useStore(modeStore);
  const balance = useResource<Balance>('/v1/balance');
  const { series, problem } = useStampSeries();
  const credits = balance.data?.stamp_credits;
  return (
    <Page title={t('usage.title')} subtitle={t(mode === 'test' ? 'usage.subtitleTest' : 'usage.subtitleLive')}>
      <ProblemBox problem={balance.problem} />
      <dl class="figures" aria-busy={balance.loading}>
        <div class="figure">
          <dt>{t('usage.credits')}</dt>
          <dd data-testid="stamp-credits">{balance.data ? (credits === null ? t('usage.unmetered') : (credits ?? 0).toLocaleString('es-MX')) : '…'}</dd>
        </div>
        <div class="figure">
          <dt>{t('usage.stampsUsed')}</dt>
          <dd data-testid="stamps-used">{balance.data ? balance.data.stamps_used.toLocaleString('es-MX') : '…'}</dd>
        </div>
        {series && (
          <div class="figure">
            <dt>{t('usage.lastDays', { days: SPAN })}</dt>
            <dd>{series.days.reduce((sum, entry) => sum + entry.count, 0).toLocaleString('es-MX')}</dd>
          </div>
        )}
      </dl>
      <section class="panel" aria-labelledby="chart-title">
        <h2 id="chart-title">{t('usage.chartTitle')}</h2>
        <ProblemBox problem={problem} />
        {!series && !problem && <p class="loading">{t('list.loading')}</p>}
        {series && <StampChart days={series.days} />}
        {series?.truncated && <p class="notice warn">{t('usage.truncated')}</p>}
      </section>
      <h2>{t('usage.records')}</h2>
      <ResourceList<UsageRecord>
        path="/v1/usage"
        caption={t('usage.records')}
        empty={t('usage.empty')}
        filters={[
          {
            name: 'kind',
            label: t('usage.kind'),
            type: 'select',
            options: ['stamp', 'validation'].map((kind) => ({ value: kind, label: t(`usage.kind.${kind as 'stamp' | 'validation'}`) })),
          },
          { name: 'created[gte]', label: t('common.createdFrom'), type: 'date' },
          { name: 'created[lte]', label: t('common.createdTo'), type: 'date' },
        ]}
        columns={[
          {
            label: t('usage.kind'),
            render: (record) => (record.kind === 'stamp' || record.kind === 'validation' ? t(`usage.kind.${record.kind}`) : record.kind),
          },
          { label: t('usage.quantity'), render: (record) => String(record.quantity), numeric: true },
          { label: t('usage.resource'), render: (record) => <ResourceLink id={record.resource_id} /> },
          { label: t('field.created'), render: (record) => formatDate(record.created_at) },
        ]}
      />
    </Page>
  );
}

/** Invoices and validations have pages; other ids are shown as they are. */
function ResourceLink({ id }: { id: string }) {
  const base = id.startsWith('inv_') ? '/invoices/' : id.startsWith('val_') ? '/validations/' : undefined;
  return base ? (
    <a href={href(`${base}${id}`)}>
      <code>{id}</code>
    </a>
  ) : (
    <code>{id}</code>
  );
}
