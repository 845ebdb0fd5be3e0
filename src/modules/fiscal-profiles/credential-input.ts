/**
 * Opens uploaded SAT credentials and turns every CredentialError into the API's error codes. The
 * password never appears in an error: CredentialError messages name certificates only.
 */
import { CredentialError, openCsdAsync, openFielAsync, type SatCredential } from '../../cfdi/credentials.ts';
import { ApiError, type Bilingual } from '../../platform/errors/api-error.ts';

/** A certificate, its private key and the key's password, as uploaded. */
export interface UploadedCredential {
  certificate: Buffer;
  privateKey: Buffer;
  password: string;
}

/**
 * Opens a CSD at `now`. The certificate is judged first (kind, then dates), so a FIEL sent as a
 * CSD is reported as such even when its password is also wrong.
 */
export async function openUploadedCsd(upload: UploadedCredential, now: Date): Promise<SatCredential> {
  try {
    return await openCsdAsync(upload.certificate, upload.privateKey, upload.password, { now });
  } catch (error) {
    if (!(error instanceof CredentialError)) throw error;
    switch (error.code) {
      case 'credential.not_a_csd':
        throw new ApiError('fiscal_profile.csd_is_fiel', {
          en: `${error.message} Send the CSD in csd_cer and csd_key; a FIEL goes in fiel_cer and fiel_key.`,
          es: `${error.messageEs} Envíe el CSD en csd_cer y csd_key; la e.firma (FIEL) va en fiel_cer y fiel_key.`,
        });
      case 'credential.expired':
      case 'credential.not_yet_valid':
        throw new ApiError('fiscal_profile.csd_expired', { en: error.message, es: error.messageEs });
      case 'credential.key_too_costly':
        throw new ApiError(
          'fiscal_profile.invalid_csd',
          { en: `The CSD .key file cannot be accepted: ${error.message}`, es: `No se puede aceptar el archivo .key del CSD: ${error.messageEs}` },
          { errors: [{ path: 'csd_key', code: 'key_too_costly', message: error.message, messageEs: error.messageEs }] },
        );
      default:
        throw new ApiError('fiscal_profile.invalid_csd', csdDetail(error));
    }
  }
}

function csdDetail(error: CredentialError): Bilingual {
  switch (error.code) {
    case 'credential.wrong_password':
      return { en: 'The CSD password does not decrypt the .key file.', es: 'La contraseña del CSD no abre el archivo .key.' };
    case 'credential.password_required':
      return {
        en: 'The CSD .key file is encrypted; send its password in csd_password.',
        es: 'El archivo .key del CSD está cifrado; envíe su contraseña en csd_password.',
      };
    case 'credential.key_mismatch':
      return { en: `The .key file does not belong to the .cer: ${error.message}`, es: `El archivo .key no corresponde al .cer: ${error.messageEs}` };
    default:
      return { en: `The CSD could not be read: ${error.message}`, es: `No se pudo leer el CSD: ${error.messageEs}` };
  }
}

/**
 * Opens a FIEL (e.firma) at `now`; when `rfc` is given the FIEL must belong to it, since it signs
 * the carta manifiesto of that RFC.
 */
export async function openUploadedFiel(upload: UploadedCredential, now: Date, rfc: string | undefined): Promise<SatCredential> {
  let credential: SatCredential;
  try {
    credential = await openFielAsync(upload.certificate, upload.privateKey, upload.password, { now });
  } catch (error) {
    if (!(error instanceof CredentialError)) throw error;
    throw invalidFiel(error);
  }
  if (rfc !== undefined) assertFielOf(credential, rfc);
  return credential;
}

/**
 * Opens the FIEL sent to sign the carta manifiesto, with the manifiesto's own codes for what the
 * signing service would refuse: not a FIEL or not a certificate (`manifiesto.invalid_certificate`),
 * outside its validity (`manifiesto.certificate_not_valid`), a key that cannot sign for it
 * (`manifiesto.bad_sello`), another RFC's (`manifiesto.certificate_error`). A key or password
 * that does not open stays `fiscal_profile.invalid_fiel`.
 */
export async function openManifestFiel(upload: UploadedCredential, now: Date, rfc: string): Promise<SatCredential> {
  let credential: SatCredential;
  try {
    credential = await openFielAsync(upload.certificate, upload.privateKey, upload.password, { now });
  } catch (error) {
    if (!(error instanceof CredentialError)) throw error;
    switch (error.code) {
      case 'credential.not_a_fiel':
      case 'credential.not_a_certificate':
      case 'credential.not_sat_certificate':
        throw new ApiError('manifiesto.invalid_certificate', {
          en: `${error.message} The carta manifiesto is signed with the e.firma (FIEL).`,
          es: `${error.messageEs} La carta manifiesto se firma con la e.firma (FIEL).`,
        });
      case 'credential.expired':
      case 'credential.not_yet_valid':
        throw new ApiError('manifiesto.certificate_not_valid', {
          en: `${error.message} Renew the e.firma at the SAT.`,
          es: `${error.messageEs} Renueve la e.firma ante el SAT.`,
        });
      case 'credential.key_mismatch':
        throw new ApiError('manifiesto.bad_sello', {
          en: `The FIEL key cannot sign for its certificate: ${error.message}`,
          es: `La llave de la e.firma no puede firmar por su certificado: ${error.messageEs}`,
        });
      default:
        throw invalidFiel(error);
    }
  }
  if (credential.certificate.rfc !== rfc) {
    throw new ApiError('manifiesto.certificate_error', fielOfOtherRfc(credential.certificate.rfc, rfc));
  }
  return credential;
}

/** The FIEL signs the carta manifiesto of one RFC: the profile's. */
export function assertFielOf(credential: SatCredential, rfc: string): void {
  if (credential.certificate.rfc !== rfc) {
    throw new ApiError('fiscal_profile.invalid_fiel', fielOfOtherRfc(credential.certificate.rfc, rfc));
  }
}

function fielOfOtherRfc(fielRfc: string, rfc: string): Bilingual {
  return {
    en: `The FIEL belongs to RFC ${fielRfc}, not to this profile's RFC ${rfc}.`,
    es: `La e.firma (FIEL) es del RFC ${fielRfc}, no del RFC de este perfil, ${rfc}.`,
  };
}

function invalidFiel(error: CredentialError): ApiError {
  return new ApiError(
    'fiscal_profile.invalid_fiel',
    fielDetail(error),
    error.code === 'credential.key_too_costly'
      ? { errors: [{ path: 'fiel_key', code: 'key_too_costly', message: error.message, messageEs: error.messageEs }] }
      : {},
  );
}

function fielDetail(error: CredentialError): Bilingual {
  switch (error.code) {
    case 'credential.not_a_fiel':
      return {
        en: `${error.message} Send the e.firma (FIEL) in fiel_cer and fiel_key.`,
        es: `${error.messageEs} Envíe la e.firma (FIEL) en fiel_cer y fiel_key.`,
      };
    case 'credential.wrong_password':
      return { en: 'The FIEL password does not decrypt the .key file.', es: 'La contraseña de la e.firma no abre el archivo .key.' };
    case 'credential.password_required':
      return { en: 'The FIEL .key file is encrypted; send its password.', es: 'El archivo .key de la e.firma está cifrado; envíe su contraseña.' };
    case 'credential.expired':
    case 'credential.not_yet_valid':
      return { en: `${error.message} Renew the e.firma at the SAT.`, es: `${error.messageEs} Renueve la e.firma ante el SAT.` };
    case 'credential.key_too_costly':
      return { en: `The FIEL .key file cannot be accepted: ${error.message}`, es: `No se puede aceptar el archivo .key de la e.firma: ${error.messageEs}` };
    default:
      return { en: `The FIEL could not be read: ${error.message}`, es: `No se pudo leer la e.firma: ${error.messageEs}` };
  }
}
