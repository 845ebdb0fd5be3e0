import { openCredentialAsync, type SatCredential } from '../../cfdi/credentials.ts';
import type { Ctx } from '../../platform/context.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { openManifestFiel, type UploadedCredential } from './credential-input.ts';
import type { FiscalProfileDeps } from './ports.ts';
import { findProfileRow, updateProfile, type FiscalProfileChanges, type FiscalProfileRow, type FiscalProfileView } from './repository.ts';
import { fielColumns, finishWrite, scopeOf, signManifest } from './rules.ts';
import { openCredential, openProfileDataKey, sealCredential } from './secrets.ts';

export interface ManifestInput {
  fiel?: UploadedCredential;
  email?: string;
}

/** The FIEL stored on the profile, decrypted for one signature. */
async function storedFiel(deps: FiscalProfileDeps, row: FiscalProfileRow): Promise<SatCredential | undefined> {
  if (!row.fiel_certificate || !row.fiel_private_key || !row.fiel_password) return undefined;
  const dataKey = openProfileDataKey(deps.keyring, row);
  const secrets = openCredential(dataKey, row, 'fiel', { privateKey: row.fiel_private_key, password: row.fiel_password });
  return openCredentialAsync(Buffer.from(row.fiel_certificate), secrets.privateKey, secrets.password);
}

/**
 * POST /v1/fiscal_profiles/{id}/manifest: signs the carta manifiesto with the FIEL sent (kept on
 * the profile afterwards) or, when none is sent, the one already stored. The signing service is
 * called before anything changes, so a failed signature leaves the profile as it was.
 */
export async function signFiscalProfileManifest(ctx: Ctx, deps: FiscalProfileDeps, id: string, input: ManifestInput): Promise<FiscalProfileView> {
  const row = await findProfileRow(ctx.db, scopeOf(ctx), id);
  if (!row) throw notFound('fiscal profile', id);
  if (input.email === undefined)
    throw new ApiError('manifest.email_required', {
      en: 'Send `email`, the contact address recorded in the carta manifiesto.',
      es: 'Envíe `email`, el correo de contacto que queda registrado en la carta manifiesto.',
    });
  if (row.manifest_status === 'signed') {
    throw new ApiError('manifiesto.already_signed', {
      en: `The carta manifiesto of ${row.rfc} was signed on ${row.manifest_signed_at?.toISOString() ?? 'an earlier date'}.`,
      es: `La carta manifiesto de ${row.rfc} ya se firmó${row.manifest_signed_at ? ` el ${row.manifest_signed_at.toISOString()}` : ''}.`,
    });
  }
  const now = ctx.services.clock.now();
  const fiel = input.fiel ? await openManifestFiel(input.fiel, now, row.rfc) : await storedFiel(deps, row);
  if (!fiel) {
    throw new ApiError('fiscal_profile.fiel_required', {
      en: 'This profile has no FIEL: send `fiel` ({cer_base64, key_base64, password}) with the request.',
      es: 'Este perfil no tiene e.firma (FIEL): envíe `fiel` ({cer_base64, key_base64, password}) en la solicitud.',
    });
  }
  const signature = await signManifest(ctx, deps, { rfc: row.rfc, legalName: row.legal_name, email: input.email, fiel });
  const changes: FiscalProfileChanges = {
    manifest_status: 'signed',
    manifest_signed_at: signature.signedAt,
    manifest_email: input.email,
    manifest_contract: signature.contractXml ?? null,
    updated_at: now,
  };
  if (input.fiel) {
    const sealed = sealCredential(openProfileDataKey(deps.keyring, row), row, 'fiel', input.fiel);
    Object.assign(changes, { ...fielColumns(fiel), fiel_private_key: sealed.privateKey, fiel_password: sealed.password });
  }
  return ctx.db.transaction().execute(async (trx) => {
    // Another request may have signed (or deleted the profile) while the signer ran.
    const current = await findProfileRow(trx, scopeOf(ctx), id, { lock: true });
    if (!current) throw notFound('fiscal profile', id);
    if (current.manifest_status !== 'signed') await updateProfile(trx, ctx.services.caches, scopeOf(ctx), id, changes);
    return finishWrite(trx, ctx, deps, id, 'fiscal_profile.updated');
  });
}
