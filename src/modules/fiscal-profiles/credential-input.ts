/**
 * Opens uploaded SAT credentials and turns every CredentialError into the API's error codes. The
 * password never appears in an error: CredentialError messages name certificates only.
 */
import { CredentialError, openCsdAsync, openFielAsync, type SatCredential } from '../../cfdi/credentials.ts';
import { ApiError } from '../../platform/errors/api-error.ts';

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
        throw new ApiError('fiscal_profile.csd_is_fiel', `${error.message} Send the CSD in csd_cer and csd_key; a FIEL goes in fiel_cer and fiel_key.`);
      case 'credential.expired':
      case 'credential.not_yet_valid':
        throw new ApiError('fiscal_profile.csd_expired', error.message);
      case 'credential.key_too_costly':
        throw new ApiError('fiscal_profile.invalid_csd', `The CSD .key file cannot be accepted: ${error.message}`, {
          errors: [{ path: 'csd_key', code: 'key_too_costly', message: error.message }],
        });
      default:
        throw new ApiError('fiscal_profile.invalid_csd', csdDetail(error));
    }
  }
}

function csdDetail(error: CredentialError): string {
  switch (error.code) {
    case 'credential.wrong_password':
      return 'The CSD password does not decrypt the .key file.';
    case 'credential.password_required':
      return 'The CSD .key file is encrypted; send its password in csd_password.';
    case 'credential.key_mismatch':
      return `The .key file does not belong to the .cer: ${error.message}`;
    default:
      return `The CSD could not be read: ${error.message}`;
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
        throw new ApiError('manifiesto.invalid_certificate', `${error.message} The carta manifiesto is signed with the e.firma (FIEL).`);
      case 'credential.expired':
      case 'credential.not_yet_valid':
        throw new ApiError('manifiesto.certificate_not_valid', `${error.message} Renew the e.firma at the SAT.`);
      case 'credential.key_mismatch':
        throw new ApiError('manifiesto.bad_sello', `The FIEL key cannot sign for its certificate: ${error.message}`);
      default:
        throw invalidFiel(error);
    }
  }
  if (credential.certificate.rfc !== rfc) {
    throw new ApiError('manifiesto.certificate_error', `The FIEL belongs to RFC ${credential.certificate.rfc}, not to this profile's RFC ${rfc}.`);
  }
  return credential;
}

/** The FIEL signs the carta manifiesto of one RFC: the profile's. */
export function assertFielOf(credential: SatCredential, rfc: string): void {
  if (credential.certificate.rfc !== rfc) {
    throw new ApiError('fiscal_profile.invalid_fiel', `The FIEL belongs to RFC ${credential.certificate.rfc}, not to this profile's RFC ${rfc}.`);
  }
}

function invalidFiel(error: CredentialError): ApiError {
  return new ApiError(
    'fiscal_profile.invalid_fiel',
    fielDetail(error),
    error.code === 'credential.key_too_costly' ? { errors: [{ path: 'fiel_key', code: 'key_too_costly', message: error.message }] } : {},
  );
}

function fielDetail(error: CredentialError): string {
  switch (error.code) {
    case 'credential.not_a_fiel':
      return `${error.message} Send the e.firma (FIEL) in fiel_cer and fiel_key.`;
    case 'credential.wrong_password':
      return 'The FIEL password does not decrypt the .key file.';
    case 'credential.password_required':
      return 'The FIEL .key file is encrypted; send its password.';
    case 'credential.expired':
    case 'credential.not_yet_valid':
      return `${error.message} Renew the e.firma at the SAT.`;
    case 'credential.key_too_costly':
      return `The FIEL .key file cannot be accepted: ${error.message}`;
    default:
      return `The FIEL could not be read: ${error.message}`;
  }
}
