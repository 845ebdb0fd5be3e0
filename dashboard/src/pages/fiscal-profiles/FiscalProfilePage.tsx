import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { ResourceDetail } from '../../kit/ResourceDetail.tsx';
import { SyncPanel } from '../sync/SyncPanel.tsx';
import { Branding } from './Branding.tsx';
import { EmailSettings } from './EmailSettings.tsx';
import { FielForm, ManifestForm } from './CredentialForms.tsx';
import { Checklist, ProfileStatus } from './ProfileStatus.tsx';
import type { FiscalProfile } from './types.ts';
import { apiPath } from '../../core/api.ts';
import { Timeline } from '../events/Timeline.tsx';
import { useCan } from '../../core/session.ts';

export function FiscalProfilePage({ params }: { params: Record<string, string> }) {
  const writes = useCan('write');
  return (
    <ResourceDetail<FiscalProfile>
      path={apiPath`/v1/fiscal_profiles/${params.id}`}
      title={(profile) => (profile ? `${profile.rfc} · ${profile.legal_name}` : t('profiles.one'))}
      subtitle={(profile) => <ProfileStatus profile={profile} />}
      fields={[
        { label: t('field.rfc'), render: (profile) => profile.rfc },
        { label: t('field.legalName'), render: (profile) => profile.legal_name },
        { label: t('field.taxRegime'), render: (profile) => profile.tax_regime },
        { label: t('profiles.zip'), render: (profile) => profile.zip },
        { label: t('profiles.csdSerial'), render: (profile) => <code>{profile.csd.serial}</code> },
        { label: t('profiles.csdValidity'), render: (profile) => `${formatDate(profile.csd.valid_from)} – ${formatDate(profile.csd.valid_to)}` },
        {
          label: t('profiles.manifest'),
          render: (profile) =>
            profile.manifest_signed_at ? t('profiles.signedAt', { at: formatDate(profile.manifest_signed_at) }) : t('profiles.manifestPending'),
        },
        { label: t('field.id'), render: (profile) => <code>{profile.id}</code> },
      ]}
    >
      {(profile, resource) => (
        <>
          <Checklist profile={profile} />
          {writes && profile.manifest_status !== 'signed' && <ManifestForm profile={profile} onDone={resource.replace} />}
          {writes && <FielForm profile={profile} onDone={resource.replace} />}
          <SyncPanel profile={profile} />
          <p class="action-bar">
            {writes && (
              <a class="button" href={href('/downloads/new', { fiscal_profile_id: profile.id })}>
                {t('downloads.create')}
              </a>
            )}
            <a class="button" href={href('/cfdis', { fiscal_profile_id: profile.id })}>
              {t('cfdis.ofProfile')}
            </a>
          </p>
          {writes && <Branding profile={profile} onDone={resource.replace} />}
          {writes && <EmailSettings profile={profile} onDone={resource.replace} />}
          <Timeline objectId={profile.id} />
        </>
      )}
    </ResourceDetail>
  );
}
