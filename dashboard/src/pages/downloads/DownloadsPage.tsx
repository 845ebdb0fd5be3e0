import type { Page as ApiPage } from '../../core/api.ts';
import { formatDate, formatDay } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { Page } from '../../kit/Page.tsx';
import { useResource } from '../../kit/resource.ts';
import { ResourceList } from '../../kit/ResourceList.tsx';
import type { FiscalProfile } from '../fiscal-profiles/types.ts';
import { DownloadStatus, describe } from './DownloadStatus.tsx';
import { DOWNLOAD_STATUSES, type Download } from './types.ts';
import { useCan } from '../../core/session.ts';

export function DownloadsPage() {
  const writes = useCan('write');
  const profiles = useResource<ApiPage<FiscalProfile>>('/v1/fiscal_profiles', { query: { limit: 100 } });
  const profileOptions = (profiles.data?.data ?? []).map((profile) => ({ value: profile.id, label: `${profile.rfc} · ${profile.legal_name}` }));
  return (
    <Page
      title={t('downloads.title')}
      subtitle={t('downloads.subtitle')}
      actions={
        writes && (
          <a class="button primary" href={href('/downloads/new')}>
            {t('downloads.create')}
          </a>
        )
      }
    >
      <ResourceList<Download>
        path="/v1/downloads"
        caption={t('downloads.title')}
        empty={t('downloads.empty')}
        rowHref={(download) => href(`/downloads/${download.id}`)}
        filters={[
          {
            name: 'status',
            label: t('field.status'),
            type: 'select',
            options: DOWNLOAD_STATUSES.map((status) => ({ value: status, label: t(`downloads.status.${status}`) })),
          },
          {
            name: 'side',
            label: t('cfdis.side'),
            type: 'select',
            options: (['issued', 'received'] as const).map((side) => ({ value: side, label: t(`cfdis.side.${side}`) })),
          },
          {
            name: 'type',
            label: t('downloads.type'),
            type: 'select',
            options: (['cfdi', 'metadata'] as const).map((type) => ({ value: type, label: t(`downloads.type.${type}`) })),
          },
          { name: 'fiscal_profile_id', label: t('downloads.profile'), type: 'select', options: profileOptions },
        ]}
        columns={[
          { label: t('downloads.what'), render: (download) => describe(download) },
          { label: t('downloads.range'), render: (download) => `${formatDay(download.date_from)} – ${formatDay(download.date_to)}` },
          { label: t('field.status'), render: (download) => <DownloadStatus status={download.status} /> },
          { label: t('downloads.cfdiCount'), render: (download) => (download.cfdi_count === null ? '—' : String(download.cfdi_count)), numeric: true },
          { label: t('field.created'), render: (download) => formatDate(download.created_at) },
        ]}
      />
    </Page>
  );
}
