import { Type } from 'typebox';
import { Metadata, NullableTimestamp, Timestamp } from '../../platform/http/schemas.ts';

// Anexo 20: c_RegimenFiscal keys have 3 digits and c_CodigoPostal keys 5.
const TaxRegime = Type.String({ pattern: '^[0-9]{3}$', description: 'SAT tax regime (c_RegimenFiscal), 3 digits, e.g. 601.' });
const Zip = Type.String({ pattern: '^[0-9]{5}$', description: 'Postal code of the place of issue (c_CodigoPostal), 5 digits.' });
// Anexo 20: the emisor Nombre is at most 254 characters.
const LegalName = Type.String({
  minLength: 1,
  maxLength: 254,
  description: "Name or razón social as registered at the SAT; defaults to the CSD certificate's.",
});
const BrandColor = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: 'PDF brand colour, `#RRGGBB`.' });
const Email = Type.String({ format: 'email', maxLength: 254, description: 'Contact e-mail recorded in the carta manifiesto.' });
const Password = Type.String({ minLength: 1, maxLength: 256, description: 'Password of the .key file.' });
const Base64 = (description: string) => Type.String({ minLength: 1, pattern: '^[A-Za-z0-9+/\\r\\n]+={0,2}[\\r\\n]*$', description });
const File = (description: string) => Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description });

const EmailLanguage = Type.Union([Type.Literal('es'), Type.Literal('en')], { description: 'es (Spanish) or en (English).' });

const EmailSettings = Type.Object(
  {
    send_on_stamp: Type.Boolean({ description: "E-mail each invoice to its customer when it is stamped (an invoice's `email.send_on_stamp` overrides it)." }),
    send_on_cancel: Type.Boolean({
      description:
        "E-mail the cancellation notice, with the acuse, when an invoice's cancellation completes (an invoice's `email.send_on_cancel` overrides it).",
    }),
    language: EmailLanguage,
  },
  { description: "Automatic e-mails of the profile's invoices (docs/guides/email.md). All off by default." },
);

const EmailSettingsInput = Type.Partial(EmailSettings, {
  additionalProperties: false,
  minProperties: 1,
  description: 'Automatic e-mails of the invoices of the profile; the fields left out keep their saved values (off and `es` at first).',
});

const CredentialUpload = Type.Object(
  {
    cer_base64: Base64('The .cer file (DER or PEM), base64.'),
    key_base64: Base64('The .key file (encrypted PKCS#8 DER as the SAT issues it, or PEM), base64.'),
    password: Password,
  },
  { additionalProperties: false },
);

const Action = Type.Object({
  type: Type.String({ description: 'e.g. `sign_manifest`, `renew_csd`.' }),
  message: Type.String(),
  endpoint: Type.String({ description: 'The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`.' }),
  requires: Type.Array(Type.String(), { description: 'What that request must carry.' }),
});

export const FiscalProfile = Type.Object(
  {
    object: Type.Literal('fiscal_profile'),
    id: Type.String(),
    rfc: Type.String({ description: 'Derived from the CSD certificate.' }),
    legal_name: Type.String(),
    tax_regime: Type.String(),
    zip: Type.String(),
    csd: Type.Object({ serial: Type.String(), valid_from: Timestamp, valid_to: Timestamp, rfc: Type.String() }),
    status: Type.Union([Type.Literal('requires_action'), Type.Literal('active')], { description: '`active` when the profile can stamp.' }),
    has_fiel: Type.Boolean(),
    manifest_status: Type.Union([Type.Literal('pending_signature'), Type.Literal('signed')]),
    manifest_signed_at: NullableTimestamp,
    next_actions: Type.Array(Action, { description: 'What must happen before the profile can stamp.' }),
    pending_actions: Type.Array(Action, { description: 'Everything outstanding, including advance notices such as a CSD about to expire.' }),
    metadata: Type.Record(Type.String(), Type.String()),
    brand_color: Type.String(),
    email_settings: EmailSettings,
    has_logo: Type.Boolean(),
    livemode: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'An issuer taxpayer. Private keys and passwords are encrypted at rest and never returned.' },
);

export const DeletedFiscalProfile = Type.Object({
  object: Type.Literal('fiscal_profile'),
  id: Type.String(),
  deleted: Type.Literal(true),
});

const jsonFields = {
  legal_name: Type.Optional(LegalName),
  metadata: Type.Optional(Metadata),
  brand_color: Type.Optional(BrandColor),
  logo_base64: Type.Optional(Base64('PNG or JPEG logo for the PDF, base64, at most 512 KiB.')),
  email_settings: Type.Optional(EmailSettingsInput),
};

export const CreateProfileJson = Type.Object(
  {
    csd: CredentialUpload,
    fiel: Type.Optional(CredentialUpload),
    manifest_email: Type.Optional(Email),
    tax_regime: TaxRegime,
    zip: Zip,
    ...jsonFields,
  },
  { additionalProperties: false },
);

const BrandColorUpdate = Type.Union([BrandColor, Type.Null()], { description: 'PDF brand colour `#RRGGBB`; null restores the default.' });

export const UpdateProfileJson = Type.Object(
  {
    csd: Type.Optional(CredentialUpload),
    fiel: Type.Optional(CredentialUpload),
    tax_regime: Type.Optional(TaxRegime),
    zip: Type.Optional(Zip),
    ...jsonFields,
    brand_color: Type.Optional(BrandColorUpdate),
    logo_base64: Type.Optional(Type.Union([jsonFields.logo_base64, Type.Null()], { description: 'New logo, base64; null removes it.' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** The branding being edited, in the update's own field and format; absent fields are the saved ones. */
export const BrandingPreviewBody = Type.Object(
  {
    brand_color: Type.Optional(
      Type.Union([BrandColor, Type.Null()], {
        description: 'The candidate PDF brand colour `#RRGGBB`; null previews the default colour; absent previews the saved one.',
      }),
    ),
  },
  { additionalProperties: false, description: 'Candidate branding to preview; nothing is saved. The logo is the one saved on the profile.' },
);

const multipartFields = {
  csd_cer: File('The CSD .cer file (at most 16 KiB).'),
  csd_key: File('The CSD .key file (at most 16 KiB).'),
  csd_password: Password,
  fiel_cer: Type.Optional(File('The FIEL (e.firma) .cer file.')),
  fiel_key: Type.Optional(File('The FIEL .key file.')),
  fiel_password: Type.Optional(Password),
  manifest_email: Type.Optional(Email),
  legal_name: Type.Optional(LegalName),
  tax_regime: TaxRegime,
  zip: Zip,
  metadata: Type.Optional(Type.String({ description: 'A JSON object of string keys and string values, as text.' })),
  brand_color: Type.Optional(BrandColor),
  logo: Type.Optional(File('PNG or JPEG logo for the PDF, at most 512 KiB.')),
};

export const CreateProfileMultipart = Type.Object(multipartFields, { additionalProperties: false });

export const UpdateProfileMultipart = Type.Partial(Type.Omit(CreateProfileMultipart, ['manifest_email']), { additionalProperties: false, minProperties: 1 });

export const ManifestBody = Type.Object(
  {
    fiel: Type.Optional(CredentialUpload),
    email: Type.Optional(Email),
  },
  { additionalProperties: false },
);

/** Text parts of a multipart request, and the file parts with their size caps in bytes. */
export const MULTIPART_TEXT_FIELDS = ['csd_password', 'fiel_password', 'manifest_email', 'legal_name', 'tax_regime', 'zip', 'metadata', 'brand_color'] as const;
export const CREDENTIAL_FILE_BYTES = 16 * 1024;
export const LOGO_BYTES = 512 * 1024;
export const MULTIPART_FILE_LIMITS: Readonly<Record<string, number>> = {
  csd_cer: CREDENTIAL_FILE_BYTES,
  csd_key: CREDENTIAL_FILE_BYTES,
  fiel_cer: CREDENTIAL_FILE_BYTES,
  fiel_key: CREDENTIAL_FILE_BYTES,
  logo: LOGO_BYTES,
};
