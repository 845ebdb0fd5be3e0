import { useEffect, useState } from 'preact/hooks';
import { apiPath } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { useAction } from '../../kit/action.ts';
import { Badge, Page } from '../../kit/Page.tsx';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { saveFile } from '../../kit/save.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { EXPORT_STATUSES, type Export, type ExportSource } from './types.ts';

const TONES = { pending: 'warn', running: 'warn', completed: 'ok', failed: 'bad', expired: 'neutral' } as const;
/** The list is read again this often, so progress moves without a reload. */
const REFRESH_MS = 3000;

function describeFilters(item: Export): string {
  const entries = Object.entries(item.filters);
  return entries.length === 0
    ? t(item.source === 'invoices' ? 'exports.allInvoices' : 'exports.allCfdis')
    : entries.map(([name, value]) => `${name}=${String(value)}`).join(' · ');
}

function Progress({ item }: { item: Export }) {
  const { rows_written: written, rows_total: total, percent } = item.progress;
  return (
    <span>
      {percent}%
      <span class="hint block">
        {total === null
          ? '—'
          : t(item.source === 'invoices' ? 'exports.progressInvoiceRows' : 'exports.progressRows', { written: String(written), total: String(total) })}
      </span>
    </span>
  );
}

function DownloadButton({ item }: { item: Export }) {
  const action = useAction();
  if (item.status !== 'completed' || !item.file) return <span>{item.error ? item.error.detail : '—'}</span>;
  const file = item.file;
  return (
    <span>
      <button type="button" class="button" disabled={action.busy} onClick={() => action.run(() => saveFile(apiPath`/v1/exports/${item.id}/file`, file.name))}>
        {t('exports.download')}
      </button>
      <ProblemBox problem={action.problem} />
    </span>
  );
}

/** Exports every CFDI or every invoice (the lists' own buttons export what their filters select). */
function NewExport() {
  const [source, setSource] = useState<ExportSource>('cfdis');
  return (
    <span class="export-buttons">
      <label>
        {t('exports.source')}{' '}
        <select value={source} onChange={(event) => setSource((event.currentTarget as HTMLSelectElement).value as ExportSource)}>
          <option value="cfdis">{t('exports.source.cfdis')}</option>
          <option value="invoices">{t('exports.source.invoices')}</option>
        </select>
      </label>
      <ExportButtons source={source} withFilters={false} />
    </span>
  );
}

export function ExportsPage() {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setVersion((value) => value + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Page title={t('exports.title')} subtitle={t('exports.subtitle')} actions={<NewExport />}>
      <ResourceList<Export>
        path="/v1/exports"
        caption={t('exports.title')}
        empty={t('exports.empty')}
        version={version}
        filters={[
          {
            name: 'status',
            label: t('field.status'),
            type: 'select',
            options: EXPORT_STATUSES.map((status) => ({ value: status, label: t(`exports.status.${status}`) })),
          },
        ]}
        columns={[
          { label: t('exports.source'), render: (item) => t(`exports.source.${item.source}`) },
          { label: t('exports.format'), render: (item) => item.format.toUpperCase() },
          { label: t('exports.filters'), render: (item) => describeFilters(item) },
          {
            label: t('field.status'),
            render: (item) => (
              <Badge tone={TONES[item.status]}>
                <span data-status={item.status}>{t(`exports.status.${item.status}`)}</span>
              </Badge>
            ),
          },
          { label: t('exports.progress'), render: (item) => <Progress item={item} />, numeric: true },
          { label: t('field.created'), render: (item) => formatDate(item.created_at) },
          { label: t('exports.expires'), render: (item) => (item.expires_at ? formatDate(item.expires_at) : '—') },
          { label: t('exports.download'), render: (item) => <DownloadButton item={item} /> },
        ]}
      />
    </Page>
  );
}
