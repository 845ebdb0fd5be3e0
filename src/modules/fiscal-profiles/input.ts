/**
 * One shape for what a create or update request carries, whether it came as JSON with base64
 * files or as multipart/form-data: bytes are Buffers, sizes are checked, metadata is parsed.
 */
import { fieldLabel } from '../../platform/errors/field-words.ts';
import { ApiError, type FieldError } from '../../platform/errors/api-error.ts';
import type { UploadedCredential } from './credential-input.ts';
import type { ProfileEmailSettings } from './repository.ts';
import { CREDENTIAL_FILE_BYTES, LOGO_BYTES } from './schemas.ts';

interface LogoUpload {
  content: Buffer;
  contentType: 'image/png' | 'image/jpeg';
}

export interface ProfileInput {
  csd?: UploadedCredential;
  fiel?: UploadedCredential;
  manifestEmail?: string;
  legalName?: string;
  taxRegime?: string;
  zip?: string;
  metadata?: Record<string, string>;
  /** null restores the default colour (update only). */
  brandColor?: string | null;
  /** null removes the logo (update only). */
  logo?: LogoUpload | null;
  /** The settings given; the others keep their saved (or default) values. */
  emailSettings?: Partial<ProfileEmailSettings>;
}

interface CredentialJson {
  cer_base64: string;
  key_base64: string;
  password: string;
}

export interface ProfileJson {
  csd?: CredentialJson;
  fiel?: CredentialJson;
  manifest_email?: string;
  legal_name?: string;
  tax_regime?: string;
  zip?: string;
  metadata?: Record<string, string>;
  brand_color?: string | null;
  logo_base64?: string | null;
  email_settings?: Partial<ProfileEmailSettings>;
}

/** A multipart body after src/modules/fiscal-profiles/uploads.ts: text as strings, files as Buffers. */
export type ProfileMultipart = Record<string, string | Buffer | undefined>;

function tooLarge(field: string, size: number, limit: number): ApiError {
  const es = `${fieldLabel(field, 'es')}: mide ${size} bytes y se aceptan a lo más ${limit}.`;
  return new ApiError(
    'fiscal_profile.upload_too_large',
    { en: `${field} is ${size} bytes; at most ${limit} bytes are accepted.`, es },
    {
      errors: [{ path: field, code: 'too_large', message: `at most ${limit} bytes.`, messageEs: es }],
    },
  );
}

function decodeFile(field: string, base64: string, limit: number): Buffer {
  const bytes = Buffer.from(base64.replace(/[\r\n]/g, ''), 'base64');
  if (bytes.length > limit) throw tooLarge(field, bytes.length, limit);
  return bytes;
}

function credentialFromJson(prefix: 'csd' | 'fiel', value: CredentialJson | undefined): UploadedCredential | undefined {
  if (!value) return undefined;
  return {
    certificate: decodeFile(`${prefix}.cer_base64`, value.cer_base64, CREDENTIAL_FILE_BYTES),
    privateKey: decodeFile(`${prefix}.key_base64`, value.key_base64, CREDENTIAL_FILE_BYTES),
    password: value.password,
  };
}

/** PNG and JPEG are recognised by their signatures, never by the declared type or file name. */
function readLogo(field: string, bytes: Buffer): LogoUpload {
  if (bytes.length > LOGO_BYTES) throw tooLarge(field, bytes.length, LOGO_BYTES);
  // PNG: 89 50 4E 47 0D 0A 1A 0A (ISO/IEC 15948 §5.2); JPEG: FF D8 FF (start of image, then a marker).
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { content: bytes, contentType: 'image/png' };
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { content: bytes, contentType: 'image/jpeg' };
  throw new ApiError('fiscal_profile.invalid_logo', {
    en: `${field} is not a PNG or JPEG image.`,
    es: `${fieldLabel(field, 'es')}: no es una imagen PNG o JPEG.`,
  });
}

export function inputFromJson(body: ProfileJson): ProfileInput {
  const input: ProfileInput = {};
  const csd = credentialFromJson('csd', body.csd);
  const fiel = credentialFromJson('fiel', body.fiel);
  if (csd) input.csd = csd;
  if (fiel) input.fiel = fiel;
  if (body.manifest_email !== undefined) input.manifestEmail = body.manifest_email;
  if (body.legal_name !== undefined) input.legalName = body.legal_name;
  if (body.tax_regime !== undefined) input.taxRegime = body.tax_regime;
  if (body.zip !== undefined) input.zip = body.zip;
  if (body.metadata !== undefined) input.metadata = body.metadata;
  if (body.brand_color !== undefined) input.brandColor = body.brand_color;
  if (body.email_settings !== undefined) input.emailSettings = body.email_settings;
  if (body.logo_base64 !== undefined) {
    input.logo = body.logo_base64 === null ? null : readLogo('logo_base64', decodeFile('logo_base64', body.logo_base64, LOGO_BYTES));
  }
  return input;
}

/** The three parts of a credential travel together; a partial set names what is missing. */
function credentialFromParts(prefix: 'csd' | 'fiel', body: ProfileMultipart): UploadedCredential | undefined {
  const names = [`${prefix}_cer`, `${prefix}_key`, `${prefix}_password`];
  const present = names.filter((name) => body[name] !== undefined);
  if (present.length === 0) return undefined;
  if (present.length < names.length) {
    const errors: FieldError[] = names
      .filter((name) => body[name] === undefined)
      .map((name) => ({
        path: name,
        code: 'required',
        message: `${name} is required together with ${present.join(', ')}.`,
        messageEs: `${fieldLabel(name, 'es')}: falta; se envía junto con ${present.map((other) => fieldLabel(other, 'es')).join(', ')}.`,
      }));
    const detail = {
      en: `Send ${names.join(', ')} together.`,
      es: `Envíe juntos ${names.map((name) => fieldLabel(name, 'es')).join(', ')}.`,
    };
    throw new ApiError('request.validation_failed', detail, { errors });
  }
  return { certificate: body[names[0]!] as Buffer, privateKey: body[names[1]!] as Buffer, password: body[names[2]!] as string };
}

/** docs/guides/fiscal-profiles.md: multipart `metadata` is JSON text of string keys and string values. */
function parseMetadataText(text: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('fiscal_profile.invalid_metadata_json', { en: 'metadata is not valid JSON.', es: 'metadata no es JSON válido.' });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError('fiscal_profile.invalid_metadata_json', { en: 'metadata must be a JSON object.', es: 'metadata debe ser un objeto JSON.' });
  }
  const entries = Object.entries(parsed);
  const wrong = entries.find(([, value]) => typeof value !== 'string');
  if (wrong)
    throw new ApiError('fiscal_profile.invalid_metadata_json', { en: `metadata.${wrong[0]} must be a string.`, es: `metadata.${wrong[0]} debe ser texto.` });
  // The same bounds as JSON metadata elsewhere (src/platform/http/schemas.ts Metadata).
  if (entries.length > 50)
    throw new ApiError('fiscal_profile.invalid_metadata_json', { en: 'metadata holds at most 50 keys.', es: 'metadata admite como máximo 50 claves.' });
  const long = entries.find(([key, value]) => key.length > 40 || (value as string).length > 500);
  if (long)
    throw new ApiError('fiscal_profile.invalid_metadata_json', {
      en: `metadata.${long[0].slice(0, 40)}: keys hold at most 40 characters and values 500.`,
      es: `metadata.${long[0].slice(0, 40)}: las claves admiten como máximo 40 caracteres y los valores 500.`,
    });
  return Object.fromEntries(entries) as Record<string, string>;
}

export function inputFromMultipart(body: ProfileMultipart): ProfileInput {
  const input: ProfileInput = {};
  const csd = credentialFromParts('csd', body);
  const fiel = credentialFromParts('fiel', body);
  if (csd) input.csd = csd;
  if (fiel) input.fiel = fiel;
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
  if (text('manifest_email') !== undefined) input.manifestEmail = text('manifest_email');
  if (text('legal_name') !== undefined) input.legalName = text('legal_name');
  if (text('tax_regime') !== undefined) input.taxRegime = text('tax_regime');
  if (text('zip') !== undefined) input.zip = text('zip');
  if (text('brand_color') !== undefined) input.brandColor = text('brand_color');
  if (text('metadata') !== undefined) input.metadata = parseMetadataText(text('metadata')!);
  if (Buffer.isBuffer(body.logo)) input.logo = readLogo('logo', body.logo);
  return input;
}
