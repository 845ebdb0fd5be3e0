import type { SatCredential } from '../../cfdi/credentials.ts';
import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { assertFielOf, openUploadedCsd, openUploadedFiel } from './credential-input.ts';
import type { ProfileInput } from './input.ts';
import type { FiscalProfileDeps } from './ports.ts';
import { findProfileRow, updateProfile, type FiscalProfileChanges, type FiscalProfileRow, type FiscalProfileView } from './repository.ts';
import { checkTaxRegime, fielColumns, finishWrite, mexicoDate, scopeOf } from './rules.ts';
import { openProfileDataKey, sealCredential } from './secrets.ts';
import { signingCredentials } from './signing-credential.ts';

/** Stripe-style metadata update: keys are merged, and a key set to "" is removed. */
function mergeMetadata(current: Record<string, string>, changes: Record<string, string>): Record<string, string> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > 50)
    throw new ApiError('fiscal_profile.invalid_metadata_json', {
      en: 'metadata would hold more than 50 keys.',
      es: 'metadata quedaría con más de 50 claves.',
    });
  return merged;
}

/** The credential columns of a rotation; the profile's data key is reused. */
interface OpenedUploads {
  csd?: SatCredential | undefined;
  fiel?: SatCredential | undefined;
}

/**
 * Opens the uploaded credentials before the row is locked: deriving a key takes milliseconds of
 * the thread pool, and the embedded database serves no one else while a transaction is open.
 */
async function openUploads(ctx: Ctx, input: ProfileInput): Promise<OpenedUploads> {
  const now = ctx.services.clock.now();
  return {
    csd: input.csd ? await openUploadedCsd(input.csd, now) : undefined,
    fiel: input.fiel ? await openUploadedFiel(input.fiel, now, undefined) : undefined,
  };
}

function credentialChanges(deps: FiscalProfileDeps, row: FiscalProfileRow, input: ProfileInput, { csd, fiel }: OpenedUploads): FiscalProfileChanges {
  if (!input.csd && !input.fiel) return {};
  const changes: FiscalProfileChanges = {};
  if (csd && csd.certificate.rfc !== row.rfc) {
    throw new ApiError('fiscal_profile.csd_rfc_mismatch', {
      en: `The new CSD belongs to RFC ${csd.certificate.rfc}; this profile's RFC is ${row.rfc}.`,
      es: `El nuevo CSD es del RFC ${csd.certificate.rfc}; el RFC de este perfil es ${row.rfc}.`,
    });
  }
  if (fiel) assertFielOf(fiel, row.rfc);
  const dataKey = openProfileDataKey(deps.keyring, row);
  if (csd && input.csd) {
    const sealed = sealCredential(dataKey, row, 'csd', input.csd);
    Object.assign(changes, {
      csd_certificate: csd.certificate.der,
      csd_serial: csd.certificate.serialNumber,
      csd_valid_from: csd.certificate.validFrom,
      csd_valid_to: csd.certificate.validTo,
      csd_private_key: sealed.privateKey,
      csd_password: sealed.password,
      csd_version: row.csd_version + 1,
    });
  }
  if (fiel && input.fiel) {
    const sealed = sealCredential(dataKey, row, 'fiel', input.fiel);
    Object.assign(changes, { ...fielColumns(fiel), fiel_private_key: sealed.privateKey, fiel_password: sealed.password });
  }
  return changes;
}

function plainChanges(ctx: Ctx, deps: FiscalProfileDeps, row: FiscalProfileRow, input: ProfileInput): FiscalProfileChanges {
  const changes: FiscalProfileChanges = {};
  if (input.taxRegime !== undefined) {
    checkTaxRegime(deps, row.rfc, input.taxRegime, mexicoDate(ctx.services.clock.now()));
    changes.tax_regime = input.taxRegime;
  }
  if (input.legalName !== undefined) changes.legal_name = input.legalName;
  if (input.zip !== undefined) changes.zip = input.zip;
  if (input.metadata !== undefined) changes.metadata = mergeMetadata(row.metadata, input.metadata);
  if (input.brandColor !== undefined) changes.brand_color = input.brandColor;
  if (input.emailSettings !== undefined) changes.email_settings = { ...row.email_settings, ...input.emailSettings };
  if (input.logo !== undefined) {
    changes.logo = input.logo?.content ?? null;
    changes.logo_content_type = input.logo?.contentType ?? null;
  }
  return changes;
}

/**
 * PATCH: a CSD rotation (same RFC only), a FIEL, and the descriptive fields. The row is locked
 * for the update so two rotations cannot interleave; a rotated CSD drops the cached signing key.
 */
export async function updateFiscalProfile(ctx: Ctx, deps: FiscalProfileDeps, id: string, input: ProfileInput): Promise<FiscalProfileView> {
  const uploads = await openUploads(ctx, input);
  const view = await ctx.db.transaction().execute(async (trx) => {
    const row = await findProfileRow(trx, scopeOf(ctx), id, { lock: true });
    if (!row) throw notFound('fiscal profile', id);
    const changes = { ...credentialChanges(deps, row, input, uploads), ...plainChanges(ctx, deps, row, input), updated_at: ctx.services.clock.now() };
    await updateProfile(trx, ctx.services.caches, scopeOf(ctx), id, changes);
    return finishWrite(trx, ctx, deps, id, 'fiscal_profile.updated');
  });
  if (input.csd) signingCredentials(ctx.services.caches).forget(id);
  return view;
}
