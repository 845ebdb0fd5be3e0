import type { Ctx } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { newId } from '../../platform/ids.ts';
import { openUploadedCsd, openUploadedFiel } from './credential-input.ts';
import type { ProfileInput } from './input.ts';
import type { FiscalProfileDeps, ManifestSignature } from './ports.ts';
import { DEFAULT_EMAIL_SETTINGS, insertProfile, type FiscalProfileView, type NewFiscalProfileRow } from './repository.ts';
import { checkTaxRegime, defaultLegalName, fielColumns, finishWrite, mexicoDate, signManifest } from './rules.ts';
import { createProfileDataKey, sealCredential } from './secrets.ts';

/**
 * Registers an issuer. The RFC comes from the CSD; with a FIEL and a manifiesto e-mail the carta
 * manifiesto is signed before anything is stored, so the profile is born `active` (docs/guides/fiscal-profiles.md).
 */
export async function createFiscalProfile(ctx: Ctx, deps: FiscalProfileDeps, input: ProfileInput): Promise<FiscalProfileView> {
  const now = ctx.services.clock.now();
  if (!input.csd || input.taxRegime === undefined || input.zip === undefined) {
    throw new ApiError('request.validation_failed', {
      en: 'csd, tax_regime and zip are required.',
      es: 'Faltan datos obligatorios: el CSD (csd), el régimen fiscal (tax_regime) y el código postal (zip).',
    });
  }
  const csd = await openUploadedCsd(input.csd, now);
  const rfc = csd.certificate.rfc;
  const fiel = input.fiel ? await openUploadedFiel(input.fiel, now, rfc) : undefined;
  if (input.manifestEmail !== undefined && !fiel) {
    throw new ApiError('fiscal_profile.fiel_required', {
      en: 'manifest_email signs the carta manifiesto, which needs the FIEL: send fiel_cer, fiel_key and fiel_password too.',
      es: 'Con manifest_email se firma la carta manifiesto, que requiere la e.firma (FIEL): envíe también fiel_cer, fiel_key y fiel_password.',
    });
  }
  checkTaxRegime(deps, rfc, input.taxRegime, mexicoDate(now));
  const legalName = input.legalName ?? defaultLegalName(csd.certificate);

  let signature: ManifestSignature | undefined;
  if (fiel && input.manifestEmail !== undefined) {
    signature = await signManifest(ctx, deps, { rfc, legalName, email: input.manifestEmail, fiel });
  }

  const owner = { id: newId('fp', now.getTime()), organization_id: ctx.organizationId };
  const key = createProfileDataKey(deps.keyring, owner);
  const sealedCsd = sealCredential(key.dataKey, owner, 'csd', input.csd);
  const sealedFiel = input.fiel ? sealCredential(key.dataKey, owner, 'fiel', input.fiel) : undefined;
  const row: NewFiscalProfileRow = {
    ...owner,
    mode: ctx.mode,
    rfc,
    legal_name: legalName,
    tax_regime: input.taxRegime,
    zip: input.zip,
    data_key: key.wrapped,
    master_key_id: key.masterKeyId,
    csd_certificate: csd.certificate.der,
    csd_serial: csd.certificate.serialNumber,
    csd_valid_from: csd.certificate.validFrom,
    csd_valid_to: csd.certificate.validTo,
    csd_private_key: sealedCsd.privateKey,
    csd_password: sealedCsd.password,
    csd_version: 1,
    ...(fiel && sealedFiel ? { ...fielColumns(fiel), fiel_private_key: sealedFiel.privateKey, fiel_password: sealedFiel.password } : {}),
    manifest_status: signature ? 'signed' : 'pending_signature',
    manifest_signed_at: signature?.signedAt ?? null,
    manifest_email: signature ? input.manifestEmail! : null,
    manifest_contract: signature?.contractXml ?? null,
    metadata: input.metadata ?? {},
    brand_color: input.brandColor ?? null,
    email_settings: { ...DEFAULT_EMAIL_SETTINGS, ...input.emailSettings },
    logo: input.logo?.content ?? null,
    logo_content_type: input.logo?.contentType ?? null,
    created_at: now,
    updated_at: now,
  };
  return ctx.db.transaction().execute(async (trx) => {
    await insertProfile(trx, row);
    return finishWrite(trx, ctx, deps, owner.id, 'fiscal_profile.created');
  });
}
