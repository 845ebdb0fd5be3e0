import type { FiscalProfileView } from './repository.ts';

/** The colour the PDF uses when a profile sets none. */
export const DEFAULT_BRAND_COLOR = '#1F3A5F';
/** A CSD this close to its end shows a `renew_csd` notice in pending_actions. */
const CSD_RENEWAL_NOTICE_MS = 30 * 24 * 3_600_000;

interface ProfileAction {
  type: 'sign_manifest' | 'renew_csd';
  message: string;
  endpoint: string;
  requires: string[];
}

type ProfileStatus = 'requires_action' | 'active';

interface ProfileState {
  status: ProfileStatus;
  next_actions: ProfileAction[];
  pending_actions: ProfileAction[];
}

function renewCsd(view: FiscalProfileView, message: string): ProfileAction {
  return { type: 'renew_csd', message, endpoint: `PATCH /v1/fiscal_profiles/${view.id}`, requires: ['csd_cer', 'csd_key', 'csd_password'] };
}

/**
 * docs/guides/fiscal-profiles.md, "Status and next actions": a profile stamps only once its carta manifiesto is signed, and only with a
 * CSD valid now. `next_actions` lists what blocks stamping (the profile is `active` when it is
 * empty); `pending_actions` adds advance notices that do not block yet.
 */
function profileState(view: FiscalProfileView, now: Date): ProfileState {
  const blocking: ProfileAction[] = [];
  const notices: ProfileAction[] = [];
  if (view.manifest_status !== 'signed') {
    blocking.push({
      type: 'sign_manifest',
      message: 'Sign the carta manifiesto with the FIEL (e.firma) of this RFC and a contact e-mail; the profile cannot stamp until it is signed.',
      endpoint: `POST /v1/fiscal_profiles/${view.id}/manifest`,
      requires: view.fiel_serial === null ? ['fiel', 'email'] : ['email'],
    });
  }
  const time = now.getTime();
  if (time < view.csd_valid_from.getTime()) {
    blocking.push(renewCsd(view, `The CSD ${view.csd_serial} is valid only from ${view.csd_valid_from.toISOString()}; upload a CSD valid today.`));
  } else if (time > view.csd_valid_to.getTime()) {
    blocking.push(renewCsd(view, `The CSD ${view.csd_serial} expired on ${view.csd_valid_to.toISOString()}; upload a new one from the SAT.`));
  } else if (view.csd_valid_to.getTime() - time <= CSD_RENEWAL_NOTICE_MS) {
    notices.push(renewCsd(view, `The CSD ${view.csd_serial} expires on ${view.csd_valid_to.toISOString()}; renew it at the SAT and upload it before then.`));
  }
  return { status: blocking.length === 0 ? 'active' : 'requires_action', next_actions: blocking, pending_actions: [...blocking, ...notices] };
}

/**
 * The fiscal_profile resource (docs/guides/fiscal-profiles.md), also embedded in every invoice. It is built from
 * the view columns only, so no key material can reach it.
 */
export function serializeFiscalProfile(view: FiscalProfileView, now: Date) {
  const state = profileState(view, now);
  return {
    object: 'fiscal_profile' as const,
    id: view.id,
    rfc: view.rfc,
    legal_name: view.legal_name,
    tax_regime: view.tax_regime,
    zip: view.zip,
    csd: {
      serial: view.csd_serial,
      valid_from: view.csd_valid_from.toISOString(),
      valid_to: view.csd_valid_to.toISOString(),
      rfc: view.rfc,
    },
    status: state.status,
    has_fiel: view.fiel_serial !== null,
    manifest_status: view.manifest_status,
    manifest_signed_at: view.manifest_signed_at?.toISOString() ?? null,
    next_actions: state.next_actions,
    pending_actions: state.pending_actions,
    metadata: view.metadata,
    brand_color: view.brand_color ?? DEFAULT_BRAND_COLOR,
    email_settings: { ...view.email_settings },
    has_logo: view.has_logo,
    livemode: view.mode === 'live',
    created_at: view.created_at.toISOString(),
    updated_at: view.updated_at.toISOString(),
  };
}

export type SerializedFiscalProfile = ReturnType<typeof serializeFiscalProfile>;

declare module '../events/index.ts' {
  interface EventObjects {
    'fiscal_profile.created': SerializedFiscalProfile;
    'fiscal_profile.updated': SerializedFiscalProfile;
  }
}
