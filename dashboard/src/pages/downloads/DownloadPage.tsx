import { useEffect } from 'preact/hooks';
import { formatDate, formatDay } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { ResourceDetail } from '../../kit/ResourceDetail.tsx';
import { type Resource, useResource } from '../../kit/resource.ts';
import type { FiscalProfile } from '../fiscal-profiles/types.ts';
import { DownloadStatus, describe } from './DownloadStatus.tsx';
import { Packages } from './Packages.tsx';
import type { Download } from './types.ts';
import { apiPath } from '../../core/api.ts';
import { Timeline } from '../events/Timeline.tsx';

const POLL_MS = 3000;

/** A profile shown by its RFC and name; its id until they arrive (or if it cannot be read). */
function ProfileName({ id }: { id: string }) {
  const profile = useResource<FiscalProfile>(apiPath`/v1/fiscal_profiles/${id}`);
  return profile.data ? <>{`${profile.data.rfc} · ${profile.data.legal_name}`}</> : <code>{id}</code>;
}

/** While the SAT works, the page asks again every few seconds, so the status moves by itself. */
function Poll({ download, resource }: { download: Download; resource: Resource<Download> }) {
  const pending = download.status === 'requested' || download.status === 'processing';
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(resource.reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, download.updated_at, resource.loading]);
  return pending ? (
    <p class="notice warn" role="status">
      {t('downloads.working')}
    </p>
  ) : null;
}

export function DownloadPage({ params }: { params: Record<string, string> }) {
  return (
    <ResourceDetail<Download>
      path={apiPath`/v1/downloads/${params.id}`}
      title={(download) => (download ? describe(download) : t('downloads.one'))}
      subtitle={(download) => <DownloadStatus status={download.status} />}
      fields={[
        { label: t('downloads.range'), render: (download) => `${formatDay(download.date_from)} – ${formatDay(download.date_to)}` },
        {
          label: t('downloads.profile'),
          render: (download) => (
            <a href={href(`/fiscal-profiles/${download.fiscal_profile_id}`)}>
              <ProfileName id={download.fiscal_profile_id} />
            </a>
          ),
        },
        {
          label: t('downloads.documentStatus'),
          render: (download) => (download.document_status ? t(`cfdis.status.${download.document_status}`) : t('list.any')),
        },
        { label: t('downloads.counterparty'), render: (download) => download.counterparty_rfc ?? '—' },
        { label: t('cfdis.type'), render: (download) => (download.voucher_type ? t(`cfdis.tipo.${download.voucher_type as 'I'}`) : t('list.any')) },
        {
          label: t('downloads.cfdiCount'),
          render: (download) => (download.cfdi_count === null ? '—' : <strong data-testid="cfdi-count">{download.cfdi_count}</strong>),
        },
        { label: t('downloads.satRequest'), render: (download) => (download.sat_request_id ? <code>{download.sat_request_id}</code> : '—') },
        { label: t('field.created'), render: (download) => formatDate(download.created_at) },
        { label: t('downloads.updated'), render: (download) => formatDate(download.updated_at) },
        { label: t('field.id'), render: (download) => <code>{download.id}</code> },
      ]}
    >
      {(download, resource) => (
        <>
          <Poll download={download} resource={resource} />
          {download.error && (
            <div class="problem" data-code={download.error.code}>
              <p class="problem-title">{download.error.title}</p>
              <p>{download.error.detail}</p>
              <p>
                <code>{download.error.code}</code>
                {download.error.sat_code && ` · SAT ${download.error.sat_code}`}
              </p>
              <p class="problem-remediation">
                <strong>{t('problem.whatToDo')}</strong> {download.error.remediation}
              </p>
            </div>
          )}
          {download.metadata.warnings.length > 0 && (
            <ul class="notice warn plain-list" aria-label={t('downloads.warnings')}>
              {download.metadata.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          {download.status === 'ready' && (
            <p>
              <a class="button" href={href('/cfdis', { download_id: download.id })}>
                {t('downloads.seeCfdis', { count: download.cfdi_count ?? 0 })}
              </a>
            </p>
          )}
          <Packages download={download} />
          <Timeline objectId={download.id} />
        </>
      )}
    </ResourceDetail>
  );
}
