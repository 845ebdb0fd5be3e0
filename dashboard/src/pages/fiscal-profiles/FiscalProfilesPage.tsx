import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { Page } from '../../kit/Page.tsx';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { ProfileStatus } from './ProfileStatus.tsx';
import type { FiscalProfile } from './types.ts';
import { useCan } from '../../core/session.ts';

export function FiscalProfilesPage() {
  const writes = useCan('write');
  return (
    <Page
      title={t('profiles.title')}
      actions={
        writes && (
          <a class="button primary" href={href('/fiscal-profiles/new')}>
            {t('profiles.create')}
          </a>
        )
      }
    >
      <ResourceList<FiscalProfile>
        path="/v1/fiscal_profiles"
        caption={t('profiles.title')}
        empty={t('profiles.empty')}
        rowHref={(profile) => href(`/fiscal-profiles/${profile.id}`)}
        columns={[
          { label: t('field.rfc'), render: (profile) => profile.rfc },
          { label: t('field.legalName'), render: (profile) => profile.legal_name },
          { label: t('field.status'), render: (profile) => <ProfileStatus profile={profile} /> },
          { label: t('profiles.csdValidTo'), render: (profile) => formatDate(profile.csd.valid_to) },
          { label: t('field.created'), render: (profile) => formatDate(profile.created_at) },
        ]}
      />
    </Page>
  );
}
