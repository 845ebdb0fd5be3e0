/**
 * The one error catalog: every stable code the service answers with, its HTTP status, title and
 * remediation. Problems (RFC 9457), `/docs/errors` and the OpenAPI document are generated from it.
 * Status `job` marks codes recorded in a resource's `error` field instead of an HTTP response.
 */
export interface ErrorDefinition {
  status: number | 'job';
  title: string;
  remediation: string;
}

export const ERROR_CATALOG = {
  'request.invalid_version': {
    status: 400,
    title: 'Unknown API version',
    remediation:
      "Send `Invoice-Version` with a version listed by GET /v1/versions (for example 2026-07-15), or omit it to use the key's pin or the current version. If the key is pinned to a retired version, re-pin it with PATCH /v1/api_keys/{id}.",
  },
  'request.validation_failed': {
    status: 422,
    title: 'Request does not match the schema',
    remediation:
      'Fix every field listed in `errors` (each has a `path`, a `code` and a `message`) and send the request again; /openapi.json lists the accepted fields and formats of each endpoint.',
  },
  'resource.not_found': {
    status: 404,
    title: 'Resource not found',
    remediation:
      "Check the id, and that the key's mode (test or live), organization and `Invoice-Account` are the ones that created the object; list the resource to find valid ids.",
  },
  'rate_limit.exceeded': {
    status: 429,
    title: 'Too many requests',
    remediation:
      'Wait the seconds given in `Retry-After`, then retry and spread requests out; `RateLimit-Remaining` and `RateLimit-Reset` show the budget left. Reads and writes are limited separately.',
  },
  'internal.error': {
    status: 500,
    title: 'Internal error',
    remediation:
      'Retry with exponential backoff (a POST retried with the same `Idempotency-Key` is safe); if it keeps failing, contact support with the `request_id`.',
  },
  'idempotency.key_reuse': {
    status: 409,
    title: 'Idempotency key reused with a different request',
    remediation:
      'Send a new `Idempotency-Key` for a different request. A key stays bound to its first request for 24 hours; to retry that request, resend exactly the same body.',
  },
  'idempotency.key_processing': {
    status: 409,
    title: 'Request with this idempotency key still in progress',
    remediation: 'Wait until the first request with this `Idempotency-Key` finishes, then retry with the same key and body to receive its stored response.',
  },
  'auth.unauthorized': {
    status: 401,
    title: 'Missing or invalid API key',
    remediation: 'Send `Authorization: Bearer <key>` with an active sk_test_ or sk_live_ key; create keys with POST /v1/api_keys.',
  },
  'metrics.unauthorized': {
    status: 401,
    title: 'Metrics token required',
    remediation:
      "`GET /metrics` on the API's port answers only the operator's token: send `Authorization: Bearer <METRICS_TOKEN>`, or scrape the private listener METRICS_PORT opens instead.",
  },
  'auth.key_revoked': {
    status: 401,
    title: 'API key revoked',
    remediation:
      'Revocation is immediate and permanent: switch to another active key of the same mode, or create one with POST /v1/api_keys using an active key.',
  },
  'org.bootstrap_disabled': {
    status: 403,
    title: 'Organization bootstrap is turned off',
    remediation: 'Ask the operator of this server for an API key. Creating organizations through the API is only available outside production.',
  },
  'catalog.not_found': { status: 404, title: 'Unknown catalog', remediation: 'Use one of the catalog slugs listed by GET /v1/catalogs.' },
  'catalog.import_rejected': {
    status: 422,
    title: 'Catalog import rejected',
    remediation: 'Fix the file, line and column the message names (docs/guides/catalogs.md, "Files") and send the import again; nothing was imported.',
  },
  'catalog.load_in_progress': {
    status: 409,
    title: 'A load of this catalog is under way',
    remediation:
      'Another import (or the shipped catalogs) is writing the same catalog: send the import again once GET /v1/catalogs no longer shows it loading.',
  },
  'admin.unauthorized': {
    status: 401,
    title: 'Missing or invalid operator token',
    remediation: 'Send `Authorization: Bearer <ADMIN_TOKEN>` with the operator token the server was started with.',
  },
  'admin.disabled': {
    status: 403,
    title: 'Operator endpoints are turned off',
    remediation: 'Start the server with ADMIN_TOKEN (at least 32 characters) to use the operator endpoints, or run the command against a stopped server.',
  },
  'connect.account_disabled': {
    status: 403,
    title: 'Connected account disabled',
    remediation: 'Stop acting as this account, or re-enable it with PATCH /v1/accounts/{id} and `{"disabled": false}` using the platform\'s key.',
  },
  'connect.account_not_authorized': {
    status: 403,
    title: 'Not a connected account of this platform',
    remediation:
      "Send in `Invoice-Account` the id of an account listed by GET /v1/accounts for this key's organization, or omit the header to act as your own organization.",
  },
  'connect.nesting_not_allowed': {
    status: 403,
    title: 'Connected accounts cannot be nested',
    remediation: "Call with the platform organization's key and without `Invoice-Account`: a connected account cannot own or act as other connected accounts.",
  },
  'connect.not_supported_here': {
    status: 400,
    title: 'Invoice-Account not accepted here',
    remediation: 'Remove the `Invoice-Account` header: API keys are managed only by the organization that holds them, never on behalf of a connected account.',
  },
  'dashboard.csrf_failed': {
    status: 403,
    title: 'Request not from the dashboard',
    remediation:
      'Send the request from the dashboard page itself: a change made with the session cookie needs the header `X-CSRF-Token` with the `csrf_token` of GET /dashboard/api/session, and is refused when the browser reports it as cross-site (`Sec-Fetch-Site: cross-site`). Programs should use an API key instead of the cookie.',
  },
  'dashboard.already_member': {
    status: 409,
    title: 'Already a member',
    remediation: "The e-mail already belongs to a member of this organization: change that member's role on the members page instead of inviting it.",
  },
  'dashboard.email_in_use': {
    status: 409,
    title: 'E-mail already registered',
    remediation: 'Sign in with this e-mail instead, or register with another address.',
  },
  'dashboard.forbidden_role': {
    status: 403,
    title: 'Not allowed for your role',
    remediation:
      'Your role in this organization does not allow this operation (docs/guides/team.md lists what each role may do): ask an owner or an admin for another role, or use an API key, which acts for the whole organization.',
  },
  'dashboard.invalid_credentials': {
    status: 401,
    title: 'Wrong e-mail or password',
    remediation: 'Check the e-mail and password and try again; too many failures lock sign-in for 15 minutes.',
  },
  'dashboard.invitation_email_mismatch': {
    status: 403,
    title: 'Invitation for another e-mail',
    remediation: 'Sign in with the e-mail the invitation was sent to (the invitation page shows it), or create the account for that e-mail from the same page.',
  },
  'dashboard.invitation_invalid': {
    status: 404,
    title: 'Invitation not valid',
    remediation:
      'Invitation links work once, for 7 days, and only the newest one for an e-mail: ask an owner or an admin of the organization for a new invitation.',
  },
  'dashboard.last_owner': {
    status: 409,
    title: 'Last owner',
    remediation: 'An organization always keeps an owner: make another member an owner first, then change or remove this one.',
  },
  'dashboard.member_not_found': {
    status: 404,
    title: 'Member not found',
    remediation: 'Use the id of a user listed by GET /dashboard/api/members for the organization of the session.',
  },
  'dashboard.no_membership': {
    status: 403,
    title: 'No organization',
    remediation: 'This account was removed from every organization it belonged to: ask an owner or an admin to invite it again.',
  },
  'dashboard.organization_not_found': {
    status: 404,
    title: 'Organization not found',
    remediation: 'Switch only to an organization listed by GET /dashboard/api/organizations: the ones this account is a member of.',
  },
  'dashboard.pages_unavailable': {
    status: 503,
    title: 'Dashboard unavailable',
    remediation: "The dashboard's assets are missing on this server, while the API keeps working; ask the operator to reinstall the server.",
  },
  'dashboard.session_required': {
    status: 401,
    title: 'Sign-in required',
    remediation: 'Sign in to the dashboard again; the session is missing or has expired.',
  },
  'dashboard.reset_token_invalid': {
    status: 400,
    title: 'Password reset link not valid',
    remediation: 'A reset link works once and for an hour: ask for a new one with POST /dashboard/api/password_reset.',
  },
  'dashboard.too_many_attempts': {
    status: 429,
    title: 'Too many sign-in attempts',
    remediation:
      'Wait the seconds given in `Retry-After` before trying again: 15 minutes after repeated failures for one e-mail or repeated sign-ups from one address, a few seconds to a minute while an address with many failed sign-ins is slowed down.',
  },
  'dashboard.weak_password': {
    status: 422,
    title: 'Password too easy to guess',
    remediation:
      'Choose another password: `detail` says what makes this one easy to guess. Several uncommon words work well; common or leaked passwords, keyboard patterns, dates, repeated characters and your e-mail or organization name do not.',
  },
  'cfdi.invalid_input': {
    status: 422,
    title: 'Invalid invoice',
    remediation: 'Fix every field listed in `errors` (paths such as `items.0.unit_price`) and create the invoice again.',
  },
  'cfdi.csd_expired': {
    status: 422,
    title: 'CSD expired or not yet valid',
    remediation:
      'Upload a CSD that is valid today with PATCH /v1/fiscal_profiles/{id} (`csd_cer`, `csd_key`, `csd_password`); renew it at the SAT if it expired.',
  },
  'cfdi.csd_rfc_mismatch': {
    status: 422,
    title: "CSD not issued to the issuer's RFC",
    remediation:
      "Sign with a CSD issued to the emitter's RFC: issue from the fiscal profile that owns this certificate, or rotate the profile's CSD with PATCH /v1/fiscal_profiles/{id}.",
  },
  'cfdi.emisor_not_in_lco': {
    status: 422,
    title: 'Issuer not in the SAT taxpayer list (LCO)',
    remediation:
      "The SAT's list of obligated taxpayers does not show this RFC with a valid CSD. A new CSD can take 24-72 hours to appear: retry later; otherwise settle the RFC's obligations with the SAT.",
  },
  'cfdi.fecha_in_future': {
    status: 422,
    title: 'Fecha is in the future',
    remediation:
      "Regenerate and re-sign the CFDI with a Fecha no later than now in the issuer's local time (the time zone of its LugarExpedicion postal code).",
  },
  'cfdi.fecha_out_of_range': {
    status: 422,
    title: 'Fecha outside the stamping window',
    remediation: 'Regenerate the CFDI with a current Fecha (within the last 72 hours, Mexico time), sign it again and stamp it.',
  },
  'cfdi.fecha_too_old': {
    status: 422,
    title: 'Fecha older than 72 hours',
    remediation: 'Stamping must happen within 72 hours of Fecha: create the invoice again (it gets a current Fecha) and stamp it.',
  },
  'cfdi.invalid_fecha': {
    status: 422,
    title: 'Invalid Fecha format',
    remediation: 'Write Fecha as `YYYY-MM-DDTHH:mm:ss` with no time zone suffix and no fractions, for example 2026-07-15T10:30:00.',
  },
  'cfdi.invalid_expression': {
    status: 422,
    title: 'Invalid SAT status query',
    remediation:
      'Take the values from the stamped XML: issuer and receiver RFCs exactly as written, the Total as written, and the UUID of the TimbreFiscalDigital.',
  },
  'cfdi.malformed_sello': {
    status: 422,
    title: 'Malformed seal',
    remediation:
      'Send the Sello as the base64 of the RSA-SHA256 signature of the cadena original (344 characters for a 2048-bit CSD), without spaces or line breaks.',
  },
  'cfdi.malformed_xml': {
    status: 422,
    title: 'XML violates the CFDI 4.0 schema',
    remediation: "Make the XML valid against the SAT's cfdv40.xsd; POST /v1/validations reports every failing element.",
  },
  'cfdi.missing_tax_rate': {
    status: 422,
    title: 'Tax rate missing',
    remediation: 'Add `rate` with six decimals (for example 0.160000) to every tax whose `factor` is Tasa or Cuota.',
  },
  'cfdi.missing_uso': {
    status: 422,
    title: 'CFDI use missing',
    remediation: "Send the customer's CFDI use code (c_UsoCFDI, for example G03 or S01) in `customer.cfdi_use`.",
  },
  'cfdi.no_tfd': {
    status: 422,
    title: 'CFDI not stamped',
    remediation: 'Only a stamped CFDI has a TimbreFiscalDigital: stamp the invoice first, or send the stamped XML.',
  },
  'cfdi.not_a_csd': {
    status: 422,
    title: 'FIEL used to sign an invoice',
    remediation: "Sign invoices with the CSD (certificado de sello digital), not the FIEL (e.firma): upload the CSD's .cer and .key to the fiscal profile.",
  },
  'cfdi.not_comprobante': {
    status: 422,
    title: 'Not a CFDI 4.0 Comprobante',
    remediation: 'Send a document whose root is cfdi:Comprobante in the namespace http://www.sat.gob.mx/cfd/4 with Version="4.0".',
  },
  'cfdi.not_found': {
    status: 422,
    title: 'CFDI not found at the SAT',
    remediation: 'Check the UUID, RFCs and Total against the XML. A CFDI stamped moments ago can take up to 72 hours to reach the SAT: query again later.',
  },
  'cfdi.objeto_imp_02_without_taxes': {
    status: 422,
    title: 'Taxable item without taxes',
    remediation: "Add at least one entry to the item's `taxes`, or set its `tax_object` to 01 (not subject to tax).",
  },
  'cfdi.objeto_imp_dr_02_without_taxes': {
    status: 422,
    title: 'Taxable related document without taxes',
    remediation: "Add the related document's taxes (ImpuestosDR), or set its ObjetoImpDR to 01.",
  },
  'cfdi.parse_error': {
    status: 422,
    title: 'XML not well-formed',
    remediation: 'Send well-formed UTF-8 XML: close every tag, escape & and <, and leave out any DOCTYPE (it is refused).',
  },
  'cfdi.pdf_dependencies_missing': {
    status: 422,
    title: 'PDF rendering unavailable',
    remediation:
      'The server lacks its PDF rendering dependencies; the XML is still available. Ask the operator to reinstall the server, then request the PDF again.',
  },
  'cfdi.pdf_requires_stamp': { status: 422, title: 'PDF needs a stamped CFDI', remediation: 'Stamp the invoice first, then request its PDF.' },
  'cfdi.retencion_exento': {
    status: 422,
    title: 'Exempt withholding',
    remediation: 'Give withheld taxes `factor` Tasa or Cuota with a `rate`; Exento is only valid for transferred taxes.',
  },
  'cfdi.sello_injection_failed': {
    status: 422,
    title: 'Seal could not be added',
    remediation: 'Send a well-formed CFDI 4.0 cfdi:Comprobante: the seal and certificate are written into its root element.',
  },
  'cfdi.sello_mismatch': {
    status: 422,
    title: 'Seal does not match',
    remediation:
      'The content changed after signing, or another key signed it: rebuild the cadena original from the final XML and sign it with the private key of the certificate in NoCertificado.',
  },
  'cfdi.status_indeterminate': {
    status: 502,
    title: 'SAT status indeterminate',
    remediation: 'The SAT could not determine the status right now: retry later with exponential backoff, honouring `Retry-After`.',
  },
  'cfdi.unknown_currency': {
    status: 422,
    title: 'Unknown currency',
    remediation: "Use an ISO 4217 code present in the SAT's c_Moneda catalog, for example MXN or USD.",
  },
  'invoice.already_stamped': {
    status: 409,
    title: 'Invoice already stamped',
    remediation: 'Nothing to do: fetch it with GET /v1/invoices/{id}. To change a stamped invoice, cancel it and issue a new one.',
  },
  'invoice.cancellation_in_progress': {
    status: 409,
    title: 'Cancellation already requested',
    remediation:
      'Do not request it again: follow `cancellation.status` with GET /v1/invoices/{id}, or wait for the invoice.cancelled or invoice.cancellation_rejected event.',
  },
  'invoice.cancellation_rejected': {
    status: 422,
    title: 'Cancellation rejected',
    remediation:
      "Check that the CFDI is still vigente, that the reason fits, and that a reason-01 substitute is stamped; GET /v1/invoices/{id}/acuse returns the SAT's answer.",
  },
  'invoice.folio_contention': {
    status: 409,
    title: 'Folio could not be assigned',
    remediation: 'Another request took the next folio at the same moment: retry the request with the same `Idempotency-Key`.',
  },
  'invoice.folio_taken': {
    status: 409,
    title: 'Folio already used',
    remediation: 'Use a different `folio` for this `serie`, or leave it out to receive the next free one.',
  },
  'invoice.no_xml': { status: 422, title: 'Signed XML missing', remediation: 'This invoice has no signed XML to stamp: create the invoice again.' },
  'invoice.not_stampable': {
    status: 409,
    title: 'Invoice is not a draft',
    remediation: 'Only `draft` invoices can be stamped, updated or deleted: check `status` with GET /v1/invoices/{id}.',
  },
  'invoice.not_stamped': {
    status: 409,
    title: 'Invoice not stamped',
    remediation: 'Only stamped invoices can be cancelled; delete a draft with DELETE /v1/invoices/{id} instead.',
  },
  'invoice.pdf_requires_stamp': {
    status: 409,
    title: 'PDF needs a stamped invoice',
    remediation: 'Stamp the invoice with POST /v1/invoices/{id}/stamp, then request GET /v1/invoices/{id}/pdf.',
  },
  'invoice.xml_requires_stamp': {
    status: 409,
    title: 'XML needs a stamped invoice',
    remediation: 'Stamp the invoice with POST /v1/invoices/{id}/stamp, then request GET /v1/invoices/{id}/xml.',
  },
  'invoice.email_requires_stamp': {
    status: 409,
    title: 'E-mail needs a stamped invoice',
    remediation: 'Stamp the invoice with POST /v1/invoices/{id}/stamp, then request POST /v1/invoices/{id}/email.',
  },
  'invoice.email_no_recipients': {
    status: 422,
    title: 'No one to e-mail the invoice to',
    remediation: 'Name the addresses in `recipients`, or give the invoice a `customer.email` while it is a draft.',
  },
  'invoice.email_duplicate_recipient': {
    status: 422,
    title: 'The same recipient twice',
    remediation: 'Give each address of `email.recipients` once (addresses are compared without regard to case).',
  },
  'invoice.email_not_configured': {
    status: 503,
    title: 'No mail server configured',
    remediation: 'The operator sets SMTP_URL (and MAIL_FROM) and restarts the service; in production the service never keeps messages instead of sending them.',
  },
  'invoice.profile_missing_csd': {
    status: 422,
    title: 'Fiscal profile has no CSD',
    remediation: "Upload the CSD's .cer, .key and password to the fiscal profile with PATCH /v1/fiscal_profiles/{id}, then retry.",
  },
  'invoice.substitute_not_stamped': {
    status: 422,
    title: 'Substitute invoice not stamped',
    remediation: 'Stamp the substitute invoice first, then cancel with reason 01 and its id in `substitute_invoice_id`.',
  },
  'invoice.substitute_required': {
    status: 422,
    title: 'Substitute invoice required',
    remediation: 'Reason 01 needs `substitute_invoice_id`, a stamped invoice that replaces this one; without a replacement, use reason 02.',
  },
  'cancel.already_cancelled': { status: 422, title: 'CFDI already cancelled', remediation: 'Treat the invoice as cancelled; nothing else is needed.' },
  'cancel.date_after_declaration': {
    status: 422,
    title: 'Cancellation after the declaration date',
    remediation: 'The SAT no longer accepts cancelling this CFDI; correct it with a credit note (CFDI de egreso) instead.',
  },
  'cancel.global_invoice_deadline': {
    status: 422,
    title: 'Global invoice cancellation deadline passed',
    remediation: 'This global invoice can no longer be cancelled; correct it with a credit note (CFDI de egreso) instead.',
  },
  'cancel.in_process': {
    status: 422,
    title: 'Cancellation awaiting the receiver',
    remediation: 'Do not resend: the receiver has 72 business hours to accept or reject. Poll GET /v1/invoices/{id} or wait for the invoice.cancelled event.',
  },
  'cancel.motivo_invalid': {
    status: 422,
    title: 'Invalid cancellation reason',
    remediation:
      'Send `reason` 01 (errors, with a substitute), 02 (errors, no relation), 03 (operation not carried out) or 04 (nominative operation in a global invoice).',
  },
  'cancel.motivo_missing': {
    status: 422,
    title: 'Cancellation reason missing',
    remediation: 'Send `reason` 01-04; with 01 also send `substitute_invoice_id`.',
  },
  'cancel.no_acuse': {
    status: 422,
    title: 'No cancellation acuse yet',
    remediation: 'An acuse exists only once the cancellation is accepted: wait until `cancellation.status` is `accepted`, then request it again.',
  },
  'cancel.not_applicable': {
    status: 422,
    title: 'CFDI cannot be cancelled',
    remediation: 'Another live CFDI refers to this one (a payment or a credit note, for example): cancel that one first, then retry.',
  },
  'cancel.not_cancellable': {
    status: 422,
    title: 'SAT reports the CFDI not cancellable',
    remediation: 'Cancel the CFDIs related to it first, or correct it with a credit note (CFDI de egreso).',
  },
  'cancel.not_primary_sector': {
    status: 422,
    title: 'Not a primary-sector CFDI',
    remediation: 'Check the UUID: this operation only applies to CFDIs issued for primary-sector taxpayers.',
  },
  'cancel.outside_annual_declaration': {
    status: 422,
    title: 'Outside the annual declaration window',
    remediation: 'The CFDI can no longer be cancelled for its fiscal year; correct it with a credit note (CFDI de egreso).',
  },
  'cancel.relation_invalid': {
    status: 422,
    title: 'Invalid relation',
    remediation:
      "The substitute must relate to this invoice's UUID with relation type 04 (sustitución): recreate the substitute with that relation, stamp it and cancel again.",
  },
  'cancel.request_received': {
    status: 422,
    title: 'Cancellation request received',
    remediation:
      'No action now: the SAT is processing it and the receiver has up to 72 business hours. Poll GET /v1/invoices/{id} or wait for the invoice.cancelled event.',
  },
  'cancel.rfc_mismatch': { status: 422, title: 'Issuer RFC does not match', remediation: 'Cancel from the fiscal profile whose RFC issued the CFDI.' },
  'cancel.sat_service_unavailable': {
    status: 502,
    title: 'SAT cancellation service error',
    remediation: 'Retry with exponential backoff, honouring `Retry-After`; nothing was recorded.',
  },
  'cancel.substitution_folio_invalid': {
    status: 422,
    title: 'Invalid substitute',
    remediation: 'Send in `substitute_invoice_id` a stamped invoice of the same issuer that replaces this one.',
  },
  'cancel.substitution_folio_not_required': {
    status: 422,
    title: 'Substitute not allowed for this reason',
    remediation: 'Remove `substitute_invoice_id`, or use reason 01 if this invoice is being replaced.',
  },
  'cancel.user_invalid': {
    status: 422,
    title: 'Not authorized to cancel',
    remediation: "Cancel with the fiscal profile of the CFDI's issuer: its RFC must be the emisor's.",
  },
  'cancel.uuid_not_found': {
    status: 422,
    title: 'UUID not found at the SAT',
    remediation: 'Check the UUID. A CFDI stamped moments ago can take up to 72 hours to reach the SAT: retry later.',
  },
  'fiscal_profile.csd_expired': {
    status: 422,
    title: 'CSD expired or not yet valid',
    remediation: 'Upload a CSD that is valid today (see `csd.valid_from` and `csd.valid_to`); renew it at the SAT if it expired.',
  },
  'fiscal_profile.csd_is_fiel': {
    status: 422,
    title: 'FIEL given as CSD',
    remediation: 'Upload the CSD (certificado de sello digital) in `csd_cer` and `csd_key`; the FIEL (e.firma) goes in `fiel_cer` and `fiel_key`.',
  },
  'fiscal_profile.csd_rfc_mismatch': {
    status: 422,
    title: 'New CSD belongs to another RFC',
    remediation: "A rotated CSD must be issued to the profile's RFC; for another RFC, create a new fiscal profile.",
  },
  'fiscal_profile.fiel_required': {
    status: 422,
    title: 'FIEL required',
    remediation: 'Add the FIEL (`fiel_cer`, `fiel_key` and its password) with PATCH /v1/fiscal_profiles/{id}, or send it in the manifiesto request.',
  },
  'fiscal_profile.in_use': {
    status: 409,
    title: 'Fiscal profile in use',
    remediation: 'A profile with issued invoices is kept for the record and cannot be deleted; rotate its CSD with PATCH /v1/fiscal_profiles/{id} instead.',
  },
  'fiscal_profile.invalid_csd': {
    status: 422,
    title: 'CSD could not be opened',
    remediation: "Send the .cer and .key of the same CSD, as issued by the SAT, with the key's password (base64-encoded in JSON requests).",
  },
  'fiscal_profile.invalid_fiel': {
    status: 422,
    title: 'FIEL could not be opened',
    remediation: "Send the .cer and .key of the same FIEL, as issued by the SAT, with the key's password (base64-encoded in JSON requests).",
  },
  'fiscal_profile.invalid_metadata_json': {
    status: 422,
    title: 'Invalid metadata',
    remediation: 'Send `metadata` as a JSON object of string keys and string values, for example {"customer_id":"42"}.',
  },
  'fiscal_profile.manifest_required': {
    status: 409,
    title: 'Carta manifiesto not signed',
    remediation: 'Sign it with POST /v1/fiscal_profiles/{id}/manifest, sending the FIEL (`fiel`) and an `email`, then retry.',
  },
  'manifest.email_required': { status: 422, title: 'E-mail required', remediation: 'Send `email`, the contact address recorded in the carta manifiesto.' },
  'download.fiel_required': {
    status: 422,
    title: 'Fiscal profile has no FIEL',
    remediation: "Add the profile's FIEL with PATCH /v1/fiscal_profiles/{id}: bulk downloads authenticate at the SAT with the FIEL, not the CSD.",
  },
  'download.invalid_range': {
    status: 422,
    title: 'Invalid date range',
    remediation: 'Send a `date_from` on or before `date_to` (YYYY-MM-DD or YYYY-MM-DDTHH:mm:ss).',
  },
  'download.request_failed': {
    status: 502,
    title: 'SAT download request failed',
    remediation: 'Retry with exponential backoff, honouring `Retry-After`; if it persists, split the range into shorter periods.',
  },
  'download.no_request_id': { status: 'job', title: 'SAT request never registered', remediation: 'Create the download again with POST /v1/downloads.' },
  'download.poll_timeout': {
    status: 'job',
    title: 'Package not ready in time',
    remediation: 'Create a new download, splitting wide date ranges (month by month, say) instead of retrying the same one.',
  },
  'download.unknown_error': {
    status: 'job',
    title: 'Download failed',
    remediation: "Read the download's `error.detail` for the SAT's message, fix the cause and create a new download.",
  },
  'sat.download_rejected': {
    status: 503,
    title: 'SAT rejected the download request',
    remediation:
      "Check that the profile's FIEL belongs to its RFC and that `side` matches the RFC's role; the SAT accepts only 2 identical requests, so change the range before retrying.",
  },
  'manifiesto.already_signed': {
    status: 422,
    title: 'Carta manifiesto already signed',
    remediation: 'No action needed: the manifiesto of this RFC is already signed.',
  },
  'manifiesto.bad_request': {
    status: 422,
    title: 'Invalid manifiesto request',
    remediation: 'Send `fiel` ({cer_base64, key_base64, password}) and `email`, all non-empty.',
  },
  'manifiesto.bad_sello': {
    status: 422,
    title: 'Invalid FIEL signature',
    remediation: 'The FIEL key does not match its certificate: send the .cer and .key of the same FIEL with the right password.',
  },
  'manifiesto.certificate_error': {
    status: 422,
    title: 'FIEL certificate error',
    remediation: "Send a current FIEL certificate issued by the SAT to the profile's RFC.",
  },
  'manifiesto.certificate_not_sat': {
    status: 422,
    title: 'Certificate not issued by the SAT',
    remediation: 'Use the FIEL (e.firma) certificate issued by the SAT, not a self-signed or third-party one.',
  },
  'manifiesto.certificate_not_valid': {
    status: 422,
    title: 'FIEL expired or revoked',
    remediation: 'Renew the FIEL at the SAT and sign again with the new one.',
  },
  'manifiesto.contract_not_valid': {
    status: 422,
    title: 'Signing contract not valid',
    remediation: "The signing service does not accept this service's contract: retry later, and if it persists contact support with the `request_id`.",
  },
  'manifiesto.invalid_certificate': {
    status: 422,
    title: 'Invalid FIEL certificate',
    remediation: "Send the FIEL's .cer (not the CSD's), base64-encoded in `fiel.cer_base64`.",
  },
  'manifiesto.invalid_credentials': {
    status: 422,
    title: 'Signing service rejected credentials',
    remediation: 'This is a server configuration problem and retrying will not help: contact support with the `request_id`.',
  },
  'manifiesto.invalid_response': {
    status: 422,
    title: 'Invalid answer from the signing service',
    remediation: 'Retry with exponential backoff; if it persists, contact support with the `request_id`.',
  },
  'manifiesto.malformed_contract': {
    status: 422,
    title: 'Malformed contract',
    remediation: 'Retry once; if it fails again, contact support with the `request_id`.',
  },
  'manifiesto.malformed_xml': {
    status: 422,
    title: 'Signing request not understood',
    remediation: 'Retry once; if it fails again, contact support with the `request_id`.',
  },
  'manifiesto.network_error': { status: 502, title: 'Signing service unreachable', remediation: 'Retry with exponential backoff.' },
  'manifiesto.provider_error': {
    status: 502,
    title: 'Signing service error',
    remediation: 'Retry with exponential backoff; if it persists, contact support with the `request_id`.',
  },
  'manifiesto.signed': { status: 422, title: 'Carta manifiesto signed', remediation: '' },
  'manifiesto.xml_generation_error': {
    status: 502,
    title: 'Signed XML could not be generated',
    remediation: 'Retry with exponential backoff; if it persists, check the FIEL files and contact support with the `request_id`.',
  },
  'pac.auth_failed': {
    status: 422,
    title: 'Stamping provider rejected credentials',
    remediation:
      "Do not retry: the server's provider credentials are wrong (test and live credentials differ). Ask the operator to fix the provider configuration.",
  },
  'pac.certificate_invalid': {
    status: 422,
    title: 'Certificate rejected by the stamping provider',
    remediation: "Upload a valid CSD issued by the SAT to the issuer's RFC with PATCH /v1/fiscal_profiles/{id}, then stamp again.",
  },
  'pac.certificate_revoked': {
    status: 422,
    title: 'CSD revoked or outside its validity',
    remediation: 'Obtain a new CSD from the SAT and upload it with PATCH /v1/fiscal_profiles/{id}; do not retry with the same one.',
  },
  'pac.contract_invalid': {
    status: 422,
    title: 'Stamping account unavailable',
    remediation: 'The provider account is missing, expired or out of credits; ask the operator to renew it. Retrying will not help.',
  },
  'invoice.stamp_collision': {
    status: 409,
    title: 'Identical CFDI stamped in the same second',
    remediation:
      'Another invoice of the same issuer, with the same content, was sealed in the same second and stamped first; stamp this invoice again after Retry-After: its new Fecha makes it a distinct CFDI.',
  },
  'service.overloaded': {
    status: 503,
    title: 'More work is waiting than the service can finish',
    remediation:
      "Retry after the Retry-After seconds, with backoff; expensive requests (PDFs, stamps, uploads, validations, reads of large CFDIs) are refused first while the service works through what is waiting; when the worker pool's queue is full, the CPU-heavy requests of the organization with the most of it waiting are refused.",
  },
  'service.unavailable': {
    status: 503,
    title: 'Service briefly unavailable',
    remediation:
      'The service cannot reach its database for a moment (a restart or a failover). Retry after the Retry-After seconds, with backoff and the same Idempotency-Key. A write answered with this code was recorded whole or not at all, almost always not at all: only a connection lost at the moment of its commit leaves it recorded, so look for it before repeating a create whose duplicate would matter.',
  },
  'service.task_timeout': {
    status: 503,
    title: 'The work took too long',
    remediation:
      'The service stops CPU-heavy work (a PDF, a large seal) that runs past its time limit; retry after Retry-After, and contact support with the request_id if it keeps happening.',
  },
  'receptor.invalid': {
    status: 422,
    title: 'Customer is not a valid CFDI 4.0 receptor',
    remediation:
      "Fix each field listed in `errors` as the customer's Constancia de Situación Fiscal states it: the RFC, the régimen fiscal (c_RegimenFiscal, for the RFC's persona física or moral), the 5-digit fiscal postal code and the default uso CFDI allowed for that régimen.",
  },
  'receptor.rfc_not_verified': {
    status: 422,
    title: 'RFC validation refused the customer',
    remediation:
      "The SAT's RFC validation (the simulator's, in test mode) does not know this RFC, or knows it with another name or fiscal postal code; each entry of `errors` carries the SAT's code (CFDI40144, CFDI40145, CFDI40147). Copy the name (without the capital regime, such as S.A. de C.V.) and the postal code from the customer's Constancia de Situación Fiscal.",
  },
  'receptor.rfc_validation_unavailable': {
    status: 503,
    title: 'RFC validation unavailable',
    remediation: 'The RFC validation service did not answer: retry the save in a few seconds, with the same Idempotency-Key.',
  },
  'product.invalid_item': {
    status: 422,
    title: 'Product is not a valid CFDI 4.0 item',
    remediation:
      'Fix each field listed in `errors`: the SAT product key (c_ClaveProdServ, 8 digits) and unit key (c_ClaveUnidad) must be in force, the price a decimal string, and the taxes consistent with the objeto de impuesto (02 needs taxes).',
  },
  'pac.duplicate': {
    status: 422,
    title: 'CFDI already stamped',
    remediation: 'This exact comprobante was stamped before: fetch that invoice instead of stamping again.',
  },
  'pac.internal_error': {
    status: 502,
    title: 'Stamping provider error',
    remediation: 'Retry with exponential backoff using the same `Idempotency-Key`; idempotency prevents a duplicate stamp.',
  },
  'balance.insufficient_credits': {
    status: 402,
    title: 'No stamp credits left',
    remediation: 'Ask the operator to grant credits, then stamp again; GET /v1/balance shows what is left. Test mode needs no credits.',
  },
  'request.invalid_json': { status: 400, title: 'Invalid JSON', remediation: 'Send a well-formed JSON body with `Content-Type: application/json`.' },
  'request.unsupported_media_type': {
    status: 415,
    title: 'Unsupported Content-Type',
    remediation: 'Send the body with a Content-Type this endpoint accepts, usually `application/json`; /openapi.json lists them.',
  },
  'request.body_too_large': {
    status: 413,
    title: 'Request body too large',
    remediation: "Send a smaller body; the server's limit is set by its operator (1 MiB unless configured otherwise).",
  },
  'request.route_not_found': {
    status: 404,
    title: 'No such endpoint',
    remediation: 'Check the method and path against the API reference at /docs or /openapi.json; API paths start with /v1.',
  },
  'request.invalid_cursor': {
    status: 422,
    title: 'Invalid pagination cursor',
    remediation: 'Pass in `starting_after` or `ending_before` the `id` of an object from the same list, as returned in `data`.',
  },
  'idempotency.key_invalid': {
    status: 400,
    title: 'Invalid Idempotency-Key',
    remediation: 'Send an `Idempotency-Key` of 1 to 255 printable ASCII characters, such as a UUID v4, one per logical operation.',
  },
  'fiscal_profile.upload_too_large': {
    status: 413,
    title: 'Uploaded file or field too large',
    remediation:
      'Send the files as the SAT issues them: a .cer or .key is at most 16 KiB, a logo at most 512 KiB, a text field at most 32 KiB; `errors` names the part.',
  },
  'fiscal_profile.too_many_parts': {
    status: 413,
    title: 'Too many parts in the form',
    remediation:
      'Send each field once and only the documented ones: the files csd_cer, csd_key, fiel_cer, fiel_key and logo, and the text fields listed in /openapi.json.',
  },
  'fiscal_profile.invalid_upload': {
    status: 400,
    title: 'Malformed multipart body',
    remediation:
      "Send a well-formed multipart/form-data body with its boundary in Content-Type (any HTTP client's form support does this), or send JSON with base64 files instead.",
  },
  'fiscal_profile.invalid_logo': {
    status: 422,
    title: 'Logo is not a PNG or JPEG image',
    remediation: "Upload the logo as a PNG or JPEG file (at most 512 KiB); the format is recognised from the file's content, not its name.",
  },
  'fiscal_profile.invalid_tax_regime': {
    status: 422,
    title: 'Tax regime not valid for this RFC',
    remediation:
      "Send a c_RegimenFiscal code in force that applies to the RFC's persona (12-character RFC: moral, 13: física); GET /v1/catalogs/regimen_fiscal lists them.",
  },
  'webhook.invalid_url': {
    status: 422,
    title: 'Invalid webhook URL',
    remediation:
      'Register an absolute https:// URL without a user name, password or fragment whose host resolves in public DNS (plain http is accepted only outside production), for example https://example.com/webhooks.',
  },
  'webhook.url_not_allowed': {
    status: 422,
    title: 'Webhook URL points to a private address',
    remediation:
      'Use a URL whose host resolves only to public IP addresses: loopback, private, link-local, carrier-grade NAT, multicast and cloud metadata addresses are refused (loopback is allowed outside production). To test locally, run outside production or expose your receiver through a public HTTPS tunnel.',
  },
  'webhook.endpoint_disabled': {
    status: 409,
    title: 'Webhook endpoint disabled',
    remediation:
      'Enable the endpoint with PATCH /v1/webhook_endpoints/{id} and `{"enabled": true}` once it answers 2xx again, then resend the event with POST /v1/events/{id}/resend.',
  },
  'webhook.test_rate_limited': {
    status: 429,
    title: 'Too many test events for this endpoint',
    remediation:
      'Each webhook endpoint takes 5 test events a minute (POST /v1/webhook_endpoints/{id}/test); wait the seconds given in `Retry-After`. The deliveries already sent are in GET /v1/webhook_endpoints/{id}/deliveries.',
  },
  'webhook.endpoint_limit_reached': {
    status: 422,
    title: 'Too many webhook endpoints',
    remediation:
      'Delete an unused endpoint with DELETE /v1/webhook_endpoints/{id}, or subscribe one endpoint to more event types with `enabled_events`; each organization can have 16 endpoints per mode.',
  },
  'cfdi.xml_unavailable': {
    status: 409,
    title: 'Only metadata is stored for this CFDI',
    remediation: 'Create a download of type `cfdi` for its period and side; the SAT serves no XML of cancelled received CFDIs, whose metadata is all there is.',
  },
  'download.invalid_filter': {
    status: 422,
    title: 'The SAT cannot serve this combination',
    remediation:
      'Received CFDIs that are cancelled come only as metadata: ask for `type: metadata` with `document_status: cancelled`, or drop the status filter for XML.',
  },
  'download.over_limit': {
    status: 'job',
    title: 'Too many CFDIs even in the shortest range',
    remediation:
      'The SAT refused even a one-hour part of the range as over its cap (200,000 XML, 1,000,000 metadata rows); narrow the download with `counterparty_rfc` or `voucher_type`.',
  },
  'download.package_unavailable': {
    status: 'job',
    title: 'SAT package no longer available',
    remediation: 'Create the download again: the SAT keeps a package for 72 hours after the request finished and serves it at most twice.',
  },
  'export.not_ready': {
    status: 409,
    title: 'Export file not ready',
    remediation:
      "Wait for the export's `status` to be `completed` (GET /v1/exports/{id} shows its progress, or subscribe to `export.completed`); a `failed` export has no file: create it again.",
  },
  'export.expired': {
    status: 410,
    title: 'Export file expired',
    remediation: 'The file is deleted 24 hours after it is built; create the export again with POST /v1/exports.',
  },
  'export.build_failed': {
    status: 'job',
    title: 'Export could not be built',
    remediation: "Read the export's `error.detail`; create the export again (the same filters select the same CFDIs).",
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CATALOG, value);
}

/** `auth.key_revoked` → `auth-key_revoked`: the anchor in `/docs/errors`. */
export function errorAnchor(code: string): string {
  return code.replace('.', '-');
}

/** `auth.key_revoked` → `auth_key_revoked`: the last segment of the problem `type` URI. */
export function errorTypeSlug(code: string): string {
  return code.replace('.', '_');
}
