/** Checks and helpers shared by the create, update and manifest verbs. */
import type { SatCertificate, SatCredential } from '../../cfdi/credentials.ts';
import { localDate, MEXICO_CITY_TIME_ZONE } from '../../cfdi/local-time.ts';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ApiError, notFound } from '../../platform/errors/api-error.ts';
import { personTypeOfRfc } from '../catalogs/index.ts';
import { ManifestSignerError, type FiscalProfileDeps, type ManifestSignature } from './ports.ts';
import { findProfileView, type FiscalProfileView, type ProfileScope } from './repository.ts';
import { serializeFiscalProfile } from './serialize.ts';

export function scopeOf(ctx: Ctx): ProfileScope {
  return { organizationId: ctx.organizationId, mode: ctx.mode };
}

/**
 * c_RegimenFiscal: the code must exist, be in force, and apply to the RFC's persona (12
 * characters: moral, 13: física). Without a catalog only the 3-digit format (schema) is checked.
 */
export function checkTaxRegime(deps: FiscalProfileDeps, rfc: string, code: string, today: string): void {
  const catalog = deps.taxRegimes;
  if (!catalog) return;
  const result = catalog.check('regimen_fiscal', code, today);
  if (result.status === 'not_found' || result.status === 'malformed' || result.status === 'not_in_force') {
    const es = `Régimen fiscal: ${code} ${result.status === 'not_in_force' ? 'no está vigente en el catálogo c_RegimenFiscal' : 'no existe en el catálogo c_RegimenFiscal'}.`;
    throw new ApiError(
      'fiscal_profile.invalid_tax_regime',
      { en: `tax_regime ${code}: ${result.message}`, es },
      {
        errors: [{ path: 'tax_regime', code: result.status, message: result.message, messageEs: es }],
      },
    );
  }
  const persona = personTypeOfRfc(rfc);
  if (result.status === 'found' && persona && !catalog.regimenAllowedForPersona(code, persona)) {
    const who = persona === 'legal' ? 'a persona moral' : 'a persona física';
    const whoEs = persona === 'legal' ? 'una persona moral' : 'una persona física';
    const es = `Régimen fiscal: ${code} (${result.entry.description}) no aplica a ${whoEs} como ${rfc}.`;
    throw new ApiError(
      'fiscal_profile.invalid_tax_regime',
      { en: `tax_regime ${code} (${result.entry.description}) does not apply to ${who} such as ${rfc}.`, es },
      {
        errors: [{ path: 'tax_regime', code: 'persona_mismatch', message: `does not apply to ${who}.`, messageEs: es }],
      },
    );
  }
}

// Régimen de capital abbreviations (S.A. de C.V., S. de R.L., S.C., A.C., S.A.P.I. de C.V., S.A.S.).
const CAPITAL_REGIME =
  /[\s,]+(S\.?\s?A\.?\s?P\.?\s?I\.?\s+DE\s+C\.?\s?V\.?|S\.?\s?A\.?\s+DE\s+C\.?\s?V\.?|S\.?\s+DE\s+R\.?\s?L\.?(\s+DE\s+C\.?\s?V\.?)?|S\.?\s?A\.?\s?S\.?|S\.?\s?C\.?|A\.?\s?C\.?|S\.?\s?A\.?)\s*$/i;

/**
 * The default legal name: the certificate's. CFDI 4.0 (Anexo 20, guía de llenado: Nombre del
 * emisor) wants a persona moral's name without its régimen de capital, which SAT certificates
 * include ("ESCUELA KEMPER URGATE SA DE CV" is registered as "ESCUELA KEMPER URGATE").
 */
export function defaultLegalName(certificate: SatCertificate): string {
  let name = certificate.legalName.trim();
  if (certificate.persona !== 'moral') return name;
  for (let round = 0; round < 2 && CAPITAL_REGIME.test(name); round++) name = name.replace(CAPITAL_REGIME, '').trim();
  return name || certificate.legalName.trim();
}

/** Asks the signer for the carta manifiesto; its failures become the catalog's manifiesto.* problems. */
export async function signManifest(
  ctx: Ctx,
  deps: FiscalProfileDeps,
  request: { rfc: string; legalName: string; email: string; fiel: SatCredential },
): Promise<ManifestSignature> {
  try {
    return await deps.manifestSigner.signManifest({
      rfc: request.rfc,
      legalName: request.legalName,
      email: request.email,
      fiel: { certificateDer: request.fiel.certificate.der, privateKey: request.fiel.privateKey },
      mode: ctx.mode,
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof ManifestSignerError) {
      // The RFC's manifiesto is already on file with the signing service: the profile is authorized.
      if (error.code === 'manifiesto.already_signed') return { signedAt: ctx.services.clock.now() };
      throw new ApiError(error.code, error.message, { cause: error });
    }
    throw new ApiError(
      'manifiesto.provider_error',
      {
        en: 'The carta manifiesto could not be signed; retry with exponential backoff.',
        es: 'No se pudo firmar la carta manifiesto; vuelva a intentarlo dejando cada vez más tiempo entre intentos.',
      },
      { cause: error },
    );
  }
}

/** The public columns of a FIEL (its key and password are sealed separately). */
export function fielColumns(fiel: SatCredential) {
  return {
    fiel_certificate: fiel.certificate.der,
    fiel_serial: fiel.certificate.serialNumber,
    fiel_valid_from: fiel.certificate.validFrom,
    fiel_valid_to: fiel.certificate.validTo,
  };
}

/** Reads the profile back inside the transaction, records the event, and returns the view. */
export async function finishWrite(
  trx: Db,
  ctx: Ctx,
  deps: FiscalProfileDeps,
  id: string,
  type: 'fiscal_profile.created' | 'fiscal_profile.updated',
): Promise<FiscalProfileView> {
  const view = await findProfileView(trx, scopeOf(ctx), id);
  if (!view) throw notFound('fiscal profile', id);
  if (deps.recordEvent) {
    await deps.recordEvent(trx, { type, organizationId: ctx.organizationId, mode: ctx.mode, object: serializeFiscalProfile(view, ctx.services.clock.now()) });
  }
  return view;
}

/** `YYYY-MM-DD` of an instant in Mexico City, for catalog validity. */
export function mexicoDate(at: Date): string {
  return localDate(at, MEXICO_CITY_TIME_ZONE);
}
