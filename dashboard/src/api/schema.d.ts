/**
 * The API's types, generated from its OpenAPI document (GET /openapi.json) by openapi-typescript.
 * Do not edit: run `npm run api-types` after changing a route's schema.
 */

export interface paths {
  '/docs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** API reference (HTML) */
    get: operations['getApiReference'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/errors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Error catalog
     * @description HTML by default; JSON when `Accept` prefers `application/json`. Each row is anchored by the code with its first dot replaced by a hyphen. The HTML page is in Spanish when `lang=es` is given, or without `lang` when `Accept-Language` prefers Spanish; every title and remediation shows in both languages.
     */
    get: operations['getErrorCatalog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/guides': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List guides
     * @description HTML by default; JSON when `Accept` prefers `application/json`.
     */
    get: operations['listGuides'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/guides/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a guide
     * @description Markdown by default; an HTML page in the reference's style when `Accept` prefers `text/html` to `text/markdown` (a browser).
     */
    get: operations['getGuide'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/errors/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Resolve a problem type URI
     * @description The `type` of every problem is `<base>/errors/<code with its first dot replaced by an underscore>`; this redirects to its row in the catalog.
     */
    get: operations['resolveErrorType'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness probe */
    get: operations['getLiveness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/llms-full.txt': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Full documentation as plain text
     * @description Overview, authentication, versioning, every guide, every endpoint and the error catalog in one file for machine readers.
     */
    get: operations['getLlmsFullText'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** OpenAPI 3.1 document */
    get: operations['getOpenApiDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Readiness probe
     * @description Ready when the database is reachable, every migration is applied and every other dependency check passes. A Redis rate-limit store is reported (`rate_limits`: `redis_reachable`, `local_decisions`) but never makes the node unready: without it the node rate limits with buckets of its own.
     */
    get: operations['getReadiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/accounts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List connected accounts */
    get: operations['listAccounts'];
    put?: never;
    /** Create a connected account */
    post: operations['createAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/accounts/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a connected account */
    get: operations['getAccount'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update or disable a connected account */
    patch: operations['updateAccount'];
    trace?: never;
  };
  '/v1/admin/catalogs/imports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Import SAT catalogs (operator)
     * @description Operator endpoint, authorized with `Authorization: Bearer <ADMIN_TOKEN>` (not an API key). The body is the file itself (`Content-Type: application/octet-stream`): the SAT workbook, a CSV, a gzipped CSV, or a zip of several. Every file is checked before anything is written; each changed catalog gets a new version that becomes active, with the others of the import, only once complete, while the old version keeps answering. `invoicing catalogs import` sends its files here when a server runs on the embedded database.
     */
    post: operations['importCatalogs'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/api_keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List API keys (both modes) */
    get: operations['listApiKeys'];
    put?: never;
    /** Create an API key */
    post: operations['createApiKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/api_keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve an API key */
    get: operations['getApiKey'];
    put?: never;
    post?: never;
    /** Revoke an API key */
    delete: operations['revokeApiKey'];
    options?: never;
    head?: never;
    /** Rename an API key or pin its API version */
    patch: operations['updateApiKey'];
    trace?: never;
  };
  '/v1/balance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve the stamp-credit balance */
    get: operations['getBalance'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/catalogs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the SAT catalogs
     * @description Every catalog in a fixed order. `starting_after` and `ending_before` take a slug.
     */
    get: operations['listCatalogs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/catalogs/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search a SAT catalog
     * @description Without `q`, entries in code order. With `q`, the matching entries best first: the exact code, then the exact name, a name that starts with the query, entries whose own name holds the words, and the codes your organization has invoiced most ranked up. `starting_after` and `ending_before` take a code and list in code order.
     */
    get: operations['searchCatalog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/catalogs/{slug}/{code}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a SAT catalog key */
    get: operations['getCatalogEntry'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/cfdis': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List stored CFDIs, newest first
     * @description Every CFDI downloads brought into this organization's store (issued and received), once per UUID. Filters combine; `date[gte]`/`date[lte]` bound the CFDI's own Fecha (Mexico City).
     */
    get: operations['listCfdis'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/cfdis/{uuid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a stored CFDI with its content
     * @description The CFDI as listed, plus `details`: its content, read from the XML once when it was stored (null for metadata-only rows and for versions the store does not read, `indexed: false`). An unknown UUID, or one of another organization or mode, is a 404. Its rate-limit cost follows its size: one read token per started 64 KiB served (at least its declared cost: 1 for the CFDI, 2 for its XML), so reading a large CFDI spends the bucket faster; while the service sheds load such a read is refused with 503 like any expensive request.
     */
    get: operations['getCfdi'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/cfdis/{uuid}/xml': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a stored CFDI's XML
     * @description The document byte for byte. Its rate-limit cost follows its size: one read token per started 64 KiB served (at least its declared cost: 1 for the CFDI, 2 for its XML), so reading a large CFDI spends the bucket faster; while the service sheds load such a read is refused with 503 like any expensive request.
     */
    get: operations['getCfdiXml'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/cfdis/totals': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Sum the stored CFDIs a list would select
     * @description The filters of `GET /v1/cfdis`; the answer counts the CFDIs they select and sums their SubTotal, Descuento and Total by voucher type and currency (amounts in two currencies are never added). Cancelled CFDIs are included unless `status` says otherwise.
     */
    get: operations['getCfdiTotals'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/customers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List customers
     * @description Newest first; `search` matches part of the RFC or the legal name.
     */
    get: operations['listCustomers'];
    put?: never;
    /**
     * Create a customer
     * @description Checks the receptor as the SAT does at stamping: the CFDI 4.0 receptor rules (RFC, régimen for the persona, postal code, uso CFDI for the régimen) and, in test mode, the RFC validation (the RFC registered with this name and postal code). Live mode has no RFC validation: the customer is saved with `tax_validation.status: unverified`.
     */
    post: operations['createCustomer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/customers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a customer */
    get: operations['getCustomer'];
    put?: never;
    post?: never;
    /**
     * Delete a customer
     * @description Invoices made for the customer keep their own copy of the receptor.
     */
    delete: operations['deleteCustomer'];
    options?: never;
    head?: never;
    /**
     * Update a customer
     * @description A change to the RFC, name, régimen, postal code, uso CFDI or foreign data is checked again as on create. Invoices already made keep their own copy.
     */
    patch: operations['updateCustomer'];
    trace?: never;
  };
  '/v1/downloads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List downloads, newest first */
    get: operations['listDownloads'];
    put?: never;
    /**
     * Request a SAT bulk download
     * @description Registers a solicitud with the SAT's bulk download service (descarga masiva) using the profile's FIEL, and answers `requested` with the SAT's `sat_request_id`. The service then verifies it with backoff (the SAT takes minutes to days), splits a range over the SAT's cap, downloads every package once, keeps it, and stores each CFDI in the CFDI store (`GET /v1/cfdis`); follow it with `download.updated` events or `GET /v1/downloads/{id}`. An identical download while the SAT still holds the first one's request shares it (see `metadata.warnings`).
     */
    post: operations['createDownload'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/downloads/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a download */
    get: operations['getDownload'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/downloads/{id}/packages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a download's stored packages
     * @description The packages the service downloaded from the SAT and keeps, in order; `index` is what `GET /v1/downloads/{id}/packages/{index}` takes. Empty until the SAT has finished.
     */
    get: operations['listDownloadPackages'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/downloads/{id}/packages/{index}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a package (zip)
     * @description Package `index` (0-based) as the SAT sent it: a zip of `<UUID>.xml` files (type `cfdi`) or of the metadata `.txt` (type `metadata`), streamed from the service's copy, so it stays available after the SAT's 72 hours.
     */
    get: operations['getDownloadPackage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List events, newest first */
    get: operations['listEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve an event */
    get: operations['getEvent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List an event's webhook deliveries to every endpoint, newest first */
    get: operations['listEventDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events/{id}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Deliver an event again (same webhook-id) */
    post: operations['resendEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/exports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List exports, newest first */
    get: operations['listExports'];
    put?: never;
    /**
     * Export CFDIs of the store or invoices as CSV, XLSX or a ZIP
     * @description Answers `pending` at once; a durable job reads every CFDI the filters select (those of `GET /v1/cfdis`), or with `source: invoices` every invoice (those of `GET /v1/invoices`; a ZIP holds each stamped one's XML and PDF), writes the file and reports `progress`. When it is `completed` (event `export.completed`; `export.failed` if it cannot be built), `file.url` serves it with the same API key for 24 hours (`expires_at`), after which the file is deleted. Honours `Idempotency-Key`.
     */
    post: operations['createExport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/exports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve an export and its progress */
    get: operations['getExport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/exports/{id}/file': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download an export's file
     * @description The built file, streamed, as an attachment, with the same API key (organization and mode) that created the export, until `expires_at`.
     */
    get: operations['getExportFile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/fiscal_profiles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List fiscal profiles */
    get: operations['listFiscalProfiles'];
    put?: never;
    /**
     * Create a fiscal profile
     * @description multipart/form-data (preferred) with the CSD files, or JSON with base64 files. The RFC comes from the CSD. With the FIEL and `manifest_email` the carta manifiesto is signed at once and the profile is `active`.
     */
    post: operations['createFiscalProfile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/fiscal_profiles/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a fiscal profile */
    get: operations['getFiscalProfile'];
    put?: never;
    post?: never;
    /** Delete a fiscal profile */
    delete: operations['deleteFiscalProfile'];
    options?: never;
    head?: never;
    /**
     * Update a fiscal profile
     * @description Rotate the CSD (same RFC only), add or replace the FIEL, or change the logo, brand colour, legal name, tax regime, zip or metadata.
     */
    patch: operations['updateFiscalProfile'];
    trace?: never;
  };
  '/v1/fiscal_profiles/{id}/branding_preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Preview the PDF branding
     * @description Renders a sample invoice with this profile as emisor (its RFC, name, regime, zip and saved logo) and the candidate `brand_color`, with the same renderer as stamped invoices. The PDF says on every page that it is a preview and not a CFDI: it has no folio fiscal, seal or QR. Nothing is saved or counted; works in test and live mode.
     */
    post: operations['previewFiscalProfileBranding'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/fiscal_profiles/{id}/manifest': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign the carta manifiesto
     * @description Signs the carta manifiesto with the FIEL sent (then kept on the profile) or the one already stored, and records the contact e-mail; the profile becomes `active`.
     */
    post: operations['signFiscalProfileManifest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/fiscal_profiles/{id}/sync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve the synchronization state */
    get: operations['getFiscalProfileSync'];
    put?: never;
    /**
     * Turn on automatic SAT synchronization
     * @description Authenticates the profile's FIEL with the SAT, then mirrors every CFDI it issued or received from `sync_from` into the CFDI store (`GET /v1/cfdis`) and keeps it current by itself. A sync already on is a no-op that answers its state. Follow it with `fiscal_profile_sync.updated` and `cfdi.received` events.
     */
    post: operations['enableFiscalProfileSync'];
    /** Turn synchronization off */
    delete: operations['disableFiscalProfileSync'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/invoices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List invoices */
    get: operations['listInvoices'];
    put?: never;
    /**
     * Create an invoice
     * @description Validates the request against the SAT catalogs and the CFDI 4.0 rules and creates a `draft` with its amounts computed and its folio assigned. Every failing field is listed in one 422 `cfdi.invalid_input`.
     */
    post: operations['createInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/invoices/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve an invoice */
    get: operations['getInvoice'];
    put?: never;
    post?: never;
    /** Delete a draft invoice */
    delete: operations['deleteInvoice'];
    options?: never;
    head?: never;
    /**
     * Update a draft invoice
     * @description Drafts only (409 `invoice.not_stampable` otherwise). The invoice is validated and its amounts recomputed as on creation.
     */
    patch: operations['updateInvoice'];
    trace?: never;
  };
  '/v1/invoices/{id}/acuse': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Download the cancellation acuse */
    get: operations['getInvoiceAcuse'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/invoices/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel an invoice
     * @description Asks the SAT (through the PAC) to cancel a stamped invoice. Cancelled at once when no acceptance is needed; otherwise `cancellation.status` is `pending` until the receptor answers (72 business hours; silence accepts).
     */
    post: operations['cancelInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/invoices/{id}/email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * E-mail an invoice
     * @description Queues an e-mail with the invoice's PDF and XML (the same bytes as the download endpoints), in Spanish (default) or English, with the fiscal profile's logo and colour. Sent by a job with retries; `invoice.email_sent` or `invoice.email_failed` tells the outcome, and GET /v1/invoices/{id}/emails shows every attempt. Without a mail server outside production the message is kept by the service's mail catcher (docs/guides/email.md).
     */
    post: operations['emailInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/invoices/{id}/emails': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an invoice's e-mails
     * @description Every e-mail of the invoice with its delivery log, oldest first.
     */
    get: operations['listInvoiceEmails'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/invoices/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Download the PDF */
    get: operations['getInvoicePdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/invoices/{id}/stamp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stamp an invoice
     * @description Seals the draft with the profile's CSD (Fecha now, in the issuer's local time) and has it stamped by the PAC (the simulator in test mode). Live stamps consume one credit. Safe to retry with the same Idempotency-Key: a stamp already made is returned, never repeated.
     */
    post: operations['stampInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/invoices/{id}/xml': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Download the stamped XML */
    get: operations['getInvoiceXml'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/invoices/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Preview an invoice
     * @description Takes the body of POST /v1/invoices and answers what it would become, without storing anything, assigning a folio or stamping: the amounts computed exactly as on creation (subtotal, discount, the taxes by tax and rate, total; for a payment, the sum of its payments) and every failing field, in the language of `Accept-Language`. Answers 200 whether the body is valid or not (`valid`); amounts are null while some cannot be computed.
     */
    post: operations['previewInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/organizations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an organization with a test and a live key (development bootstrap)
     * @description Public and unauthenticated; turned off in production (403 `org.bootstrap_disabled`).
     */
    post: operations['bootstrapOrganization'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/payable_invoices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a customer's payable invoices
     * @description The customer's stamped PPD invoices (the newest 100) with a balance left, each with its saldo insoluto (the balance the last stamped payment of this account left, or its total), what was paid, the next installment number and its taxes: what a payment (type P) needs for `payments[].documents[]`. Payments issued outside this service are not known to it.
     */
    get: operations['listPayableInvoices'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/products': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List products
     * @description Newest first; `search` matches part of the description or the SKU.
     */
    get: operations['listProducts'];
    put?: never;
    /**
     * Create a product
     * @description Checked with the rules of an invoice item: product and unit keys in force in the SAT catalogs, the price, and the taxes for the objeto de impuesto.
     */
    post: operations['createProduct'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/products/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a product */
    get: operations['getProduct'];
    put?: never;
    post?: never;
    /**
     * Delete a product
     * @description Invoices that used the product keep their own copy of the item.
     */
    delete: operations['deleteProduct'];
    options?: never;
    head?: never;
    /**
     * Update a product
     * @description The product after the change is checked again. Invoices already made keep their own copy of the item.
     */
    patch: operations['updateProduct'];
    trace?: never;
  };
  '/v1/reports/monthly': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A fiscal profile's monthly figures from its stored CFDIs
     * @description Income and credit notes issued and received, payments, IVA trasladado, IVA acreditable (on cash flow: received PUE by Fecha, PPD through the Pagos dated in the month) and retenciones, in MXN, from the CFDIs the profile's downloads brought into the store; cancelled CFDIs excluded. Each figure names its drill-down (`items_url`). An unknown profile is a 404.
     */
    get: operations['getMonthlyReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/reports/monthly/items': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The CFDIs behind one figure of a monthly report
     * @description One page of the figure's items in date order, each with its signed share in MXN; the items of a figure add up to its amount.
     */
    get: operations['listMonthlyReportItems'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List usage records */
    get: operations['listUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/validations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List validations, newest first */
    get: operations['listValidations'];
    put?: never;
    /**
     * Validate a CFDI
     * @description Checks any CFDI 4.0 (yours or anyone's) and stores the result: safe XML, a CFDI 4.0 Comprobante, its structure against the SAT's XSDs, arithmetic, catalog keys, the issuer's Sello and certificate (a CSD of the Emisor, valid at Fecha), the TimbreFiscalDigital and, when stamped, its live status at the SAT (in test mode, at the simulator). `checks` gives each check's outcome: passed, failed, could not run here (not verifiable here: what the simulator cannot know about a real CFDI, a SAT that cannot be reached; with what would make it verifiable) or not applicable. Send JSON `{"xml_base64": …}` or the XML itself with `Content-Type: application/xml`; both give the same result. Bytes that are no XML document are a 422 `cfdi.parse_error` and nothing is stored; any XML document gets a validation, `valid: false` with its `errors` unless every check passed.
     */
    post: operations['createValidation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/validations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a validation */
    get: operations['getValidation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List API versions
     * @description Every dated version of the API with its changes, the current version and how to pin one. No API key needed.
     */
    get: operations['listVersions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhook_endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List webhook endpoints */
    get: operations['listWebhookEndpoints'];
    put?: never;
    /** Create a webhook endpoint */
    post: operations['createWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhook_endpoints/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a webhook endpoint */
    get: operations['getWebhookEndpoint'];
    put?: never;
    post?: never;
    /** Delete a webhook endpoint */
    delete: operations['deleteWebhookEndpoint'];
    options?: never;
    head?: never;
    /** Update, pause or resume a webhook endpoint */
    patch: operations['updateWebhookEndpoint'];
    trace?: never;
  };
  '/v1/webhook_endpoints/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the deliveries to a webhook endpoint, newest first */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhook_endpoints/{id}/rotate_secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Rotate the signing secret (the old one keeps signing for 24 hours) */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhook_endpoints/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event to this endpoint only
     * @description Sends a `webhook_endpoint.test` event, whose `data.object` is the endpoint (without its secret), to this endpoint and to no other, whatever the endpoints subscribe to. It goes the way every event goes: signed with the endpoint's secret (Standard Webhooks headers), attempted at once and retried on failure, listed in the endpoint's deliveries and in `GET /v1/events`. Each endpoint takes 5 test events a minute.
     */
    post: operations['testWebhookEndpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description A SAT catalog and the version in use. */
    Catalog: {
      /** @description Written in the service itself (the small catalogs); the others are loaded from the shipped files or imported. */
      builtin: boolean;
      /** @description False until the catalog is in force on this server: its keys are then checked for format only. */
      loaded: boolean;
      /** @description A new version is being written from the shipped catalogs; the active one (if any) answers until it is complete. */
      loading: boolean;
      name: string;
      /** @enum {string} */
      object: 'catalog';
      /** @description `builtin`: written in the service; `shipped`: from the catalogs shipped with it (`release`); `import`: imported by the operator. */
      origin: 'builtin' | 'shipped' | 'import' | null;
      /** @description The shipped release of a `shipped` version (see sat-catalogs/MANIFEST.json). */
      release: string | null;
      row_count: number;
      /** @description The SAT catalog, e.g. `c_UsoCFDI`. */
      sat_name: string;
      /** @description The catalog in URLs, e.g. `uso_cfdi`. */
      slug: string;
      /** @description The files the active version came from. */
      source: string | null;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp, or null.
       */
      updated_at: string | null;
      /** @description Active version; each load or import that changes the content adds one. */
      version: number | null;
    };
    /** @description One key of a SAT catalog. */
    CatalogEntry: {
      /** @description The catalog slug. */
      catalog: string;
      /** @description The SAT key. */
      code: string;
      /** @description The catalog's other columns (see the catalogs guide). */
      data: {
        [key: string]: string | number | boolean | null | string[];
      };
      description: string;
      /** @enum {string} */
      object: 'catalog_entry';
      /** @description First day the key may be used. */
      valid_from: string | null;
      /** @description Last day the key may be used; null while open. */
      valid_to: string | null;
    };
    /** @description What an import changed, catalog by catalog. */
    CatalogImport: {
      catalogs: {
        added: number;
        catalog: string;
        changed: number;
        previous_version: number | null;
        removed: number;
        rows: number;
        sat_name: string;
        sources: string[];
        status: 'created' | 'updated' | 'unchanged' | 'kept';
        version: number;
      }[];
      dry_run: boolean;
      ignored_columns: {
        columns: string[];
        source: string;
      }[];
      /** @enum {string} */
      object: 'catalog_import';
      path: string;
      skipped: {
        reason: string;
        source: string;
      }[];
    };
    /** @description A CFDI 4.0 invoice. */
    Invoice: {
      cancellation: {
        /** @description True when GET /v1/invoices/{id}/acuse returns the SAT acuse. */
        acuse_available: boolean;
        /** @description Motivo 01-04. */
        reason: string | null;
        /**
         * Format: date-time
         * @description ISO 8601 UTC timestamp, or null.
         */
        requested_at: string | null;
        /**
         * Format: date-time
         * @description ISO 8601 UTC timestamp, or null.
         */
        resolved_at: string | null;
        /** @description none → pending (waiting for the SAT or the receptor, who has 72 business hours) → accepted (the invoice is cancelled) or rejected. */
        status: 'none' | 'pending' | 'accepted' | 'rejected';
        /** @description Reason 01: the invoice that replaces this one. */
        substitute_invoice_id: string | null;
      };
      /** @description Payment conditions. */
      conditions: string | null;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       */
      created_at: string;
      currency: string;
      customer: {
        /** @description Foreign customers: country of tax residence. */
        country: string | null;
        /** @description Where the invoice is e-mailed by default (not part of the CFDI). */
        email: string | null;
        name: string;
        rfc: string;
        /** @description Foreign customers: tax id. */
        tax_id: string | null;
        tax_regime: string;
        use: string;
        zip: string;
      };
      /** @description The saved customer (`cus_…`) the receptor was filled from, or null; `customer` is what the invoice itself carries. */
      customer_id: string | null;
      /** @description Sum of the item discounts. */
      discount: string | null;
      /** @description The invoice's own automatic e-mail settings as given (null when it follows its fiscal profile's `email_settings` in everything). */
      email: {
        /** @description es (Spanish) or en (English). */
        language?: 'es' | 'en';
        recipients?: string[];
        send_on_cancel?: boolean;
        send_on_stamp?: boolean;
      } | null;
      /** @description Why the last stamp attempt failed (`code: detail`); null otherwise. */
      error: string | null;
      /** @description MXN per unit of `currency`. */
      exchange_rate: string | null;
      export: string;
      /** @description An issuer taxpayer. Private keys and passwords are encrypted at rest and never returned. */
      fiscal_profile: {
        brand_color: string;
        /**
         * Format: date-time
         * @description ISO 8601 UTC timestamp.
         */
        created_at: string;
        csd: {
          rfc: string;
          serial: string;
          /**
           * Format: date-time
           * @description ISO 8601 UTC timestamp.
           */
          valid_from: string;
          /**
           * Format: date-time
           * @description ISO 8601 UTC timestamp.
           */
          valid_to: string;
        };
        /** @description Automatic e-mails of the profile's invoices (docs/guides/email.md). All off by default. */
        email_settings: {
          /** @description es (Spanish) or en (English). */
          language: 'es' | 'en';
          /** @description E-mail the cancellation notice, with the acuse, when an invoice's cancellation completes (an invoice's `email.send_on_cancel` overrides it). */
          send_on_cancel: boolean;
          /** @description E-mail each invoice to its customer when it is stamped (an invoice's `email.send_on_stamp` overrides it). */
          send_on_stamp: boolean;
        };
        has_fiel: boolean;
        has_logo: boolean;
        id: string;
        legal_name: string;
        livemode: boolean;
        /**
         * Format: date-time
         * @description ISO 8601 UTC timestamp, or null.
         */
        manifest_signed_at: string | null;
        manifest_status: 'pending_signature' | 'signed';
        metadata: {
          [key: string]: string;
        };
        /** @description What must happen before the profile can stamp. */
        next_actions: {
          /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
          endpoint: string;
          message: string;
          /** @description What that request must carry. */
          requires: string[];
          /** @description e.g. `sign_manifest`, `renew_csd`. */
          type: string;
        }[];
        /** @enum {string} */
        object: 'fiscal_profile';
        /** @description Everything outstanding, including advance notices such as a CSD about to expire. */
        pending_actions: {
          /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
          endpoint: string;
          message: string;
          /** @description What that request must carry. */
          requires: string[];
          /** @description e.g. `sign_manifest`, `renew_csd`. */
          type: string;
        }[];
        /** @description Derived from the CSD certificate. */
        rfc: string;
        /** @description `active` when the profile can stamp. */
        status: 'requires_action' | 'active';
        tax_regime: string;
        /**
         * Format: date-time
         * @description ISO 8601 UTC timestamp.
         */
        updated_at: string;
        zip: string;
      };
      fiscal_profile_id: string;
      folio: string;
      global: {
        months: string;
        periodicity: string;
        year: string;
      } | null;
      id: string;
      items: {
        /** @description quantity × unit_price, rounded to the currency decimals. */
        amount: string;
        description: string;
        /** @description Discount on the item. */
        discount: string | null;
        /** @description The saved product (`prod_…`) this item was filled from, or null. */
        product_id: string | null;
        product_key: string;
        quantity: string;
        /** @description Your product code. */
        sku: string | null;
        /** @description c_ObjetoImp. */
        tax_object: string;
        taxes: {
          /** @description Tax amount, rounded to the currency decimals; null for Exento. */
          amount: string | null;
          base: string;
          /** @description Tasa, Cuota or Exento. */
          factor: string;
          /** @description Six decimals; null for Exento. */
          rate: string | null;
          /** @description IVA, ISR or IEPS. */
          type: string;
          withholding: boolean;
        }[];
        /** @description Your unit name. */
        unit: string | null;
        unit_key: string;
        unit_price: string;
      }[];
      livemode: boolean;
      /** @description Your own key-value pairs (at most 50 keys), echoed back. */
      metadata: {
        [key: string]: string;
      };
      /** @description Number of the certificate that sealed the stamp. */
      no_certificado_sat: string | null;
      /** @enum {string} */
      object: 'invoice';
      /** @description c_FormaPago. */
      payment_form: string | null;
      /** @description PUE or PPD. */
      payment_method: string | null;
      payments:
        | {
            amount: string;
            currency: string;
            date: string;
            documents: {
              amount_paid: string;
              /** @description Balance left after this payment (ImpSaldoInsoluto). */
              balance: string;
              currency: string;
              equivalence: string;
              /** @description Folio of the paid CFDI. */
              folio: string | null;
              installment: number;
              /** @description The paid invoice of this account, when given by id. */
              invoice: string | null;
              previous_balance: string;
              /** @description Serie of the paid CFDI. */
              serie: string | null;
              tax_object: string;
              taxes: {
                /** @description Tax amount, rounded to the currency decimals; null for Exento. */
                amount: string | null;
                base: string;
                /** @description Tasa, Cuota or Exento. */
                factor: string;
                /** @description Six decimals; null for Exento. */
                rate: string | null;
                /** @description IVA, ISR or IEPS. */
                type: string;
                withholding: boolean;
              }[];
              uuid: string;
            }[];
            exchange_rate: string;
            /** @description Bank operation number. */
            operation_number: string | null;
            payment_form: string;
          }[]
        | null;
      /** Format: uri */
      pdf_url: string;
      related: {
        relationship: string;
        uuids: string[];
      }[];
      /** @description The issuer seal. */
      sello_cfd: string | null;
      /** @description The SAT/PAC seal of the stamp. */
      sello_sat: string | null;
      /** @description Your series; null when the invoice has none. */
      serie: string | null;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp, or null.
       */
      stamped_at: string | null;
      /** @description draft → stamping (PAC call in flight) → stamped → cancelled. A failed stamp leaves it draft with `error` set. */
      status: 'draft' | 'stamping' | 'stamped' | 'cancelled';
      /** @description Decimal string. */
      subtotal: string;
      /** @description Decimal string. */
      total: string;
      /** @description Sum of the transferred taxes (traslados). */
      total_taxes_transferred: string | null;
      /** @description Sum of the withheld taxes (retenciones). */
      total_taxes_withheld: string | null;
      /** @description I income, E credit note, P payment, T transfer. */
      type: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       */
      updated_at: string;
      /** @description Fiscal folio (UUID), set on stamping. */
      uuid: string | null;
      /** Format: uri */
      xml_url: string;
    };
    /** @description An invoice request's computed amounts and failing fields; nothing is stored. */
    InvoicePreview: {
      /** @description XXX for a payment (type P). */
      currency: string;
      /** @description Sum of the item discounts; null without discounts. */
      discount: string | null;
      /** @description Every failing field, as the 422 `cfdi.invalid_input` of a create would list it, in the language of `Accept-Language`. */
      errors: {
        code: string;
        message: string;
        path: string;
      }[];
      livemode: boolean;
      /** @enum {string} */
      object: 'invoice_preview';
      /** @description Type P: the sum of the payments in MXN (MontoTotalPagos); null otherwise. */
      payments_total: string | null;
      /** @description Null while some amount cannot be computed (see `errors`). */
      subtotal: string | null;
      /** @description The invoice-level taxes as the CFDI groups them: transferred by tax, factor and rate, withheld by tax. */
      taxes: {
        /** @description Null for Exento. */
        amount: string | null;
        /** @description The base of a transferred tax; null for a withheld tax. */
        base: string | null;
        /** @description Tasa, Cuota or Exento; null for a withheld tax (the CFDI totals withholdings by tax only). */
        factor: string | null;
        /** @description Six decimals; null for Exento and for a withheld tax. */
        rate: string | null;
        /** @description IVA, ISR or IEPS. */
        type: string;
        withholding: boolean;
      }[];
      /** @description Null while some amount cannot be computed. A payment (type P) is 0: see `payments_total`. */
      total: string | null;
      /** @description Sum of the transferred taxes (traslados). */
      total_taxes_transferred: string | null;
      /** @description Sum of the withheld taxes (retenciones). */
      total_taxes_withheld: string | null;
      /** @description I, E, P or T. */
      type: string;
      /** @description True when POST /v1/invoices would accept this body as it is (`errors` is empty). */
      valid: boolean;
    };
    /** @description RFC 9457 problem details. */
    Problem: {
      code: string;
      detail: string;
      /** Format: uri */
      doc_url?: string;
      errors?: {
        code: string;
        message: string;
        path: string;
      }[];
      remediation: string;
      request_id: string;
      status: number;
      title: string;
      /** Format: uri */
      type: string;
    };
    VersionList: {
      /** @description The version used when neither the request nor the key names one. */
      current: string;
      /** @description Every version, newest first. */
      data: {
        changes: string[];
        summary: string;
        /** @description When the version stops being served; while set, its responses carry `Deprecation` and `Sunset`. */
        sunset_at: string | null;
        /** @description The date that names the version. */
        version: string;
      }[];
      has_more: boolean;
      how_to_pin: string;
      /** @enum {string} */
      object: 'list';
      /** @description Path the list was requested from (from version 2026-07-15). */
      url?: string;
    };
  };
  responses: {
    /** @description Bad request: an unknown `Invoice-Version`, malformed JSON or an invalid header (`request.*`, `idempotency.key_invalid`, `connect.not_supported_here`). */
    BadRequest: {
      headers: {
        'Invoice-Version': components['headers']['InvoiceVersion'];
        'Request-Id': components['headers']['RequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The Idempotency-Key was used with another request, or its first request is still running (`idempotency.key_reuse`, `idempotency.key_processing`), or the object is in the wrong state. */
    Conflict: {
      headers: {
        'Invoice-Version': components['headers']['InvoiceVersion'];
        'Request-Id': components['headers']['RequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description Unexpected error (`internal.error`); retry with backoff and quote `request_id`. */
    InternalError: {
      headers: {
        'Invoice-Version': components['headers']['InvoiceVersion'];
        'Request-Id': components['headers']['RequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description No such object in this organization and mode, or no such endpoint (`resource.not_found`, `request.route_not_found`). */
    NotFound: {
      headers: {
        'Invoice-Version': components['headers']['InvoiceVersion'];
        'Request-Id': components['headers']['RequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The service cannot take or finish the request right now: more work is waiting than it can finish (`service.overloaded`, expensive requests first), its database cannot be reached for a moment (`service.unavailable`), or CPU-heavy work ran past its time limit (`service.task_timeout`). Retry after `Retry-After`, with backoff and the same Idempotency-Key. */
    ServiceUnavailable: {
      headers: {
        'Invoice-Version': components['headers']['InvoiceVersion'];
        'Request-Id': components['headers']['RequestId'];
        'Retry-After': components['headers']['RetryAfter'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description Rate limit exceeded for this key and request class (`rate_limit.exceeded`). */
    TooManyRequests: {
      headers: {
        'Invoice-Version': components['headers']['InvoiceVersion'];
        'RateLimit-Limit': components['headers']['RateLimitLimit'];
        'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
        'RateLimit-Reset': components['headers']['RateLimitReset'];
        'Request-Id': components['headers']['RequestId'];
        'Retry-After': components['headers']['RetryAfter'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description Missing, invalid or revoked API key (`auth.unauthorized`, `auth.key_revoked`). */
    Unauthorized: {
      headers: {
        'Invoice-Version': components['headers']['InvoiceVersion'];
        'Request-Id': components['headers']['RequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The request failed validation (`request.validation_failed`, with `errors`) or a business rule. */
    UnprocessableContent: {
      headers: {
        'Invoice-Version': components['headers']['InvoiceVersion'];
        'Request-Id': components['headers']['RequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
  };
  parameters: {
    /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
    IdempotencyKey: string;
    /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
    InvoiceAccount: string;
    /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
    InvoiceVersion: '2026-07-15' | '2026-07-10';
  };
  requestBodies: never;
  headers: {
    /** @description The API version the response was rendered in. */
    InvoiceVersion: string;
    /** @description Ceiling of this key's bucket for this request class (reads or writes). */
    RateLimitLimit: number;
    /** @description Requests left in the bucket after this one. */
    RateLimitRemaining: number;
    /** @description Seconds until the bucket is full again. */
    RateLimitReset: number;
    /** @description Id of this request (`req_…`); the same value as `request_id` in problems. Quote it to support. */
    RequestId: string;
    /** @description Seconds to wait before retrying. */
    RetryAfter: number;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getApiReference: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The API reference, rendered from the OpenAPI document. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      500: components['responses']['InternalError'];
    };
  };
  getErrorCatalog: {
    parameters: {
      query?: {
        /** @description The language of the page; overrides `Accept-Language`. */
        lang?: 'en' | 'es';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every error code with its status, title and remediation. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
          'text/html': string;
        };
      };
      500: components['responses']['InternalError'];
    };
  };
  listGuides: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The guides, in reading order. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
          'text/html': string;
        };
      };
      500: components['responses']['InternalError'];
    };
  };
  getGuide: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The guide's slug: lowercase letters, digits and hyphens, e.g. `quickstart`. */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The guide. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
          'text/markdown': string;
        };
      };
      /** @description No such entry (`resource.not_found`). */
      404: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      500: components['responses']['InternalError'];
    };
  };
  resolveErrorType: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The code with its first dot replaced by an underscore, e.g. `auth_key_revoked`. */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect to the code's row in /docs/errors. */
      302: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          Location?: string;
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No such entry (`resource.not_found`). */
      404: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      500: components['responses']['InternalError'];
    };
  };
  getLiveness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The process is up and serving HTTP. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'ok';
          };
        };
      };
      500: components['responses']['InternalError'];
    };
  };
  getLlmsFullText: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The documentation as plain text. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      500: components['responses']['InternalError'];
    };
  };
  getOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description This API, described in OpenAPI 3.1. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      500: components['responses']['InternalError'];
    };
  };
  getReadiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every readiness check passed. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            checks: ({
              /** @description Why the check failed. */
              detail?: string;
              name: string;
              ok: boolean;
            } & {
              [key: string]: unknown;
            })[];
            /** @description Embedded PGlite or a PostgreSQL server. */
            database: 'pglite' | 'postgres';
            /** @description Latest migration applied, and how many this build ships. */
            migrations: {
              applied: number;
              expected: number;
            };
            /** @description Base address of the SAT/PAC simulator this instance uses (outside production). */
            simulator_url?: string;
            /** @enum {string} */
            status: 'ready';
          };
        };
      };
      500: components['responses']['InternalError'];
      /** @description Problem details naming the failing checks. */
      503: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': {
            checks: ({
              /** @description Why the check failed. */
              detail?: string;
              name: string;
              ok: boolean;
            } & {
              [key: string]: unknown;
            })[];
            /** @description Embedded PGlite or a PostgreSQL server. */
            database: 'pglite' | 'postgres';
            detail: string;
            /** @description Latest migration applied, and how many this build ships. */
            migrations: {
              applied: number;
              expected: number;
            };
            request_id: string;
            /** @description Base address of the SAT/PAC simulator this instance uses (outside production). */
            simulator_url?: string;
            /** @enum {number} */
            status: 503;
            title: string;
            type: string;
          };
        };
      };
    };
  };
  listAccounts: {
    parameters: {
      query?: {
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              disabled: boolean;
              email: string | null;
              id: string;
              /** @description Your own key-value pairs (at most 50 keys), echoed back. */
              metadata: {
                [key: string]: string;
              };
              name: string;
              /** @enum {string} */
              object: 'account';
              /** @description The platform organization that owns this account. */
              parent: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createAccount: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: email */
          email?: string;
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          name: string;
        };
      };
    };
    responses: {
      /** @description A connected account. */
      201: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            disabled: boolean;
            email: string | null;
            id: string;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            name: string;
            /** @enum {string} */
            object: 'account';
            /** @description The platform organization that owns this account. */
            parent: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getAccount: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Account id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A connected account. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            disabled: boolean;
            email: string | null;
            id: string;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            name: string;
            /** @enum {string} */
            object: 'account';
            /** @description The platform organization that owns this account. */
            parent: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateAccount: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Account id */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description True offboards the account: acting as it is then refused. */
          disabled?: boolean;
          email?: string | null;
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          name?: string;
        };
      };
    };
    responses: {
      /** @description A connected account. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            disabled: boolean;
            email: string | null;
            id: string;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            name: string;
            /** @enum {string} */
            object: 'account';
            /** @description The platform organization that owns this account. */
            parent: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  importCatalogs: {
    parameters: {
      query: {
        /** @description Read, check and compare with the versions in force, then write nothing. */
        dry_run?: boolean;
        /** @description The file name: `.xls`/`.xlsx` (the SAT workbook), `.csv`, `.csv.gz`, or `.zip` (a folder of them). */
        name: string;
      };
      header?: {
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/octet-stream': unknown;
      };
    };
    responses: {
      /** @description What an import changed, catalog by catalog. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CatalogImport'];
        };
      };
      400: components['responses']['BadRequest'];
      422: components['responses']['UnprocessableContent'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listApiKeys: {
    parameters: {
      query?: {
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
      };
      header?: {
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              id: string;
              /** @description The secret. Returned only by the create call. */
              key?: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              last_used_at: string | null;
              livemode: boolean;
              mode: 'test' | 'live';
              name: string;
              /** @enum {string} */
              object: 'api_key';
              /** @description Non-secret identifying prefix, `sk_live_XXXX` / `sk_test_XXXX`. */
              prefix: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              revoked_at: string | null;
              /** @description Pinned API version, if any. */
              version: string | null;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          mode: 'test' | 'live';
          name: string;
        };
      };
    };
    responses: {
      /** @description An API key. */
      201: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            id: string;
            /** @description The secret. Returned only by the create call. */
            key?: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            last_used_at: string | null;
            livemode: boolean;
            mode: 'test' | 'live';
            name: string;
            /** @enum {string} */
            object: 'api_key';
            /** @description Non-secret identifying prefix, `sk_live_XXXX` / `sk_test_XXXX`. */
            prefix: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            revoked_at: string | null;
            /** @description Pinned API version, if any. */
            version: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getApiKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description API key id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An API key. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            id: string;
            /** @description The secret. Returned only by the create call. */
            key?: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            last_used_at: string | null;
            livemode: boolean;
            mode: 'test' | 'live';
            name: string;
            /** @enum {string} */
            object: 'api_key';
            /** @description Non-secret identifying prefix, `sk_live_XXXX` / `sk_test_XXXX`. */
            prefix: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            revoked_at: string | null;
            /** @description Pinned API version, if any. */
            version: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  revokeApiKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description API key id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            object: 'api_key';
            /** @enum {boolean} */
            revoked: true;
            warning?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateApiKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description API key id */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          /** @description A supported API version, or null to unpin. */
          version?: string | null;
        };
      };
    };
    responses: {
      /** @description An API key. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            id: string;
            /** @description The secret. Returned only by the create call. */
            key?: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            last_used_at: string | null;
            livemode: boolean;
            mode: 'test' | 'live';
            name: string;
            /** @enum {string} */
            object: 'api_key';
            /** @description Non-secret identifying prefix, `sk_live_XXXX` / `sk_test_XXXX`. */
            prefix: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            revoked_at: string | null;
            /** @description Pinned API version, if any. */
            version: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getBalance: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Remaining stamp credits and stamps used. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            livemode: boolean;
            /** @enum {string} */
            object: 'balance';
            /** @description Live stamp credits left; null in test mode, which is unmetered. */
            stamp_credits: number | null;
            /** @description Stamps consumed in this mode. */
            stamps_used: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listCatalogs: {
    parameters: {
      query?: {
        /** @description A catalog slug; returns the catalogs before it in this list. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description A catalog slug; returns the catalogs after it in this list. */
        starting_after?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Catalog'][];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  searchCatalog: {
    parameters: {
      query?: {
        /** @description A code; returns the entries before it in code order. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description `uso_cfdi` and `regimen_fiscal` only: entries that apply to a persona física (`natural`) or moral (`legal`). */
        person_type?: 'natural' | 'legal';
        /** @description Words that must each start the code or a word of the description (or of c_ClaveProdServ's similar words); accents and case are ignored. Results come best first (exact code, exact name, …, the codes your organization uses most ranked up), or in code order with a cursor. */
        q?: string;
        /** @description A code; returns the entries after it in code order. */
        starting_after?: string;
        /** @description `uso_cfdi` only: the uses a receptor in this régimen fiscal may use. */
        tax_regime?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description A catalog slug (or its SAT name, e.g. `c_UsoCFDI`). */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['CatalogEntry'][];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getCatalogEntry: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description The SAT key. */
        code: string;
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One key of a SAT catalog. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CatalogEntry'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listCfdis: {
    parameters: {
      query?: {
        /** @description The other party's RFC: the receptor of issued CFDIs, the emisor of received ones (any case). */
        counterparty?: string;
        /** @description Fecha from, inclusive: a date (from its first second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
        'date[gte]'?: string;
        /** @description Fecha through, inclusive: a date (through its last second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
        'date[lte]'?: string;
        /** @description CFDIs this download brought first. */
        download_id?: string;
        /** @description The emisor's RFC (any case). */
        emisor?: string;
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description CFDIs the profile's downloads brought first. */
        fiscal_profile_id?: string;
        /** @description `false` for metadata-only rows. */
        has_xml?: boolean;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description Search, any case: every word given must start a word of the emisor's or receptor's RFC or name, of the UUID (whole or one of its groups: `04BF2854` or `04BF2854-FE7D` find it), of the serie, of the folio, or of the serie and folio written together (`F123`). Words are split as PostgreSQL's text search splits them; accents count (`José` is not `Jose`). Text with no letter or digit selects nothing. */
        q?: string;
        /** @description The receptor's RFC (any case). */
        receptor?: string;
        /** @description Relative to `fiscal_profile_id`: `issued` when that profile is the emisor, `received` when it is the receptor. */
        side?: 'issued' | 'received';
        /** @description The order: `fecha` (the CFDI's own Fecha, oldest first), `-fecha` (newest first), `total`, `-total` (Total as a number, a Total that is not one sorting below every number; a CFDI without Fecha sorts as the oldest). Ties keep id order in the same direction, and `starting_after`/`ending_before` take a listed id as always: pages neither repeat nor skip a CFDI when many share a Fecha or a Total. Without `sort`, the order the store received them, newest first. */
        sort?: 'fecha' | '-fecha' | 'total' | '-total';
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
        /** @description `active` (vigente) or `cancelled` as the SAT last said; `unknown` for XML no metadata has spoken for yet. */
        status?: 'active' | 'cancelled' | 'unknown';
        /** @description A taxpayer the CFDI was issued on behalf of (one of `third_parties`) (any case). */
        third_party_rfc?: string;
        /** @description `I` ingreso, `E` egreso, `T` traslado, `N` nómina, `P` pago. */
        tipo_de_comprobante?: 'I' | 'E' | 'T' | 'N' | 'P';
        /** @description One UUID (any case). */
        uuid?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              cancelled_at: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              /** @description As written; null when absent. */
              descuento: string | null;
              /** @description The download that first brought it; null when synchronization did. */
              download_id: string | null;
              emisor: {
                /** @description The emisor's name as written in the CFDI (metadata: as the SAT has it). */
                nombre: string | null;
                /** @description The emisor's RFC, upper case. */
                rfc: string | null;
              };
              /** @description The CFDI's Fecha, `YYYY-MM-DDTHH:mm:ss`, Mexico City wall time (metadata: FechaEmision). */
              fecha: string | null;
              /** @description FechaTimbrado, same format (metadata: FechaCertificacionSat). */
              fecha_timbrado: string | null;
              /** @description The profile whose download first brought it. */
              fiscal_profile_id: string;
              folio: string | null;
              /** @description False for rows only the SAT's metadata brought (received CFDIs that were cancelled, or a metadata download). */
              has_xml: boolean;
              /** @description `cfdi_…`, in the order the store received them. */
              id: string;
              /** @description False when the XML is of a version outside those the store reads in full (4.0 and 3.3): a CFDI 3.2 (or 3.0, 3.1) is kept byte for byte with its listed fields read by its own attribute names (its word types as `I`, `E`, `T`), but `details` is null. True otherwise, metadata-only rows included. */
              indexed: boolean;
              livemode: boolean;
              /** @description Null for metadata-only rows. */
              moneda: string | null;
              /** @enum {string} */
              object: 'cfdi';
              receptor: {
                /** @description The receptor's name as written in the CFDI (metadata: as the SAT has it). */
                nombre: string | null;
                /** @description The receptor's RFC, upper case. */
                rfc: string | null;
              };
              /** @description RfcProvCertif of the timbre (metadata: RfcPac); the timbre of a CFDI 3.2 names none. */
              rfc_pac: string | null;
              /** @description `active` (vigente) or `cancelled` as the SAT last said; `unknown` for XML no metadata has spoken for yet. */
              sat_status: 'active' | 'cancelled' | 'unknown';
              serie: string | null;
              /** @description Relative to `fiscal_profile_id`: `issued` when that profile is the emisor, `received` when it is the receptor. */
              side: 'issued' | 'received';
              /** @description As written in the XML; null for metadata-only rows. */
              sub_total: string | null;
              /** @description Taxpayers the CFDI was issued on behalf of (a cuenta de terceros), in RFC order: from the SAT metadata package's `_tercero.txt`, and from the Conceptos' ACuentaTerceros (or the terceros complement of 3.3) of the XML. Empty when none. */
              third_parties: {
                /** @description NombreACuentaTerceros as written (metadata: as the SAT has it). */
                nombre: string | null;
                /** @description RfcACuentaTerceros, upper case. */
                rfc: string;
              }[];
              /** @description `I`, `E`, `T`, `N` or `P` (metadata: EfectoComprobante). */
              tipo_de_comprobante: string | null;
              /** @description As written in the XML (metadata: Monto). */
              total: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              updated_at: string;
              /** @description Folio fiscal (the TimbreFiscalDigital's UUID), upper case. */
              uuid: string;
              /** @description `4.0` or `3.3` (or an older version such as `3.2`, with `indexed: false`); null for metadata-only rows. */
              version: string | null;
              /** @description `GET` it for the XML, byte for byte; null without XML. */
              xml_url: string | null;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getCfdi: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description The CFDI's UUID (any case). */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A CFDI with its content. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            cancelled_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            /** @description As written; null when absent. */
            descuento: string | null;
            /** @description The CFDI's content, read from its XML when it was stored; null for metadata-only rows and when `indexed` is false. */
            details: {
              /** @description One entry per CfdiRelacionados node. */
              cfdi_relacionados: {
                tipo_relacion: string | null;
                /** @description As written. */
                uuids: string[];
              }[];
              /** @description Local names of the complements present (`TimbreFiscalDigital`, `Pagos`, `Nomina`…). */
              complementos: string[];
              /** @description The line items, in document order. */
              conceptos: {
                cantidad: string | null;
                clave_prod_serv: string | null;
                clave_unidad: string | null;
                descripcion: string | null;
                descuento: string | null;
                importe: string | null;
                impuestos: {
                  /** @description Retencion lines. */
                  retenciones: {
                    /** @description Base (null on the Comprobante's retenciones, which have none). */
                    base: string | null;
                    /** @description Null for `Exento`. */
                    importe: string | null;
                    /** @description `001` ISR, `002` IVA, `003` IEPS. */
                    impuesto: string | null;
                    tasa_o_cuota: string | null;
                    /** @description `Tasa`, `Cuota` or `Exento`. */
                    tipo_factor: string | null;
                  }[];
                  /** @description Traslado lines. */
                  traslados: {
                    /** @description Base (null on the Comprobante's retenciones, which have none). */
                    base: string | null;
                    /** @description Null for `Exento`. */
                    importe: string | null;
                    /** @description `001` ISR, `002` IVA, `003` IEPS. */
                    impuesto: string | null;
                    tasa_o_cuota: string | null;
                    /** @description `Tasa`, `Cuota` or `Exento`. */
                    tipo_factor: string | null;
                  }[];
                };
                no_identificacion: string | null;
                /** @description ObjetoImp (CFDI 4.0); null in 3.3. */
                objeto_imp: string | null;
                unidad: string | null;
                valor_unitario: string | null;
              }[];
              condiciones_de_pago: string | null;
              emisor: {
                regimen_fiscal: string | null;
              };
              /** @description CFDI 4.0; null in 3.3. */
              exportacion: string | null;
              forma_pago: string | null;
              /** @description The Comprobante's Impuestos node; null when it has none. */
              impuestos: {
                /** @description Retencion lines. */
                retenciones: {
                  /** @description Base (null on the Comprobante's retenciones, which have none). */
                  base: string | null;
                  /** @description Null for `Exento`. */
                  importe: string | null;
                  /** @description `001` ISR, `002` IVA, `003` IEPS. */
                  impuesto: string | null;
                  tasa_o_cuota: string | null;
                  /** @description `Tasa`, `Cuota` or `Exento`. */
                  tipo_factor: string | null;
                }[];
                total_impuestos_retenidos: string | null;
                total_impuestos_trasladados: string | null;
                /** @description Traslado lines. */
                traslados: {
                  /** @description Base (null on the Comprobante's retenciones, which have none). */
                  base: string | null;
                  /** @description Null for `Exento`. */
                  importe: string | null;
                  /** @description `001` ISR, `002` IVA, `003` IEPS. */
                  impuesto: string | null;
                  tasa_o_cuota: string | null;
                  /** @description `Tasa`, `Cuota` or `Exento`. */
                  tipo_factor: string | null;
                }[];
              } | null;
              lugar_expedicion: string | null;
              metodo_pago: string | null;
              /** @description Type P: each Pago of the Pagos complement (2.0 or 1.0) with its documentos relacionados; null for other types. */
              pagos:
                | {
                    documentos_relacionados: {
                      /** @description Pagos 2.0; null in 1.0. */
                      equivalencia_dr: string | null;
                      folio: string | null;
                      /** @description The paid CFDI's UUID, as written. */
                      id_documento: string | null;
                      imp_pagado: string | null;
                      imp_saldo_ant: string | null;
                      imp_saldo_insoluto: string | null;
                      moneda_dr: string | null;
                      num_parcialidad: string | null;
                      /** @description Pagos 2.0; null in 1.0. */
                      objeto_imp_dr: string | null;
                      serie: string | null;
                    }[];
                    fecha_pago: string | null;
                    forma_de_pago_p: string | null;
                    moneda_p: string | null;
                    monto: string | null;
                    tipo_cambio_p: string | null;
                  }[]
                | null;
              receptor: {
                /** @description DomicilioFiscalReceptor, a postal code (CFDI 4.0); null in 3.3. */
                domicilio_fiscal: string | null;
                /** @description RegimenFiscalReceptor (CFDI 4.0); null in 3.3. */
                regimen_fiscal: string | null;
                uso_cfdi: string | null;
              };
              tipo_cambio: string | null;
            } | null;
            /** @description The download that first brought it; null when synchronization did. */
            download_id: string | null;
            emisor: {
              /** @description The emisor's name as written in the CFDI (metadata: as the SAT has it). */
              nombre: string | null;
              /** @description The emisor's RFC, upper case. */
              rfc: string | null;
            };
            /** @description The CFDI's Fecha, `YYYY-MM-DDTHH:mm:ss`, Mexico City wall time (metadata: FechaEmision). */
            fecha: string | null;
            /** @description FechaTimbrado, same format (metadata: FechaCertificacionSat). */
            fecha_timbrado: string | null;
            /** @description The profile whose download first brought it. */
            fiscal_profile_id: string;
            folio: string | null;
            /** @description False for rows only the SAT's metadata brought (received CFDIs that were cancelled, or a metadata download). */
            has_xml: boolean;
            /** @description `cfdi_…`, in the order the store received them. */
            id: string;
            /** @description False when the XML is of a version outside those the store reads in full (4.0 and 3.3): a CFDI 3.2 (or 3.0, 3.1) is kept byte for byte with its listed fields read by its own attribute names (its word types as `I`, `E`, `T`), but `details` is null. True otherwise, metadata-only rows included. */
            indexed: boolean;
            livemode: boolean;
            /** @description Null for metadata-only rows. */
            moneda: string | null;
            /** @enum {string} */
            object: 'cfdi';
            receptor: {
              /** @description The receptor's name as written in the CFDI (metadata: as the SAT has it). */
              nombre: string | null;
              /** @description The receptor's RFC, upper case. */
              rfc: string | null;
            };
            /** @description RfcProvCertif of the timbre (metadata: RfcPac); the timbre of a CFDI 3.2 names none. */
            rfc_pac: string | null;
            /** @description `active` (vigente) or `cancelled` as the SAT last said; `unknown` for XML no metadata has spoken for yet. */
            sat_status: 'active' | 'cancelled' | 'unknown';
            serie: string | null;
            /** @description Relative to `fiscal_profile_id`: `issued` when that profile is the emisor, `received` when it is the receptor. */
            side: 'issued' | 'received';
            /** @description As written in the XML; null for metadata-only rows. */
            sub_total: string | null;
            /** @description Taxpayers the CFDI was issued on behalf of (a cuenta de terceros), in RFC order: from the SAT metadata package's `_tercero.txt`, and from the Conceptos' ACuentaTerceros (or the terceros complement of 3.3) of the XML. Empty when none. */
            third_parties: {
              /** @description NombreACuentaTerceros as written (metadata: as the SAT has it). */
              nombre: string | null;
              /** @description RfcACuentaTerceros, upper case. */
              rfc: string;
            }[];
            /** @description `I`, `E`, `T`, `N` or `P` (metadata: EfectoComprobante). */
            tipo_de_comprobante: string | null;
            /** @description As written in the XML (metadata: Monto). */
            total: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
            /** @description Folio fiscal (the TimbreFiscalDigital's UUID), upper case. */
            uuid: string;
            /** @description `4.0` or `3.3` (or an older version such as `3.2`, with `indexed: false`); null for metadata-only rows. */
            version: string | null;
            /** @description `GET` it for the XML, byte for byte; null without XML. */
            xml_url: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /** @description A large read while the service sheds load, or a first read of a CFDI stored before its content was kept while its organization has its share of the worker pool busy (`service.overloaded`, Retry-After). Also, as for every operation: The service cannot take or finish the request right now: more work is waiting than it can finish (`service.overloaded`, expensive requests first), its database cannot be reached for a moment (`service.unavailable`), or CPU-heavy work ran past its time limit (`service.task_timeout`). Retry after `Retry-After`, with backoff and the same Idempotency-Key. */
      503: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getCfdiXml: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description The CFDI's UUID (any case). */
        uuid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The CFDI as the SAT served it, byte for byte, as an attachment (`Content-Disposition: attachment`) under a sandbox Content-Security-Policy: its issuer wrote it, so a browser saves it and never runs it. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/xml': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /** @description Only the SAT's metadata is stored for this CFDI (`cfdi.xml_unavailable`). */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /** @description A large XML while the service sheds load (`service.overloaded`, Retry-After). Also, as for every operation: The service cannot take or finish the request right now: more work is waiting than it can finish (`service.overloaded`, expensive requests first), its database cannot be reached for a moment (`service.unavailable`), or CPU-heavy work ran past its time limit (`service.task_timeout`). Retry after `Retry-After`, with backoff and the same Idempotency-Key. */
      503: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getCfdiTotals: {
    parameters: {
      query?: {
        /** @description The other party's RFC: the receptor of issued CFDIs, the emisor of received ones (any case). */
        counterparty?: string;
        /** @description Fecha from, inclusive: a date (from its first second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
        'date[gte]'?: string;
        /** @description Fecha through, inclusive: a date (through its last second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
        'date[lte]'?: string;
        /** @description CFDIs this download brought first. */
        download_id?: string;
        /** @description The emisor's RFC (any case). */
        emisor?: string;
        /** @description CFDIs the profile's downloads brought first. */
        fiscal_profile_id?: string;
        /** @description `false` for metadata-only rows. */
        has_xml?: boolean;
        /** @description Search, any case: every word given must start a word of the emisor's or receptor's RFC or name, of the UUID (whole or one of its groups: `04BF2854` or `04BF2854-FE7D` find it), of the serie, of the folio, or of the serie and folio written together (`F123`). Words are split as PostgreSQL's text search splits them; accents count (`José` is not `Jose`). Text with no letter or digit selects nothing. */
        q?: string;
        /** @description The receptor's RFC (any case). */
        receptor?: string;
        /** @description Relative to `fiscal_profile_id`: `issued` when that profile is the emisor, `received` when it is the receptor. */
        side?: 'issued' | 'received';
        /** @description `active` (vigente) or `cancelled` as the SAT last said; `unknown` for XML no metadata has spoken for yet. */
        status?: 'active' | 'cancelled' | 'unknown';
        /** @description A taxpayer the CFDI was issued on behalf of (one of `third_parties`) (any case). */
        third_party_rfc?: string;
        /** @description `I` ingreso, `E` egreso, `T` traslado, `N` nómina, `P` pago. */
        tipo_de_comprobante?: 'I' | 'E' | 'T' | 'N' | 'P';
        /** @description One UUID (any case). */
        uuid?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Sums of the CFDIs the filters select, by voucher type and currency. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description How many CFDIs the filters select. */
            count: number;
            /** @description One entry per (tipo_de_comprobante, moneda), in that order. */
            groups: {
              count: number;
              /** @description The sum of Descuento, an exact decimal string ("0" when none). */
              descuento: string;
              /** @description The currency the amounts are in: amounts of different currencies are never added. */
              moneda: string | null;
              /** @description The sum of SubTotal, an exact decimal string ("0" when none). */
              sub_total: string;
              /** @description I, E, T, N or P; null when the store does not know it. */
              tipo_de_comprobante: string | null;
              /** @description The sum of Total, an exact decimal string ("0" when none). */
              total: string;
            }[];
            /** @enum {string} */
            object: 'cfdi_totals';
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listCustomers: {
    parameters: {
      query?: {
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description Exactly this RFC. */
        rfc?: string;
        /** @description Part of the RFC or of the legal name, any case. */
        search?: string;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
        /** @description Only customers in this régimen fiscal. */
        tax_regime?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              address: {
                /** @description City or locality. */
                city?: string;
                /** @description Country (c_Pais, e.g. MEX). */
                country?: string;
                /** @description Exterior number. */
                exterior?: string;
                /** @description Interior number. */
                interior?: string;
                /** @description Municipio or alcaldía. */
                municipality?: string;
                /** @description Colonia. */
                neighborhood?: string;
                /** @description State. */
                state?: string;
                /** @description Street. */
                street?: string;
              } | null;
              /** @description Default c_UsoCFDI, or null. */
              cfdi_use: string | null;
              /** @description c_Pais of a foreign customer, or null. */
              country: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              emails: string[];
              id: string;
              legal_name: string;
              livemode: boolean;
              /** @description Your own key-value pairs (at most 50 keys), echoed back. */
              metadata: {
                [key: string]: string;
              };
              /** @enum {string} */
              object: 'customer';
              postal_code: string;
              rfc: string;
              /** @description Tax id of a foreign customer, or null. */
              tax_id: string | null;
              tax_regime: string;
              /** @description What the RFC, name and postal code were checked against when last saved. */
              tax_validation: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp, or null.
                 */
                checked_at: string | null;
                /** @description `verified`: the RFC validation found the RFC with this name and postal code (test mode: the simulator). `unverified`: no RFC validation was available (live mode); only the format and catalog rules were checked. */
                status: 'verified' | 'unverified';
              };
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              updated_at: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createCustomer: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Postal address, for your records and the PDF; the CFDI carries only the fiscal postal code. */
          address?: {
            /** @description City or locality. */
            city?: string;
            /** @description Country (c_Pais, e.g. MEX). */
            country?: string;
            /** @description Exterior number. */
            exterior?: string;
            /** @description Interior number. */
            interior?: string;
            /** @description Municipio or alcaldía. */
            municipality?: string;
            /** @description Colonia. */
            neighborhood?: string;
            /** @description State. */
            state?: string;
            /** @description Street. */
            street?: string;
          };
          /** @description Default c_UsoCFDI of its invoices (e.g. G03), one allowed for its régimen; an invoice may override it. */
          cfdi_use?: string;
          /** @description Foreign customers (XEXX010101000): c_Pais of tax residence, e.g. USA. */
          country?: string;
          /** @description Where invoices for this customer are sent, 1 to 10 addresses. */
          emails?: string[];
          /** @description Name exactly as in the Constancia de Situación Fiscal, without the capital regime (no "S.A. de C.V."). */
          legal_name: string;
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description Postal code of the fiscal address (DomicilioFiscalReceptor), 5 digits. */
          postal_code: string;
          /** @description RFC as the SAT registered it: 12 characters (persona moral) or 13 (persona física); XAXX010101000 or XEXX010101000 for the generic ones. */
          rfc: string;
          /** @description Foreign customers: their tax identification number at home. */
          tax_id?: string;
          /** @description c_RegimenFiscal of the customer (3 digits), one allowed for its persona física or moral. */
          tax_regime: string;
        };
      };
    };
    responses: {
      /** @description A customer: the receptor of invoices, saved once and used by `customer_id`. */
      201: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            address: {
              /** @description City or locality. */
              city?: string;
              /** @description Country (c_Pais, e.g. MEX). */
              country?: string;
              /** @description Exterior number. */
              exterior?: string;
              /** @description Interior number. */
              interior?: string;
              /** @description Municipio or alcaldía. */
              municipality?: string;
              /** @description Colonia. */
              neighborhood?: string;
              /** @description State. */
              state?: string;
              /** @description Street. */
              street?: string;
            } | null;
            /** @description Default c_UsoCFDI, or null. */
            cfdi_use: string | null;
            /** @description c_Pais of a foreign customer, or null. */
            country: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            emails: string[];
            id: string;
            legal_name: string;
            livemode: boolean;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'customer';
            postal_code: string;
            rfc: string;
            /** @description Tax id of a foreign customer, or null. */
            tax_id: string | null;
            tax_regime: string;
            /** @description What the RFC, name and postal code were checked against when last saved. */
            tax_validation: {
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              checked_at: string | null;
              /** @description `verified`: the RFC validation found the RFC with this name and postal code (test mode: the simulator). `unverified`: no RFC validation was available (live mode); only the format and catalog rules were checked. */
              status: 'verified' | 'unverified';
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getCustomer: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Customer id (`cus_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A customer: the receptor of invoices, saved once and used by `customer_id`. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            address: {
              /** @description City or locality. */
              city?: string;
              /** @description Country (c_Pais, e.g. MEX). */
              country?: string;
              /** @description Exterior number. */
              exterior?: string;
              /** @description Interior number. */
              interior?: string;
              /** @description Municipio or alcaldía. */
              municipality?: string;
              /** @description Colonia. */
              neighborhood?: string;
              /** @description State. */
              state?: string;
              /** @description Street. */
              street?: string;
            } | null;
            /** @description Default c_UsoCFDI, or null. */
            cfdi_use: string | null;
            /** @description c_Pais of a foreign customer, or null. */
            country: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            emails: string[];
            id: string;
            legal_name: string;
            livemode: boolean;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'customer';
            postal_code: string;
            rfc: string;
            /** @description Tax id of a foreign customer, or null. */
            tax_id: string | null;
            tax_regime: string;
            /** @description What the RFC, name and postal code were checked against when last saved. */
            tax_validation: {
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              checked_at: string | null;
              /** @description `verified`: the RFC validation found the RFC with this name and postal code (test mode: the simulator). `unverified`: no RFC validation was available (live mode); only the format and catalog rules were checked. */
              status: 'verified' | 'unverified';
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteCustomer: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Customer id (`cus_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            deleted: true;
            id: string;
            /** @enum {string} */
            object: 'customer';
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateCustomer: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Customer id (`cus_…`) */
        id: string;
      };
      cookie?: never;
    };
    /** @description Fields to change; the others keep their values. Metadata merges key by key; an empty string removes a key. */
    requestBody: {
      content: {
        'application/json': {
          /** @description Replaces the address; null removes it. */
          address?: {
            /** @description City or locality. */
            city?: string;
            /** @description Country (c_Pais, e.g. MEX). */
            country?: string;
            /** @description Exterior number. */
            exterior?: string;
            /** @description Interior number. */
            interior?: string;
            /** @description Municipio or alcaldía. */
            municipality?: string;
            /** @description Colonia. */
            neighborhood?: string;
            /** @description State. */
            state?: string;
            /** @description Street. */
            street?: string;
          } | null;
          cfdi_use?: string | null;
          /** @description Foreign customers (XEXX010101000): c_Pais of tax residence, e.g. USA. */
          country?: string;
          /** @description Replaces the list; null removes every address. */
          emails?: string[] | null;
          /** @description Name exactly as in the Constancia de Situación Fiscal, without the capital regime (no "S.A. de C.V."). */
          legal_name?: string;
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description Postal code of the fiscal address (DomicilioFiscalReceptor), 5 digits. */
          postal_code?: string;
          /** @description RFC as the SAT registered it: 12 characters (persona moral) or 13 (persona física); XAXX010101000 or XEXX010101000 for the generic ones. */
          rfc?: string;
          /** @description Foreign customers: their tax identification number at home. */
          tax_id?: string;
          /** @description c_RegimenFiscal of the customer (3 digits), one allowed for its persona física or moral. */
          tax_regime?: string;
        };
      };
    };
    responses: {
      /** @description A customer: the receptor of invoices, saved once and used by `customer_id`. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            address: {
              /** @description City or locality. */
              city?: string;
              /** @description Country (c_Pais, e.g. MEX). */
              country?: string;
              /** @description Exterior number. */
              exterior?: string;
              /** @description Interior number. */
              interior?: string;
              /** @description Municipio or alcaldía. */
              municipality?: string;
              /** @description Colonia. */
              neighborhood?: string;
              /** @description State. */
              state?: string;
              /** @description Street. */
              street?: string;
            } | null;
            /** @description Default c_UsoCFDI, or null. */
            cfdi_use: string | null;
            /** @description c_Pais of a foreign customer, or null. */
            country: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            emails: string[];
            id: string;
            legal_name: string;
            livemode: boolean;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'customer';
            postal_code: string;
            rfc: string;
            /** @description Tax id of a foreign customer, or null. */
            tax_id: string | null;
            tax_regime: string;
            /** @description What the RFC, name and postal code were checked against when last saved. */
            tax_validation: {
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              checked_at: string | null;
              /** @description `verified`: the RFC validation found the RFC with this name and postal code (test mode: the simulator). `unverified`: no RFC validation was available (live mode); only the format and catalog rules were checked. */
              status: 'verified' | 'unverified';
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listDownloads: {
    parameters: {
      query?: {
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        fiscal_profile_id?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description `issued` (emitidos) or `received` (recibidos). */
        side?: 'issued' | 'received';
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
        /** @description `requested` (registered with the SAT) → `processing` (the SAT is preparing it, or its packages are being stored) → `ready`, `no_data` or `failed`. */
        status?: 'requested' | 'processing' | 'ready' | 'no_data' | 'failed';
        /** @description `cfdi` (full XML) or `metadata` (the SAT's summary index). */
        type?: 'cfdi' | 'metadata';
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description CFDIs (or metadata rows) in the packages; null until ready. */
              cfdi_count: number | null;
              counterparty_rfc: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              /** @description Start of the range in SAT format `yyyy-MM-ddTHH:mm:ss` (Mexico City). */
              date_from: string;
              /** @description End of the range in SAT format, inclusive. */
              date_to: string;
              document_status: 'active' | 'cancelled' | null;
              /** @description Why it failed, problem-shaped; null unless `failed`. */
              error: {
                /** @description E.g. `download.poll_timeout`, `download.no_request_id`, `sat.download_rejected`, `download.unknown_error`. */
                code: string;
                detail: string;
                remediation: string;
                /** @description The SAT's own code (CodEstatus or CodigoEstadoSolicitud), when it gave one. */
                sat_code: string | null;
                /** @description `job`: recorded here rather than answered. */
                status: string;
                title: string;
                /** Format: uri */
                type: string;
              } | null;
              fiscal_profile_id: string;
              /** @description `dl_…` */
              id: string;
              livemode: boolean;
              /** @description Your metadata keys, plus `warnings`. */
              metadata: {
                /** @description What the service did on your behalf: a request reused, a range split, a period moved by a second. */
                warnings: string[];
              } & {
                [key: string]: string;
              };
              /** @enum {string} */
              object: 'download';
              /** @description Packages stored once ready (`GET /v1/downloads/{id}/packages`). */
              package_count: number;
              /** @description The SAT's IdSolicitud; the first one when the range was split. */
              sat_request_id: string | null;
              /** @description `issued` (emitidos) or `received` (recibidos). */
              side: 'issued' | 'received';
              /** @description `requested` (registered with the SAT) → `processing` (the SAT is preparing it, or its packages are being stored) → `ready`, `no_data` or `failed`. */
              status: 'requested' | 'processing' | 'ready' | 'no_data' | 'failed';
              /** @description `cfdi` (full XML) or `metadata` (the SAT's summary index). */
              type: 'cfdi' | 'metadata';
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              updated_at: string;
              voucher_type: ('I' | 'E' | 'T' | 'N' | 'P') | null;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createDownload: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Only CFDIs with this other party: the receptor of issued CFDIs, the emisor of received ones. */
          counterparty_rfc?: string;
          /** @description Start, inclusive: `YYYY-MM-DD` (from 00:00:00) or a date-time. Without an offset it is Mexico City time, as the SAT counts; with one it is converted. */
          date_from: string;
          /** @description End, inclusive: `YYYY-MM-DD` (to 23:59:59) or a date-time, as `date_from`. */
          date_to: string;
          /** @description Advisory SAT status filter for metadata: `active` (vigentes) or `cancelled` (cancelados). XML downloads of received CFDIs are always of active ones (the SAT serves no cancelled received XML). */
          document_status?: 'active' | 'cancelled';
          /** @description The profile whose FIEL authorizes the download (it needs a FIEL and a signed carta manifiesto). */
          fiscal_profile_id: string;
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description `issued` (emitidos) or `received` (recibidos). */
          side: 'issued' | 'received';
          /** @description `cfdi` (full XML) or `metadata` (the SAT's summary index). */
          type: 'cfdi' | 'metadata';
          /** @description TipoDeComprobante: only CFDIs of this type. */
          voucher_type?: 'I' | 'E' | 'T' | 'N' | 'P';
        };
      };
    };
    responses: {
      /** @description A SAT bulk download (descarga masiva): one request of yours, however many SAT requests serve it. */
      201: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "download",
           *       "id": "dl_01m8c2a4b6d8f0h2j4k6m8n0p2",
           *       "fiscal_profile_id": "fp_01m8b9w0y2z4a6c8e0g2i4k6m8",
           *       "livemode": false,
           *       "side": "received",
           *       "type": "cfdi",
           *       "date_from": "2026-10-01T00:00:00",
           *       "date_to": "2026-10-31T23:59:59",
           *       "document_status": null,
           *       "counterparty_rfc": null,
           *       "voucher_type": null,
           *       "status": "ready",
           *       "sat_request_id": "4e80345d-917f-40bb-a98f-4a73939343c5",
           *       "package_count": 1,
           *       "cfdi_count": 18,
           *       "error": null,
           *       "metadata": {
           *         "warnings": []
           *       },
           *       "created_at": "2026-11-25T16:00:00.000Z",
           *       "updated_at": "2026-11-25T16:00:12.000Z"
           *     }
           */
          'application/json': {
            /** @description CFDIs (or metadata rows) in the packages; null until ready. */
            cfdi_count: number | null;
            counterparty_rfc: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            /** @description Start of the range in SAT format `yyyy-MM-ddTHH:mm:ss` (Mexico City). */
            date_from: string;
            /** @description End of the range in SAT format, inclusive. */
            date_to: string;
            document_status: 'active' | 'cancelled' | null;
            /** @description Why it failed, problem-shaped; null unless `failed`. */
            error: {
              /** @description E.g. `download.poll_timeout`, `download.no_request_id`, `sat.download_rejected`, `download.unknown_error`. */
              code: string;
              detail: string;
              remediation: string;
              /** @description The SAT's own code (CodEstatus or CodigoEstadoSolicitud), when it gave one. */
              sat_code: string | null;
              /** @description `job`: recorded here rather than answered. */
              status: string;
              title: string;
              /** Format: uri */
              type: string;
            } | null;
            fiscal_profile_id: string;
            /** @description `dl_…` */
            id: string;
            livemode: boolean;
            /** @description Your metadata keys, plus `warnings`. */
            metadata: {
              /** @description What the service did on your behalf: a request reused, a range split, a period moved by a second. */
              warnings: string[];
            } & {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'download';
            /** @description Packages stored once ready (`GET /v1/downloads/{id}/packages`). */
            package_count: number;
            /** @description The SAT's IdSolicitud; the first one when the range was split. */
            sat_request_id: string | null;
            /** @description `issued` (emitidos) or `received` (recibidos). */
            side: 'issued' | 'received';
            /** @description `requested` (registered with the SAT) → `processing` (the SAT is preparing it, or its packages are being stored) → `ready`, `no_data` or `failed`. */
            status: 'requested' | 'processing' | 'ready' | 'no_data' | 'failed';
            /** @description `cfdi` (full XML) or `metadata` (the SAT's summary index). */
            type: 'cfdi' | 'metadata';
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
            voucher_type: ('I' | 'E' | 'T' | 'N' | 'P') | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description No fiscal profile with that id in this organization and mode (`resource.not_found`). Also, as for every operation: No such object in this organization and mode, or no such endpoint (`resource.not_found`, `request.route_not_found`). */
      404: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The profile has not signed the carta manifiesto (`fiscal_profile.manifest_required`), or an idempotency conflict (`idempotency.*`). Also, as for every operation: The Idempotency-Key was used with another request, or its first request is still running (`idempotency.key_reuse`, `idempotency.key_processing`), or the object is in the wrong state. */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `date_from` after `date_to`, a date that does not exist or one older than the SAT keeps (`download.invalid_range`); the profile has no FIEL (`download.fiel_required`); received + cfdi + cancelled (`download.invalid_filter`); or a field as listed (`request.validation_failed`). Also, as for every operation: The request failed validation (`request.validation_failed`, with `errors`) or a business rule. */
      422: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /** @description The SAT could not be reached or failed (`download.request_failed`, with Retry-After); nothing was kept. */
      502: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The SAT refused the solicitud (`sat.download_rejected`), e.g. a FIEL that is not the RFC's. Also, as for every operation: The service cannot take or finish the request right now: more work is waiting than it can finish (`service.overloaded`, expensive requests first), its database cannot be reached for a moment (`service.unavailable`), or CPU-heavy work ran past its time limit (`service.task_timeout`). Retry after `Retry-After`, with backoff and the same Idempotency-Key. */
      503: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getDownload: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Download id (`dl_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A SAT bulk download (descarga masiva): one request of yours, however many SAT requests serve it. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "download",
           *       "id": "dl_01m8c2a4b6d8f0h2j4k6m8n0p2",
           *       "fiscal_profile_id": "fp_01m8b9w0y2z4a6c8e0g2i4k6m8",
           *       "livemode": false,
           *       "side": "received",
           *       "type": "cfdi",
           *       "date_from": "2026-10-01T00:00:00",
           *       "date_to": "2026-10-31T23:59:59",
           *       "document_status": null,
           *       "counterparty_rfc": null,
           *       "voucher_type": null,
           *       "status": "ready",
           *       "sat_request_id": "4e80345d-917f-40bb-a98f-4a73939343c5",
           *       "package_count": 1,
           *       "cfdi_count": 18,
           *       "error": null,
           *       "metadata": {
           *         "warnings": []
           *       },
           *       "created_at": "2026-11-25T16:00:00.000Z",
           *       "updated_at": "2026-11-25T16:00:12.000Z"
           *     }
           */
          'application/json': {
            /** @description CFDIs (or metadata rows) in the packages; null until ready. */
            cfdi_count: number | null;
            counterparty_rfc: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            /** @description Start of the range in SAT format `yyyy-MM-ddTHH:mm:ss` (Mexico City). */
            date_from: string;
            /** @description End of the range in SAT format, inclusive. */
            date_to: string;
            document_status: 'active' | 'cancelled' | null;
            /** @description Why it failed, problem-shaped; null unless `failed`. */
            error: {
              /** @description E.g. `download.poll_timeout`, `download.no_request_id`, `sat.download_rejected`, `download.unknown_error`. */
              code: string;
              detail: string;
              remediation: string;
              /** @description The SAT's own code (CodEstatus or CodigoEstadoSolicitud), when it gave one. */
              sat_code: string | null;
              /** @description `job`: recorded here rather than answered. */
              status: string;
              title: string;
              /** Format: uri */
              type: string;
            } | null;
            fiscal_profile_id: string;
            /** @description `dl_…` */
            id: string;
            livemode: boolean;
            /** @description Your metadata keys, plus `warnings`. */
            metadata: {
              /** @description What the service did on your behalf: a request reused, a range split, a period moved by a second. */
              warnings: string[];
            } & {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'download';
            /** @description Packages stored once ready (`GET /v1/downloads/{id}/packages`). */
            package_count: number;
            /** @description The SAT's IdSolicitud; the first one when the range was split. */
            sat_request_id: string | null;
            /** @description `issued` (emitidos) or `received` (recibidos). */
            side: 'issued' | 'received';
            /** @description `requested` (registered with the SAT) → `processing` (the SAT is preparing it, or its packages are being stored) → `ready`, `no_data` or `failed`. */
            status: 'requested' | 'processing' | 'ready' | 'no_data' | 'failed';
            /** @description `cfdi` (full XML) or `metadata` (the SAT's summary index). */
            type: 'cfdi' | 'metadata';
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
            voucher_type: ('I' | 'E' | 'T' | 'N' | 'P') | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listDownloadPackages: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Download id (`dl_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              bytes: number;
              /** @description XML documents or metadata rows it holds; null until read. */
              cfdi_count: number | null;
              /** @description Position in the download, 0-based: `GET /v1/downloads/{id}/packages/{index}` serves it. */
              index: number;
              /** @enum {string} */
              object: 'download_package';
              /** @description The SAT's IdPaquete. */
              sat_package_id: string;
              /** @description SHA-256 of the zip, hex. */
              sha256: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              stored_at: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            url: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getDownloadPackage: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Download id (`dl_…`) */
        id: string;
        /** @description Package index, 0-based. */
        index: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The zip, as an attachment. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/zip': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description No such download, or no package with that index (`resource.not_found`). Also, as for every operation: No such object in this organization and mode, or no such endpoint (`resource.not_found`, `request.route_not_found`). */
      404: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listEvents: {
    parameters: {
      query?: {
        /** @description Only events created after this instant. */
        'created[gt]'?: string;
        /** @description Only events created at or after this instant. */
        'created[gte]'?: string;
        /** @description Only events created before this instant. */
        'created[lt]'?: string;
        /** @description Only events created at or before this instant. */
        'created[lte]'?: string;
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description Only events about this object (`data.object.id`): an invoice, fiscal profile, download, CFDI import… A fiscal profile's id also selects its sync's `fiscal_profile_sync.updated` events. */
        object_id?: string;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
        /** @description An event type, a namespace wildcard such as `invoice.*`, or `*`. */
        type?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description The connected account the event belongs to, or null. */
              account: string | null;
              /** @description The API version `data.object` is rendered in. */
              api_version: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              data: {
                /** @description The resource as of the event. */
                object: {
                  [key: string]: unknown;
                };
              };
              /** @description `evt_` id; also the `webhook-id` header of every delivery of this event. */
              id: string;
              livemode: boolean;
              /** @enum {string} */
              object: 'event';
              /** @description One of: invoice.created, invoice.stamped, invoice.cancellation_requested, invoice.cancellation_rejected, invoice.cancelled, customer.created, customer.updated, customer.deleted, product.created, product.updated, product.deleted, invoice.email_sent, invoice.email_failed, fiscal_profile.created, fiscal_profile.updated, fiscal_profile_sync.updated, download.updated, validation.completed, cfdi.received, cfdi.issued, cfdi.cancelled, export.completed, export.failed, api_key.revoked, webhook_endpoint.disabled, webhook_endpoint.test. */
              type: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getEvent: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Event id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Something that happened in an organization, as recorded in the event log and sent to webhook endpoints. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The connected account the event belongs to, or null. */
            account: string | null;
            /** @description The API version `data.object` is rendered in. */
            api_version: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            data: {
              /** @description The resource as of the event. */
              object: {
                [key: string]: unknown;
              };
            };
            /** @description `evt_` id; also the `webhook-id` header of every delivery of this event. */
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: 'event';
            /** @description One of: invoice.created, invoice.stamped, invoice.cancellation_requested, invoice.cancellation_rejected, invoice.cancelled, customer.created, customer.updated, customer.deleted, product.created, product.updated, product.deleted, invoice.email_sent, invoice.email_failed, fiscal_profile.created, fiscal_profile.updated, fiscal_profile_sync.updated, download.updated, validation.completed, cfdi.received, cfdi.issued, cfdi.cancelled, export.completed, export.failed, api_key.revoked, webhook_endpoint.disabled, webhook_endpoint.test. */
            type: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listEventDeliveries: {
    parameters: {
      query?: {
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
        status?: 'pending' | 'succeeded' | 'failed';
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Event id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description Attempts made so far, resends included. */
              attempts: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              endpoint_id: string;
              event_id: string;
              /** @description The type of the event delivered, e.g. `invoice.stamped`; null once the event itself is gone. */
              event_type: string | null;
              id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              last_attempt_at: string | null;
              last_error: string | null;
              livemode: boolean;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              next_attempt_at: string | null;
              /** @enum {string} */
              object: 'webhook_delivery';
              /** @description HTTP status of the last response; null when the last attempt got none. */
              response_status: number | null;
              status: 'pending' | 'succeeded' | 'failed';
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              updated_at: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  resendEvent: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Event id */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Resend to this endpoint only; by default to every enabled endpoint subscribed to the event. */
          endpoint_id?: string;
        };
      };
    };
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description Attempts made so far, resends included. */
              attempts: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              endpoint_id: string;
              event_id: string;
              /** @description The type of the event delivered, e.g. `invoice.stamped`; null once the event itself is gone. */
              event_type: string | null;
              id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              last_attempt_at: string | null;
              last_error: string | null;
              livemode: boolean;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              next_attempt_at: string | null;
              /** @enum {string} */
              object: 'webhook_delivery';
              /** @description HTTP status of the last response; null when the last attempt got none. */
              response_status: number | null;
              status: 'pending' | 'succeeded' | 'failed';
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              updated_at: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listExports: {
    parameters: {
      query?: {
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
        /** @description `pending` → `running` → `completed` (the file can be downloaded until `expires_at`) or `failed`; `expired` once the file is deleted. */
        status?: 'pending' | 'running' | 'completed' | 'failed' | 'expired';
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              completed_at: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              error: {
                code: string;
                detail: string;
                remediation: string;
                /** @enum {string} */
                status: 'job';
                title: string;
                type: string;
              } | null;
              /**
               * Format: date-time
               * @description When the file is deleted (24 hours after it is built); null until then.
               */
              expires_at: string | null;
              /** @description The built file; null unless `completed`. */
              file: {
                bytes: number;
                content_type: string;
                name: string;
                /** @description Hex SHA-256 of the file's bytes. */
                sha256: string;
                /** @description `GET` it with the same API key until `expires_at`. */
                url: string;
              } | null;
              filters:
                | {
                    /** @description The other party's RFC: the receptor of issued CFDIs, the emisor of received ones (any case). */
                    counterparty?: string;
                    /** @description Fecha from, inclusive: a date (from its first second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
                    'date[gte]'?: string;
                    /** @description Fecha through, inclusive: a date (through its last second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
                    'date[lte]'?: string;
                    /** @description CFDIs this download brought first. */
                    download_id?: string;
                    /** @description The emisor's RFC (any case). */
                    emisor?: string;
                    /** @description CFDIs the profile's downloads brought first. */
                    fiscal_profile_id?: string;
                    /** @description `false` for metadata-only rows. */
                    has_xml?: boolean;
                    /** @description Search, any case: every word given must start a word of the emisor's or receptor's RFC or name, of the UUID (whole or one of its groups: `04BF2854` or `04BF2854-FE7D` find it), of the serie, of the folio, or of the serie and folio written together (`F123`). Words are split as PostgreSQL's text search splits them; accents count (`José` is not `Jose`). Text with no letter or digit selects nothing. */
                    q?: string;
                    /** @description The receptor's RFC (any case). */
                    receptor?: string;
                    /** @description Relative to `fiscal_profile_id`: `issued` when that profile is the emisor, `received` when it is the receptor. */
                    side?: 'issued' | 'received';
                    /** @description `active` (vigente) or `cancelled` as the SAT last said; `unknown` for XML no metadata has spoken for yet. */
                    status?: 'active' | 'cancelled' | 'unknown';
                    /** @description A taxpayer the CFDI was issued on behalf of (one of `third_parties`) (any case). */
                    third_party_rfc?: string;
                    /** @description `I` ingreso, `E` egreso, `T` traslado, `N` nómina, `P` pago. */
                    tipo_de_comprobante?: 'I' | 'E' | 'T' | 'N' | 'P';
                    /** @description One UUID (any case). */
                    uuid?: string;
                  }
                | {
                    /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
                    'created[gte]'?: string;
                    /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
                    'created[lte]'?: string;
                    customer_rfc?: string;
                    fiscal_profile_id?: string;
                    folio?: string;
                    /** @description Search: part of the customer's RFC or name (any case), or exactly a folio, a serie and folio written together (`F123`) or a UUID. */
                    q?: string;
                    serie?: string;
                    status?: 'draft' | 'stamping' | 'stamped' | 'cancelled';
                    uuid?: string;
                  };
              /** @description `csv` (RFC 4180, UTF-8 with BOM, one row per CFDI), `xlsx` (one sheet, the same columns) or `zip` (each CFDI's XML as `<UUID>.xml`, byte for byte; metadata-only rows are listed in `faltantes.txt`; for invoices, each stamped invoice's `<UUID>.xml` and `<UUID>.pdf`). */
              format: 'csv' | 'xlsx' | 'zip';
              /** @description `exp_…` */
              id: string;
              livemode: boolean;
              /** @enum {string} */
              object: 'export';
              progress: {
                percent: number;
                /** @description CFDIs (or invoices) the filters selected when the job started; null before. */
                rows_total: number | null;
                /** @description CFDIs (or invoices) written so far. */
                rows_written: number;
              };
              source: 'cfdis' | 'invoices';
              /** @description `pending` → `running` → `completed` (the file can be downloaded until `expires_at`) or `failed`; `expired` once the file is deleted. */
              status: 'pending' | 'running' | 'completed' | 'failed' | 'expired';
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              updated_at: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createExport: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    /** @description What to export: a source, a format and the filters of that source's list. */
    requestBody: {
      content: {
        'application/json':
          | {
              /** @description The filters of `GET /v1/cfdis`, with the same names and meaning (no pagination: every selected CFDI is exported). */
              filters?: {
                /** @description The other party's RFC: the receptor of issued CFDIs, the emisor of received ones (any case). */
                counterparty?: string;
                /** @description Fecha from, inclusive: a date (from its first second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
                'date[gte]'?: string;
                /** @description Fecha through, inclusive: a date (through its last second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
                'date[lte]'?: string;
                /** @description CFDIs this download brought first. */
                download_id?: string;
                /** @description The emisor's RFC (any case). */
                emisor?: string;
                /** @description CFDIs the profile's downloads brought first. */
                fiscal_profile_id?: string;
                /** @description `false` for metadata-only rows. */
                has_xml?: boolean;
                /** @description Search, any case: every word given must start a word of the emisor's or receptor's RFC or name, of the UUID (whole or one of its groups: `04BF2854` or `04BF2854-FE7D` find it), of the serie, of the folio, or of the serie and folio written together (`F123`). Words are split as PostgreSQL's text search splits them; accents count (`José` is not `Jose`). Text with no letter or digit selects nothing. */
                q?: string;
                /** @description The receptor's RFC (any case). */
                receptor?: string;
                /** @description Relative to `fiscal_profile_id`: `issued` when that profile is the emisor, `received` when it is the receptor. */
                side?: 'issued' | 'received';
                /** @description `active` (vigente) or `cancelled` as the SAT last said; `unknown` for XML no metadata has spoken for yet. */
                status?: 'active' | 'cancelled' | 'unknown';
                /** @description A taxpayer the CFDI was issued on behalf of (one of `third_parties`) (any case). */
                third_party_rfc?: string;
                /** @description `I` ingreso, `E` egreso, `T` traslado, `N` nómina, `P` pago. */
                tipo_de_comprobante?: 'I' | 'E' | 'T' | 'N' | 'P';
                /** @description One UUID (any case). */
                uuid?: string;
              };
              /** @description `csv` (RFC 4180, UTF-8 with BOM, one row per CFDI), `xlsx` (one sheet, the same columns) or `zip` (each CFDI's XML as `<UUID>.xml`, byte for byte; metadata-only rows are listed in `faltantes.txt`; for invoices, each stamped invoice's `<UUID>.xml` and `<UUID>.pdf`). */
              format: 'csv' | 'xlsx' | 'zip';
              /**
               * @description `cfdis`: the organization's CFDI store (`GET /v1/cfdis`).
               * @enum {string}
               */
              source: 'cfdis';
            }
          | {
              /** @description The filters of `GET /v1/invoices`, with the same names and meaning (no pagination: every selected invoice is exported). */
              filters?: {
                /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
                'created[gte]'?: string;
                /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
                'created[lte]'?: string;
                customer_rfc?: string;
                fiscal_profile_id?: string;
                folio?: string;
                /** @description Search: part of the customer's RFC or name (any case), or exactly a folio, a serie and folio written together (`F123`) or a UUID. */
                q?: string;
                serie?: string;
                status?: 'draft' | 'stamping' | 'stamped' | 'cancelled';
                uuid?: string;
              };
              /** @description `csv` (RFC 4180, UTF-8 with BOM, one row per CFDI), `xlsx` (one sheet, the same columns) or `zip` (each CFDI's XML as `<UUID>.xml`, byte for byte; metadata-only rows are listed in `faltantes.txt`; for invoices, each stamped invoice's `<UUID>.xml` and `<UUID>.pdf`). */
              format: 'csv' | 'xlsx' | 'zip';
              /**
               * @description `invoices`: the invoices this service issued (`GET /v1/invoices`); a ZIP holds each stamped invoice's XML and PDF.
               * @enum {string}
               */
              source: 'invoices';
            };
      };
    };
    responses: {
      /** @description A file of CFDIs or invoices built in the background. */
      201: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            completed_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            error: {
              code: string;
              detail: string;
              remediation: string;
              /** @enum {string} */
              status: 'job';
              title: string;
              type: string;
            } | null;
            /**
             * Format: date-time
             * @description When the file is deleted (24 hours after it is built); null until then.
             */
            expires_at: string | null;
            /** @description The built file; null unless `completed`. */
            file: {
              bytes: number;
              content_type: string;
              name: string;
              /** @description Hex SHA-256 of the file's bytes. */
              sha256: string;
              /** @description `GET` it with the same API key until `expires_at`. */
              url: string;
            } | null;
            filters:
              | {
                  /** @description The other party's RFC: the receptor of issued CFDIs, the emisor of received ones (any case). */
                  counterparty?: string;
                  /** @description Fecha from, inclusive: a date (from its first second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
                  'date[gte]'?: string;
                  /** @description Fecha through, inclusive: a date (through its last second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
                  'date[lte]'?: string;
                  /** @description CFDIs this download brought first. */
                  download_id?: string;
                  /** @description The emisor's RFC (any case). */
                  emisor?: string;
                  /** @description CFDIs the profile's downloads brought first. */
                  fiscal_profile_id?: string;
                  /** @description `false` for metadata-only rows. */
                  has_xml?: boolean;
                  /** @description Search, any case: every word given must start a word of the emisor's or receptor's RFC or name, of the UUID (whole or one of its groups: `04BF2854` or `04BF2854-FE7D` find it), of the serie, of the folio, or of the serie and folio written together (`F123`). Words are split as PostgreSQL's text search splits them; accents count (`José` is not `Jose`). Text with no letter or digit selects nothing. */
                  q?: string;
                  /** @description The receptor's RFC (any case). */
                  receptor?: string;
                  /** @description Relative to `fiscal_profile_id`: `issued` when that profile is the emisor, `received` when it is the receptor. */
                  side?: 'issued' | 'received';
                  /** @description `active` (vigente) or `cancelled` as the SAT last said; `unknown` for XML no metadata has spoken for yet. */
                  status?: 'active' | 'cancelled' | 'unknown';
                  /** @description A taxpayer the CFDI was issued on behalf of (one of `third_parties`) (any case). */
                  third_party_rfc?: string;
                  /** @description `I` ingreso, `E` egreso, `T` traslado, `N` nómina, `P` pago. */
                  tipo_de_comprobante?: 'I' | 'E' | 'T' | 'N' | 'P';
                  /** @description One UUID (any case). */
                  uuid?: string;
                }
              | {
                  /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
                  'created[gte]'?: string;
                  /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
                  'created[lte]'?: string;
                  customer_rfc?: string;
                  fiscal_profile_id?: string;
                  folio?: string;
                  /** @description Search: part of the customer's RFC or name (any case), or exactly a folio, a serie and folio written together (`F123`) or a UUID. */
                  q?: string;
                  serie?: string;
                  status?: 'draft' | 'stamping' | 'stamped' | 'cancelled';
                  uuid?: string;
                };
            /** @description `csv` (RFC 4180, UTF-8 with BOM, one row per CFDI), `xlsx` (one sheet, the same columns) or `zip` (each CFDI's XML as `<UUID>.xml`, byte for byte; metadata-only rows are listed in `faltantes.txt`; for invoices, each stamped invoice's `<UUID>.xml` and `<UUID>.pdf`). */
            format: 'csv' | 'xlsx' | 'zip';
            /** @description `exp_…` */
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: 'export';
            progress: {
              percent: number;
              /** @description CFDIs (or invoices) the filters selected when the job started; null before. */
              rows_total: number | null;
              /** @description CFDIs (or invoices) written so far. */
              rows_written: number;
            };
            source: 'cfdis' | 'invoices';
            /** @description `pending` → `running` → `completed` (the file can be downloaded until `expires_at`) or `failed`; `expired` once the file is deleted. */
            status: 'pending' | 'running' | 'completed' | 'failed' | 'expired';
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      /** @description A filter or field as listed (`request.validation_failed`). Also, as for every operation: The request failed validation (`request.validation_failed`, with `errors`) or a business rule. */
      422: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getExport: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Export id (`exp_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A file of CFDIs or invoices built in the background. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            completed_at: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            error: {
              code: string;
              detail: string;
              remediation: string;
              /** @enum {string} */
              status: 'job';
              title: string;
              type: string;
            } | null;
            /**
             * Format: date-time
             * @description When the file is deleted (24 hours after it is built); null until then.
             */
            expires_at: string | null;
            /** @description The built file; null unless `completed`. */
            file: {
              bytes: number;
              content_type: string;
              name: string;
              /** @description Hex SHA-256 of the file's bytes. */
              sha256: string;
              /** @description `GET` it with the same API key until `expires_at`. */
              url: string;
            } | null;
            filters:
              | {
                  /** @description The other party's RFC: the receptor of issued CFDIs, the emisor of received ones (any case). */
                  counterparty?: string;
                  /** @description Fecha from, inclusive: a date (from its first second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
                  'date[gte]'?: string;
                  /** @description Fecha through, inclusive: a date (through its last second) or a date-time, read as Mexico City wall time unless it carries `Z` or an offset. */
                  'date[lte]'?: string;
                  /** @description CFDIs this download brought first. */
                  download_id?: string;
                  /** @description The emisor's RFC (any case). */
                  emisor?: string;
                  /** @description CFDIs the profile's downloads brought first. */
                  fiscal_profile_id?: string;
                  /** @description `false` for metadata-only rows. */
                  has_xml?: boolean;
                  /** @description Search, any case: every word given must start a word of the emisor's or receptor's RFC or name, of the UUID (whole or one of its groups: `04BF2854` or `04BF2854-FE7D` find it), of the serie, of the folio, or of the serie and folio written together (`F123`). Words are split as PostgreSQL's text search splits them; accents count (`José` is not `Jose`). Text with no letter or digit selects nothing. */
                  q?: string;
                  /** @description The receptor's RFC (any case). */
                  receptor?: string;
                  /** @description Relative to `fiscal_profile_id`: `issued` when that profile is the emisor, `received` when it is the receptor. */
                  side?: 'issued' | 'received';
                  /** @description `active` (vigente) or `cancelled` as the SAT last said; `unknown` for XML no metadata has spoken for yet. */
                  status?: 'active' | 'cancelled' | 'unknown';
                  /** @description A taxpayer the CFDI was issued on behalf of (one of `third_parties`) (any case). */
                  third_party_rfc?: string;
                  /** @description `I` ingreso, `E` egreso, `T` traslado, `N` nómina, `P` pago. */
                  tipo_de_comprobante?: 'I' | 'E' | 'T' | 'N' | 'P';
                  /** @description One UUID (any case). */
                  uuid?: string;
                }
              | {
                  /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
                  'created[gte]'?: string;
                  /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
                  'created[lte]'?: string;
                  customer_rfc?: string;
                  fiscal_profile_id?: string;
                  folio?: string;
                  /** @description Search: part of the customer's RFC or name (any case), or exactly a folio, a serie and folio written together (`F123`) or a UUID. */
                  q?: string;
                  serie?: string;
                  status?: 'draft' | 'stamping' | 'stamped' | 'cancelled';
                  uuid?: string;
                };
            /** @description `csv` (RFC 4180, UTF-8 with BOM, one row per CFDI), `xlsx` (one sheet, the same columns) or `zip` (each CFDI's XML as `<UUID>.xml`, byte for byte; metadata-only rows are listed in `faltantes.txt`; for invoices, each stamped invoice's `<UUID>.xml` and `<UUID>.pdf`). */
            format: 'csv' | 'xlsx' | 'zip';
            /** @description `exp_…` */
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: 'export';
            progress: {
              percent: number;
              /** @description CFDIs (or invoices) the filters selected when the job started; null before. */
              rows_total: number | null;
              /** @description CFDIs (or invoices) written so far. */
              rows_written: number;
            };
            source: 'cfdis' | 'invoices';
            /** @description `pending` → `running` → `completed` (the file can be downloaded until `expires_at`) or `failed`; `expired` once the file is deleted. */
            status: 'pending' | 'running' | 'completed' | 'failed' | 'expired';
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getExportFile: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Export id (`exp_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file (`text/csv`, XLSX or `application/zip`), with its SHA-256 in `Digest`. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
          'application/zip': string;
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description No export with that id in this organization and mode (`resource.not_found`). Also, as for every operation: No such object in this organization and mode, or no such endpoint (`resource.not_found`, `request.route_not_found`). */
      404: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The export is not `completed` (`export.not_ready`). */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The export expired and its file was deleted (`export.expired`). */
      410: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listFiscalProfiles: {
    parameters: {
      query?: {
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              brand_color: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              csd: {
                rfc: string;
                serial: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp.
                 */
                valid_from: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp.
                 */
                valid_to: string;
              };
              /** @description Automatic e-mails of the profile's invoices (docs/guides/email.md). All off by default. */
              email_settings: {
                /** @description es (Spanish) or en (English). */
                language: 'es' | 'en';
                /** @description E-mail the cancellation notice, with the acuse, when an invoice's cancellation completes (an invoice's `email.send_on_cancel` overrides it). */
                send_on_cancel: boolean;
                /** @description E-mail each invoice to its customer when it is stamped (an invoice's `email.send_on_stamp` overrides it). */
                send_on_stamp: boolean;
              };
              has_fiel: boolean;
              has_logo: boolean;
              id: string;
              legal_name: string;
              livemode: boolean;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              manifest_signed_at: string | null;
              manifest_status: 'pending_signature' | 'signed';
              metadata: {
                [key: string]: string;
              };
              /** @description What must happen before the profile can stamp. */
              next_actions: {
                /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
                endpoint: string;
                message: string;
                /** @description What that request must carry. */
                requires: string[];
                /** @description e.g. `sign_manifest`, `renew_csd`. */
                type: string;
              }[];
              /** @enum {string} */
              object: 'fiscal_profile';
              /** @description Everything outstanding, including advance notices such as a CSD about to expire. */
              pending_actions: {
                /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
                endpoint: string;
                message: string;
                /** @description What that request must carry. */
                requires: string[];
                /** @description e.g. `sign_manifest`, `renew_csd`. */
                type: string;
              }[];
              /** @description Derived from the CSD certificate. */
              rfc: string;
              /** @description `active` when the profile can stamp. */
              status: 'requires_action' | 'active';
              tax_regime: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              updated_at: string;
              zip: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createFiscalProfile: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description PDF brand colour, `#RRGGBB`. */
          brand_color?: string;
          csd: {
            /** @description The .cer file (DER or PEM), base64. */
            cer_base64: string;
            /** @description The .key file (encrypted PKCS#8 DER as the SAT issues it, or PEM), base64. */
            key_base64: string;
            /** @description Password of the .key file. */
            password: string;
          };
          /** @description Automatic e-mails of the invoices of the profile; the fields left out keep their saved values (off and `es` at first). */
          email_settings?: {
            /** @description es (Spanish) or en (English). */
            language?: 'es' | 'en';
            /** @description E-mail the cancellation notice, with the acuse, when an invoice's cancellation completes (an invoice's `email.send_on_cancel` overrides it). */
            send_on_cancel?: boolean;
            /** @description E-mail each invoice to its customer when it is stamped (an invoice's `email.send_on_stamp` overrides it). */
            send_on_stamp?: boolean;
          };
          fiel?: {
            /** @description The .cer file (DER or PEM), base64. */
            cer_base64: string;
            /** @description The .key file (encrypted PKCS#8 DER as the SAT issues it, or PEM), base64. */
            key_base64: string;
            /** @description Password of the .key file. */
            password: string;
          };
          /** @description Name or razón social as registered at the SAT; defaults to the CSD certificate's. */
          legal_name?: string;
          /** @description PNG or JPEG logo for the PDF, base64, at most 512 KiB. */
          logo_base64?: string;
          /**
           * Format: email
           * @description Contact e-mail recorded in the carta manifiesto.
           */
          manifest_email?: string;
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description SAT tax regime (c_RegimenFiscal), 3 digits, e.g. 601. */
          tax_regime: string;
          /** @description Postal code of the place of issue (c_CodigoPostal), 5 digits. */
          zip: string;
        };
        'multipart/form-data': {
          /** @description PDF brand colour, `#RRGGBB`. */
          brand_color?: string;
          /**
           * Format: binary
           * @description The CSD .cer file (at most 16 KiB).
           */
          csd_cer: string;
          /**
           * Format: binary
           * @description The CSD .key file (at most 16 KiB).
           */
          csd_key: string;
          /** @description Password of the .key file. */
          csd_password: string;
          /**
           * Format: binary
           * @description The FIEL (e.firma) .cer file.
           */
          fiel_cer?: string;
          /**
           * Format: binary
           * @description The FIEL .key file.
           */
          fiel_key?: string;
          /** @description Password of the .key file. */
          fiel_password?: string;
          /** @description Name or razón social as registered at the SAT; defaults to the CSD certificate's. */
          legal_name?: string;
          /**
           * Format: binary
           * @description PNG or JPEG logo for the PDF, at most 512 KiB.
           */
          logo?: string;
          /**
           * Format: email
           * @description Contact e-mail recorded in the carta manifiesto.
           */
          manifest_email?: string;
          /** @description A JSON object of string keys and string values, as text. */
          metadata?: string;
          /** @description SAT tax regime (c_RegimenFiscal), 3 digits, e.g. 601. */
          tax_regime: string;
          /** @description Postal code of the place of issue (c_CodigoPostal), 5 digits. */
          zip: string;
        };
      };
    };
    responses: {
      /** @description An issuer taxpayer. Private keys and passwords are encrypted at rest and never returned. */
      201: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand_color: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            csd: {
              rfc: string;
              serial: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              valid_from: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              valid_to: string;
            };
            /** @description Automatic e-mails of the profile's invoices (docs/guides/email.md). All off by default. */
            email_settings: {
              /** @description es (Spanish) or en (English). */
              language: 'es' | 'en';
              /** @description E-mail the cancellation notice, with the acuse, when an invoice's cancellation completes (an invoice's `email.send_on_cancel` overrides it). */
              send_on_cancel: boolean;
              /** @description E-mail each invoice to its customer when it is stamped (an invoice's `email.send_on_stamp` overrides it). */
              send_on_stamp: boolean;
            };
            has_fiel: boolean;
            has_logo: boolean;
            id: string;
            legal_name: string;
            livemode: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            manifest_signed_at: string | null;
            manifest_status: 'pending_signature' | 'signed';
            metadata: {
              [key: string]: string;
            };
            /** @description What must happen before the profile can stamp. */
            next_actions: {
              /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
              endpoint: string;
              message: string;
              /** @description What that request must carry. */
              requires: string[];
              /** @description e.g. `sign_manifest`, `renew_csd`. */
              type: string;
            }[];
            /** @enum {string} */
            object: 'fiscal_profile';
            /** @description Everything outstanding, including advance notices such as a CSD about to expire. */
            pending_actions: {
              /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
              endpoint: string;
              message: string;
              /** @description What that request must carry. */
              requires: string[];
              /** @description e.g. `sign_manifest`, `renew_csd`. */
              type: string;
            }[];
            /** @description Derived from the CSD certificate. */
            rfc: string;
            /** @description `active` when the profile can stamp. */
            status: 'requires_action' | 'active';
            tax_regime: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
            zip: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      /** @description A file, a text field or the whole form is over its limit (`fiscal_profile.upload_too_large`, `fiscal_profile.too_many_parts`, `request.body_too_large`). */
      413: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getFiscalProfile: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Fiscal profile id (`fp_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An issuer taxpayer. Private keys and passwords are encrypted at rest and never returned. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand_color: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            csd: {
              rfc: string;
              serial: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              valid_from: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              valid_to: string;
            };
            /** @description Automatic e-mails of the profile's invoices (docs/guides/email.md). All off by default. */
            email_settings: {
              /** @description es (Spanish) or en (English). */
              language: 'es' | 'en';
              /** @description E-mail the cancellation notice, with the acuse, when an invoice's cancellation completes (an invoice's `email.send_on_cancel` overrides it). */
              send_on_cancel: boolean;
              /** @description E-mail each invoice to its customer when it is stamped (an invoice's `email.send_on_stamp` overrides it). */
              send_on_stamp: boolean;
            };
            has_fiel: boolean;
            has_logo: boolean;
            id: string;
            legal_name: string;
            livemode: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            manifest_signed_at: string | null;
            manifest_status: 'pending_signature' | 'signed';
            metadata: {
              [key: string]: string;
            };
            /** @description What must happen before the profile can stamp. */
            next_actions: {
              /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
              endpoint: string;
              message: string;
              /** @description What that request must carry. */
              requires: string[];
              /** @description e.g. `sign_manifest`, `renew_csd`. */
              type: string;
            }[];
            /** @enum {string} */
            object: 'fiscal_profile';
            /** @description Everything outstanding, including advance notices such as a CSD about to expire. */
            pending_actions: {
              /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
              endpoint: string;
              message: string;
              /** @description What that request must carry. */
              requires: string[];
              /** @description e.g. `sign_manifest`, `renew_csd`. */
              type: string;
            }[];
            /** @description Derived from the CSD certificate. */
            rfc: string;
            /** @description `active` when the profile can stamp. */
            status: 'requires_action' | 'active';
            tax_regime: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
            zip: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteFiscalProfile: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Fiscal profile id (`fp_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            deleted: true;
            id: string;
            /** @enum {string} */
            object: 'fiscal_profile';
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateFiscalProfile: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Fiscal profile id (`fp_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description PDF brand colour `#RRGGBB`; null restores the default. */
          brand_color?: string | null;
          csd?: {
            /** @description The .cer file (DER or PEM), base64. */
            cer_base64: string;
            /** @description The .key file (encrypted PKCS#8 DER as the SAT issues it, or PEM), base64. */
            key_base64: string;
            /** @description Password of the .key file. */
            password: string;
          };
          /** @description Automatic e-mails of the invoices of the profile; the fields left out keep their saved values (off and `es` at first). */
          email_settings?: {
            /** @description es (Spanish) or en (English). */
            language?: 'es' | 'en';
            /** @description E-mail the cancellation notice, with the acuse, when an invoice's cancellation completes (an invoice's `email.send_on_cancel` overrides it). */
            send_on_cancel?: boolean;
            /** @description E-mail each invoice to its customer when it is stamped (an invoice's `email.send_on_stamp` overrides it). */
            send_on_stamp?: boolean;
          };
          fiel?: {
            /** @description The .cer file (DER or PEM), base64. */
            cer_base64: string;
            /** @description The .key file (encrypted PKCS#8 DER as the SAT issues it, or PEM), base64. */
            key_base64: string;
            /** @description Password of the .key file. */
            password: string;
          };
          /** @description Name or razón social as registered at the SAT; defaults to the CSD certificate's. */
          legal_name?: string;
          /** @description New logo, base64; null removes it. */
          logo_base64?: string | null;
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description SAT tax regime (c_RegimenFiscal), 3 digits, e.g. 601. */
          tax_regime?: string;
          /** @description Postal code of the place of issue (c_CodigoPostal), 5 digits. */
          zip?: string;
        };
        'multipart/form-data': {
          /** @description PDF brand colour, `#RRGGBB`. */
          brand_color?: string;
          /**
           * Format: binary
           * @description The CSD .cer file (at most 16 KiB).
           */
          csd_cer?: string;
          /**
           * Format: binary
           * @description The CSD .key file (at most 16 KiB).
           */
          csd_key?: string;
          /** @description Password of the .key file. */
          csd_password?: string;
          /**
           * Format: binary
           * @description The FIEL (e.firma) .cer file.
           */
          fiel_cer?: string;
          /**
           * Format: binary
           * @description The FIEL .key file.
           */
          fiel_key?: string;
          /** @description Password of the .key file. */
          fiel_password?: string;
          /** @description Name or razón social as registered at the SAT; defaults to the CSD certificate's. */
          legal_name?: string;
          /**
           * Format: binary
           * @description PNG or JPEG logo for the PDF, at most 512 KiB.
           */
          logo?: string;
          /** @description A JSON object of string keys and string values, as text. */
          metadata?: string;
          /** @description SAT tax regime (c_RegimenFiscal), 3 digits, e.g. 601. */
          tax_regime?: string;
          /** @description Postal code of the place of issue (c_CodigoPostal), 5 digits. */
          zip?: string;
        };
      };
    };
    responses: {
      /** @description An issuer taxpayer. Private keys and passwords are encrypted at rest and never returned. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand_color: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            csd: {
              rfc: string;
              serial: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              valid_from: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              valid_to: string;
            };
            /** @description Automatic e-mails of the profile's invoices (docs/guides/email.md). All off by default. */
            email_settings: {
              /** @description es (Spanish) or en (English). */
              language: 'es' | 'en';
              /** @description E-mail the cancellation notice, with the acuse, when an invoice's cancellation completes (an invoice's `email.send_on_cancel` overrides it). */
              send_on_cancel: boolean;
              /** @description E-mail each invoice to its customer when it is stamped (an invoice's `email.send_on_stamp` overrides it). */
              send_on_stamp: boolean;
            };
            has_fiel: boolean;
            has_logo: boolean;
            id: string;
            legal_name: string;
            livemode: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            manifest_signed_at: string | null;
            manifest_status: 'pending_signature' | 'signed';
            metadata: {
              [key: string]: string;
            };
            /** @description What must happen before the profile can stamp. */
            next_actions: {
              /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
              endpoint: string;
              message: string;
              /** @description What that request must carry. */
              requires: string[];
              /** @description e.g. `sign_manifest`, `renew_csd`. */
              type: string;
            }[];
            /** @enum {string} */
            object: 'fiscal_profile';
            /** @description Everything outstanding, including advance notices such as a CSD about to expire. */
            pending_actions: {
              /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
              endpoint: string;
              message: string;
              /** @description What that request must carry. */
              requires: string[];
              /** @description e.g. `sign_manifest`, `renew_csd`. */
              type: string;
            }[];
            /** @description Derived from the CSD certificate. */
            rfc: string;
            /** @description `active` when the profile can stamp. */
            status: 'requires_action' | 'active';
            tax_regime: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
            zip: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /** @description A file, a text field or the whole form is over its limit (`fiscal_profile.upload_too_large`, `fiscal_profile.too_many_parts`, `request.body_too_large`). */
      413: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  previewFiscalProfileBranding: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Fiscal profile id (`fp_…`) */
        id: string;
      };
      cookie?: never;
    };
    /** @description Candidate branding to preview; nothing is saved. The logo is the one saved on the profile. */
    requestBody: {
      content: {
        'application/json': {
          /** @description The candidate PDF brand colour `#RRGGBB`; null previews the default colour; absent previews the saved one. */
          brand_color?: string | null;
        };
      };
    };
    responses: {
      /** @description The preview PDF (not a CFDI). */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  signFiscalProfileManifest: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Fiscal profile id (`fp_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: email
           * @description Contact e-mail recorded in the carta manifiesto.
           */
          email?: string;
          fiel?: {
            /** @description The .cer file (DER or PEM), base64. */
            cer_base64: string;
            /** @description The .key file (encrypted PKCS#8 DER as the SAT issues it, or PEM), base64. */
            key_base64: string;
            /** @description Password of the .key file. */
            password: string;
          };
        };
      };
    };
    responses: {
      /** @description An issuer taxpayer. Private keys and passwords are encrypted at rest and never returned. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            brand_color: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            csd: {
              rfc: string;
              serial: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              valid_from: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              valid_to: string;
            };
            /** @description Automatic e-mails of the profile's invoices (docs/guides/email.md). All off by default. */
            email_settings: {
              /** @description es (Spanish) or en (English). */
              language: 'es' | 'en';
              /** @description E-mail the cancellation notice, with the acuse, when an invoice's cancellation completes (an invoice's `email.send_on_cancel` overrides it). */
              send_on_cancel: boolean;
              /** @description E-mail each invoice to its customer when it is stamped (an invoice's `email.send_on_stamp` overrides it). */
              send_on_stamp: boolean;
            };
            has_fiel: boolean;
            has_logo: boolean;
            id: string;
            legal_name: string;
            livemode: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            manifest_signed_at: string | null;
            manifest_status: 'pending_signature' | 'signed';
            metadata: {
              [key: string]: string;
            };
            /** @description What must happen before the profile can stamp. */
            next_actions: {
              /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
              endpoint: string;
              message: string;
              /** @description What that request must carry. */
              requires: string[];
              /** @description e.g. `sign_manifest`, `renew_csd`. */
              type: string;
            }[];
            /** @enum {string} */
            object: 'fiscal_profile';
            /** @description Everything outstanding, including advance notices such as a CSD about to expire. */
            pending_actions: {
              /** @description The request that performs it, e.g. `POST /v1/fiscal_profiles/fp_…/manifest`. */
              endpoint: string;
              message: string;
              /** @description What that request must carry. */
              requires: string[];
              /** @description e.g. `sign_manifest`, `renew_csd`. */
              type: string;
            }[];
            /** @description Derived from the CSD certificate. */
            rfc: string;
            /** @description `active` when the profile can stamp. */
            status: 'requires_action' | 'active';
            tax_regime: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
            zip: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getFiscalProfileSync: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Fiscal profile id (`fp_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Automatic synchronization of a profile's CFDI history with the SAT. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            checked_at: string | null;
            /** @description CFDIs of this profile in the store. */
            documents: number;
            /** @description Whether automatic synchronization is on. */
            enabled: boolean;
            fiscal_profile_id: string;
            /** @description Days from `synced_through` to today (Mexico City): 1 once yesterday has been asked for, 2 until then; 1-3 in steady state. */
            lag_days: number | null;
            /** @enum {string} */
            object: 'fiscal_profile_sync';
            rfc: string;
            /** @description `inactive` (off), `pending` (on, nothing complete yet), `healthy` (the watermark moves), `stalled` (work waits and the watermark has not moved for a day: the SAT is down or slow; the service keeps retrying). */
            status: 'inactive' | 'pending' | 'healthy' | 'stalled';
            /** @description Where the backfill starts, yyyy-mm-dd: the `sync_from` asked for, floored to the 1st of its month and moved to the first day the SAT still serves (1 January five years back), which moves each 1 January. */
            sync_from: string | null;
            /** @description Every day from `sync_from` through this one, yyyy-mm-dd, has been asked of the SAT and the store holds what it served; the last three are asked again daily while the SAT may still publish CFDIs of them (up to 72 hours after their stamp). */
            synced_through: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  enableFiscalProfileSync: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Fiscal profile id (`fp_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description About how many CFDIs the taxpayer issues plus receives a month: it sizes the SAT requests (a year, or fewer months, up to 100,000 CFDIs each; a month above 100,000 in parts), so no request meets the SAT's cap. Without it, a year per request. */
          max_monthly_documents?: number;
          /** @description A contact phone in international format (`+52 55 1234 5678`), at most 20 characters; kept, never called. */
          phone?: string;
          /** @description Start of the backfill, a calendar day `yyyy-mm-dd` not after today (Mexico City); floored to the 1st of its month and moved forward to the first day the SAT serves (71 months back at most, and never before 1 January five years back). Default: all the history the SAT keeps. */
          sync_from?: string;
        };
      };
    };
    responses: {
      /** @description Automatic synchronization of a profile's CFDI history with the SAT. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            checked_at: string | null;
            /** @description CFDIs of this profile in the store. */
            documents: number;
            /** @description Whether automatic synchronization is on. */
            enabled: boolean;
            fiscal_profile_id: string;
            /** @description Days from `synced_through` to today (Mexico City): 1 once yesterday has been asked for, 2 until then; 1-3 in steady state. */
            lag_days: number | null;
            /** @enum {string} */
            object: 'fiscal_profile_sync';
            rfc: string;
            /** @description `inactive` (off), `pending` (on, nothing complete yet), `healthy` (the watermark moves), `stalled` (work waits and the watermark has not moved for a day: the SAT is down or slow; the service keeps retrying). */
            status: 'inactive' | 'pending' | 'healthy' | 'stalled';
            /** @description Where the backfill starts, yyyy-mm-dd: the `sync_from` asked for, floored to the 1st of its month and moved to the first day the SAT still serves (1 January five years back), which moves each 1 January. */
            sync_from: string | null;
            /** @description Every day from `sync_from` through this one, yyyy-mm-dd, has been asked of the SAT and the store holds what it served; the last three are asked again daily while the SAT may still publish CFDIs of them (up to 72 hours after their stamp). */
            synced_through: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /** @description The carta manifiesto is not signed (`fiscal_profile.manifest_required`). Also, as for every operation: The Idempotency-Key was used with another request, or its first request is still running (`idempotency.key_reuse`, `idempotency.key_processing`), or the object is in the wrong state. */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The profile has no FIEL (`download.fiel_required`), or a field as listed (`request.validation_failed`), such as a `sync_from` that is not a day of the calendar or is after today. Also, as for every operation: The request failed validation (`request.validation_failed`, with `errors`) or a business rule. */
      422: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /** @description The SAT could not be reached (`download.request_failed`). */
      502: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The SAT refused the FIEL (`sat.download_rejected`). Also, as for every operation: The service cannot take or finish the request right now: more work is waiting than it can finish (`service.overloaded`, expensive requests first), its database cannot be reached for a moment (`service.unavailable`), or CPU-heavy work ran past its time limit (`service.task_timeout`). Retry after `Retry-After`, with backoff and the same Idempotency-Key. */
      503: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  disableFiscalProfileSync: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Fiscal profile id (`fp_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Automatic synchronization of a profile's CFDI history with the SAT. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            checked_at: string | null;
            /** @description CFDIs of this profile in the store. */
            documents: number;
            /** @description Whether automatic synchronization is on. */
            enabled: boolean;
            fiscal_profile_id: string;
            /** @description Days from `synced_through` to today (Mexico City): 1 once yesterday has been asked for, 2 until then; 1-3 in steady state. */
            lag_days: number | null;
            /** @enum {string} */
            object: 'fiscal_profile_sync';
            rfc: string;
            /** @description `inactive` (off), `pending` (on, nothing complete yet), `healthy` (the watermark moves), `stalled` (work waits and the watermark has not moved for a day: the SAT is down or slow; the service keeps retrying). */
            status: 'inactive' | 'pending' | 'healthy' | 'stalled';
            /** @description Where the backfill starts, yyyy-mm-dd: the `sync_from` asked for, floored to the 1st of its month and moved to the first day the SAT still serves (1 January five years back), which moves each 1 January. */
            sync_from: string | null;
            /** @description Every day from `sync_from` through this one, yyyy-mm-dd, has been asked of the SAT and the store holds what it served; the last three are asked again daily while the SAT may still publish CFDIs of them (up to 72 hours after their stamp). */
            synced_through: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listInvoices: {
    parameters: {
      query?: {
        /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
        'created[gte]'?: string;
        /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
        'created[lte]'?: string;
        customer_rfc?: string;
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        fiscal_profile_id?: string;
        folio?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description Search: part of the customer's RFC or name (any case), or exactly a folio, a serie and folio written together (`F123`) or a UUID. */
        q?: string;
        serie?: string;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
        status?: 'draft' | 'stamping' | 'stamped' | 'cancelled';
        uuid?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Invoice'][];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Payment conditions (CondicionesDePago). Types I and E. */
          conditions?: string;
          /** @description ISO 4217 code in the SAT c_Moneda catalog; default MXN. Absent for P. */
          currency?: string;
          customer?: {
            /** @description c_UsoCFDI code, e.g. G03. Defaults: S01 for the general public, CP01 for payments. */
            cfdi_use?: string;
            /** @description Foreign customers (XEXX010101000): c_Pais country of tax residence, e.g. USA. */
            country?: string;
            /**
             * Format: email
             * @description Where `POST /v1/invoices/{id}/email` sends the invoice when the request names no recipients. Not part of the CFDI.
             */
            email?: string;
            /** @description Name exactly as registered at the SAT (without the capital regime, e.g. "S.A. de C.V."). */
            name?: string;
            /** @description The customer's fiscal address postal code (5 digits). */
            postal_code?: string;
            /** @description The customer's RFC; XAXX010101000 for the general public, XEXX010101000 for a foreign customer. */
            rfc?: string;
            /** @description Foreign customers: their tax identification number at home. */
            tax_id?: string;
            /** @description The customer's c_RegimenFiscal code (3 digits). */
            tax_regime?: string;
            /** @description Same as `cfdi_use`. */
            use?: string;
          };
          /** @description A saved customer (`cus_…`) whose RFC, name, régimen, postal code and default uso fill `customer`; fields given in `customer` override them. */
          customer_id?: string;
          /** @description Automatic e-mails of this invoice; what is left out follows the fiscal profile. Not part of the CFDI. */
          email?: {
            /** @description es (Spanish) or en (English); default the fiscal profile's `email_settings.language`. */
            language?: 'es' | 'en';
            /** @description Who receives the automatic e-mails; default the invoice's `customer.email`, or the e-mails of its saved customer. No address twice. */
            recipients?: string[];
            /** @description E-mail the cancellation notice (with the acuse) when its cancellation completes; default the fiscal profile's `email_settings.send_on_cancel`. */
            send_on_cancel?: boolean;
            /** @description E-mail the invoice when it is stamped; default the fiscal profile's `email_settings.send_on_stamp`. */
            send_on_stamp?: boolean;
          };
          /** @description MXN per unit of `currency`; required unless MXN. Decimal string, e.g. "1500.00". */
          exchange_rate?: string;
          /** @description c_Exportacion; default 01 (no export). */
          export?: string;
          /** @description The issuing fiscal profile (`fp_…`). */
          fiscal_profile_id: string;
          /** @description Default: the next number of the serie for this fiscal profile. */
          folio?: string;
          global?: {
            /** @description c_Meses: 01-12 for a month, 13-18 for a bimester. */
            months: string;
            /** @description c_Periodicidad: 01 daily, 02 weekly, 03 fortnightly, 04 monthly, 05 bimonthly. */
            periodicity: string;
            /** @description The year of the operations, YYYY. */
            year: string;
          };
          /** @description Required for types I, E and T; absent for P. */
          items?: {
            /** @description What was sold. */
            description?: string;
            /** @description Discount on this item, in the currency's decimals. Decimal string, e.g. "1500.00". */
            discount?: string;
            /** @description A saved product (`prod_…`) whose fields fill this item; the other fields given here override them (quantity, unit_price, discount…). */
            product_id?: string;
            /** @description SAT product or service key (c_ClaveProdServ, 8 digits). */
            product_key?: string;
            /** @description Up to six decimals, greater than 0; default "1". Decimal string, e.g. "1500.00". */
            quantity?: string;
            /** @description Your product code (NoIdentificacion). */
            sku?: string;
            /** @description c_ObjetoImp: 01 not subject, 02 subject (needs taxes), 03, 04… Default 02 with taxes, 01 without. */
            tax_object?: string;
            taxes?: {
              /** @description Overrides the taxable base (default: the item amount minus its discount), e.g. litres for an IEPS Cuota. Decimal string, e.g. "1500.00". */
              base?: string;
              /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
              factor?: 'Tasa' | 'Cuota' | 'Exento';
              /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
              rate?: string;
              /** @description The tax: IVA, ISR (withholding only) or IEPS. */
              type: 'IVA' | 'ISR' | 'IEPS';
              /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
              withholding?: boolean;
            }[];
            /** @description Your own unit name, printed beside the unit key. */
            unit?: string;
            /** @description SAT unit key (c_ClaveUnidad), e.g. E48 or H87. */
            unit_key?: string;
            /** @description Price per unit before taxes, up to six decimals. Decimal string, e.g. "1500.00". */
            unit_price?: string;
          }[];
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description c_FormaPago (2 digits), e.g. 03 transfer; 99 with PPD. Types I and E. */
          payment_form?: string;
          /** @description PUE (paid in one installment, default) or PPD (installments or deferred). Types I and E. */
          payment_method?: string;
          /** @description Type P only: the payments received. */
          payments?: {
            /** @description Amount received; default the sum of the documents' amount_paid. Decimal string, e.g. "1500.00". */
            amount?: string;
            /** @description Payment currency; default MXN. */
            currency?: string;
            /** @description When the payment was received, local time: YYYY-MM-DDTHH:mm:ss (or YYYY-MM-DD for noon). */
            date: string;
            documents: {
              /** @description Amount of this payment applied to the document. Decimal string, e.g. "1500.00". */
              amount_paid?: string;
              /** @description Currency of the paid CFDI; default the payment's. */
              currency?: string;
              /** @description Units of the document currency per unit of the payment currency; required when they differ. Decimal string, e.g. "1500.00". */
              equivalence?: string;
              /** @description Folio of the paid CFDI. */
              folio?: string;
              /** @description Installment number, 1 for the first payment. */
              installment?: number;
              /** @description Id of the paid invoice of this account; fills `uuid`, `serie`, `folio` and `currency`. */
              invoice?: string;
              /** @description Balance of the document before this payment. Decimal string, e.g. "1500.00". */
              previous_balance?: string;
              /** @description Serie of the paid CFDI. */
              serie?: string;
              /** @description c_ObjetoImp of the document; default 02 with taxes, 01 without. */
              tax_object?: string;
              taxes?: {
                /** @description Overrides the taxable base (default: the item amount minus its discount), e.g. litres for an IEPS Cuota. Decimal string, e.g. "1500.00". */
                base?: string;
                /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
                factor?: 'Tasa' | 'Cuota' | 'Exento';
                /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
                rate?: string;
                /** @description The tax: IVA, ISR (withholding only) or IEPS. */
                type: 'IVA' | 'ISR' | 'IEPS';
                /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
                withholding?: boolean;
              }[];
              /** @description UUID of the paid CFDI (give this or `invoice`). */
              uuid?: string;
            }[];
            /** @description MXN per unit of the payment currency; required unless MXN. Decimal string, e.g. "1500.00". */
            exchange_rate?: string;
            /** @description Bank operation or check number. */
            operation_number?: string;
            /** @description c_FormaPago of the payment (not 99), e.g. 03 transfer. */
            payment_form: string;
          }[];
          related?: {
            /** @description Ids of stamped invoices of this account; their UUIDs are used. */
            invoices?: string[];
            /** @description c_TipoRelacion, e.g. 01 (nota de crédito), 04 (sustitución), 07 (anticipo). */
            relationship: string;
            /** @description Fiscal folios (UUIDs) of the related CFDIs. */
            uuids?: string[];
          }[];
          /** @description Your series, e.g. "A". */
          serie?: string;
          /** @description I income (default), E credit note, P payment, T transfer. */
          type?: 'I' | 'E' | 'P' | 'T';
          /** @description Same as `customer.cfdi_use`. */
          use?: string;
        };
      };
    };
    responses: {
      /** @description A CFDI 4.0 invoice. */
      201: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /** @description The explicit folio is used (`invoice.folio_taken`) or could not be assigned (`invoice.folio_contention`, with Retry-After). Also, as for every operation: The Idempotency-Key was used with another request, or its first request is still running (`idempotency.key_reuse`, `idempotency.key_processing`), or the object is in the wrong state. */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Invoice id (`inv_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A CFDI 4.0 invoice. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Invoice id (`inv_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            deleted: true;
            id: string;
            /** @enum {string} */
            object: 'invoice';
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /** @description Only drafts change: stamping started (`invoice.not_stampable`), or the new folio is used (`invoice.folio_taken`, `invoice.folio_contention`). Also, as for every operation: The Idempotency-Key was used with another request, or its first request is still running (`idempotency.key_reuse`, `idempotency.key_processing`), or the object is in the wrong state. */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Invoice id (`inv_…`) */
        id: string;
      };
      cookie?: never;
    };
    /** @description Fields to change; `customer` and `metadata` are merged, the others replaced. null clears an optional field (the draft goes back to its default, as if the create had left it out); an empty string in metadata removes the key. */
    requestBody: {
      content: {
        'application/json': {
          /** @description Payment conditions (CondicionesDePago). Types I and E. null clears it. */
          conditions?: string | null;
          /** @description ISO 4217 code in the SAT c_Moneda catalog; default MXN. Absent for P. null clears it. */
          currency?: string | null;
          customer?: {
            /** @description c_UsoCFDI code, e.g. G03. Defaults: S01 for the general public, CP01 for payments. null clears it. */
            cfdi_use?: string | null;
            /** @description Foreign customers (XEXX010101000): c_Pais country of tax residence, e.g. USA. null clears it. */
            country?: string | null;
            /** @description Where `POST /v1/invoices/{id}/email` sends the invoice when the request names no recipients. Not part of the CFDI. null clears it. */
            email?: string | null;
            /** @description Name exactly as registered at the SAT (without the capital regime, e.g. "S.A. de C.V."). null clears it. */
            name?: string | null;
            /** @description The customer's fiscal address postal code (5 digits). null clears it. */
            postal_code?: string | null;
            /** @description The customer's RFC; XAXX010101000 for the general public, XEXX010101000 for a foreign customer. */
            rfc?: string;
            /** @description Foreign customers: their tax identification number at home. null clears it. */
            tax_id?: string | null;
            /** @description The customer's c_RegimenFiscal code (3 digits). null clears it. */
            tax_regime?: string | null;
            /** @description Same as `cfdi_use`. null clears it. */
            use?: string | null;
          };
          /** @description A saved customer (`cus_…`) whose RFC, name, régimen, postal code and default uso fill `customer`; fields given in `customer` override them. */
          customer_id?: string;
          /** @description Automatic e-mails of this invoice; what is left out follows the fiscal profile. Not part of the CFDI. */
          email?: {
            /** @description es (Spanish) or en (English); default the fiscal profile's `email_settings.language`. */
            language?: 'es' | 'en';
            /** @description Who receives the automatic e-mails; default the invoice's `customer.email`, or the e-mails of its saved customer. No address twice. */
            recipients?: string[];
            /** @description E-mail the cancellation notice (with the acuse) when its cancellation completes; default the fiscal profile's `email_settings.send_on_cancel`. */
            send_on_cancel?: boolean;
            /** @description E-mail the invoice when it is stamped; default the fiscal profile's `email_settings.send_on_stamp`. */
            send_on_stamp?: boolean;
          };
          /** @description MXN per unit of `currency`; required unless MXN. Decimal string, e.g. "1500.00". null clears it. */
          exchange_rate?: string | null;
          /** @description c_Exportacion; default 01 (no export). null clears it. */
          export?: string | null;
          /** @description Default: the next number of the serie for this fiscal profile. */
          folio?: string;
          /** @description null clears it. */
          global?: {
            /** @description c_Meses: 01-12 for a month, 13-18 for a bimester. */
            months: string;
            /** @description c_Periodicidad: 01 daily, 02 weekly, 03 fortnightly, 04 monthly, 05 bimonthly. */
            periodicity: string;
            /** @description The year of the operations, YYYY. */
            year: string;
          } | null;
          /** @description Required for types I, E and T; absent for P. */
          items?: {
            /** @description What was sold. */
            description?: string;
            /** @description Discount on this item, in the currency's decimals. Decimal string, e.g. "1500.00". */
            discount?: string;
            /** @description A saved product (`prod_…`) whose fields fill this item; the other fields given here override them (quantity, unit_price, discount…). */
            product_id?: string;
            /** @description SAT product or service key (c_ClaveProdServ, 8 digits). */
            product_key?: string;
            /** @description Up to six decimals, greater than 0; default "1". Decimal string, e.g. "1500.00". */
            quantity?: string;
            /** @description Your product code (NoIdentificacion). */
            sku?: string;
            /** @description c_ObjetoImp: 01 not subject, 02 subject (needs taxes), 03, 04… Default 02 with taxes, 01 without. */
            tax_object?: string;
            taxes?: {
              /** @description Overrides the taxable base (default: the item amount minus its discount), e.g. litres for an IEPS Cuota. Decimal string, e.g. "1500.00". */
              base?: string;
              /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
              factor?: 'Tasa' | 'Cuota' | 'Exento';
              /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
              rate?: string;
              /** @description The tax: IVA, ISR (withholding only) or IEPS. */
              type: 'IVA' | 'ISR' | 'IEPS';
              /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
              withholding?: boolean;
            }[];
            /** @description Your own unit name, printed beside the unit key. */
            unit?: string;
            /** @description SAT unit key (c_ClaveUnidad), e.g. E48 or H87. */
            unit_key?: string;
            /** @description Price per unit before taxes, up to six decimals. Decimal string, e.g. "1500.00". */
            unit_price?: string;
          }[];
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description c_FormaPago (2 digits), e.g. 03 transfer; 99 with PPD. Types I and E. null clears it. */
          payment_form?: string | null;
          /** @description PUE (paid in one installment, default) or PPD (installments or deferred). Types I and E. null clears it. */
          payment_method?: string | null;
          /** @description Type P only: the payments received. */
          payments?: {
            /** @description Amount received; default the sum of the documents' amount_paid. Decimal string, e.g. "1500.00". */
            amount?: string;
            /** @description Payment currency; default MXN. */
            currency?: string;
            /** @description When the payment was received, local time: YYYY-MM-DDTHH:mm:ss (or YYYY-MM-DD for noon). */
            date: string;
            documents: {
              /** @description Amount of this payment applied to the document. Decimal string, e.g. "1500.00". */
              amount_paid?: string;
              /** @description Currency of the paid CFDI; default the payment's. */
              currency?: string;
              /** @description Units of the document currency per unit of the payment currency; required when they differ. Decimal string, e.g. "1500.00". */
              equivalence?: string;
              /** @description Folio of the paid CFDI. */
              folio?: string;
              /** @description Installment number, 1 for the first payment. */
              installment?: number;
              /** @description Id of the paid invoice of this account; fills `uuid`, `serie`, `folio` and `currency`. */
              invoice?: string;
              /** @description Balance of the document before this payment. Decimal string, e.g. "1500.00". */
              previous_balance?: string;
              /** @description Serie of the paid CFDI. */
              serie?: string;
              /** @description c_ObjetoImp of the document; default 02 with taxes, 01 without. */
              tax_object?: string;
              taxes?: {
                /** @description Overrides the taxable base (default: the item amount minus its discount), e.g. litres for an IEPS Cuota. Decimal string, e.g. "1500.00". */
                base?: string;
                /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
                factor?: 'Tasa' | 'Cuota' | 'Exento';
                /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
                rate?: string;
                /** @description The tax: IVA, ISR (withholding only) or IEPS. */
                type: 'IVA' | 'ISR' | 'IEPS';
                /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
                withholding?: boolean;
              }[];
              /** @description UUID of the paid CFDI (give this or `invoice`). */
              uuid?: string;
            }[];
            /** @description MXN per unit of the payment currency; required unless MXN. Decimal string, e.g. "1500.00". */
            exchange_rate?: string;
            /** @description Bank operation or check number. */
            operation_number?: string;
            /** @description c_FormaPago of the payment (not 99), e.g. 03 transfer. */
            payment_form: string;
          }[];
          related?: {
            /** @description Ids of stamped invoices of this account; their UUIDs are used. */
            invoices?: string[];
            /** @description c_TipoRelacion, e.g. 01 (nota de crédito), 04 (sustitución), 07 (anticipo). */
            relationship: string;
            /** @description Fiscal folios (UUIDs) of the related CFDIs. */
            uuids?: string[];
          }[];
          /** @description Your series, e.g. "A". null clears it. */
          serie?: string | null;
          /** @description I income (default), E credit note, P payment, T transfer. */
          type?: 'I' | 'E' | 'P' | 'T';
          /** @description Same as `customer.cfdi_use`. null clears it. */
          use?: string | null;
        };
      };
    };
    responses: {
      /** @description A CFDI 4.0 invoice. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /** @description Only drafts change: stamping started (`invoice.not_stampable`), or the new folio is used (`invoice.folio_taken`, `invoice.folio_contention`). */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getInvoiceAcuse: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Invoice id (`inv_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The SAT acuse of the cancellation request (422 `cancel.no_acuse` before there is one). */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/xml': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  cancelInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Invoice id (`inv_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Motivo: 01 replaced by `substitute_invoice_id` (with errors), 02 with errors and no replacement, 03 operation not carried out, 04 nominative operation in a global invoice. */
          reason: string;
          /** @description Reason 01 only: the stamped invoice that replaces this one (it relates to it with TipoRelacion 04). */
          substitute_invoice_id?: string;
        };
      };
    };
    responses: {
      /** @description A CFDI 4.0 invoice. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /** @description Not stamped (`invoice.not_stamped`), or a cancellation is already pending (`invoice.cancellation_in_progress`). Also, as for every operation: The Idempotency-Key was used with another request, or its first request is still running (`idempotency.key_reuse`, `idempotency.key_processing`), or the object is in the wrong state. */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /** @description The SAT or the PAC could not be reached (`cancel.sat_service_unavailable`, `pac.internal_error`, with Retry-After). */
      502: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      503: components['responses']['ServiceUnavailable'];
    };
  };
  emailInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Invoice id (`inv_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description es (Spanish) or en (English). */
          language?: 'es' | 'en';
          /** @description Who receives it; default the invoice's `customer.email` (422 `invoice.email_no_recipients` when it has none). */
          recipients?: string[];
        };
      };
    };
    responses: {
      /** @description One e-mail of an invoice and its delivery log. */
      202: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Every attempt to hand the message to the mail server, oldest first. */
            attempts: {
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              at: string;
              /** @description The mail server's refusal, or why it could not be reached. */
              error: string | null;
              outcome: 'sent' | 'failed';
            }[];
            /** @description True when the invoice's stamp or cancellation queued it (`email.send_on_stamp`, `email.send_on_cancel`); false when POST /v1/invoices/{id}/email did. */
            automatic: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            /** @description `iem_` id. */
            id: string;
            invoice_id: string;
            /** @description The invoice with its PDF and XML, or the notice of its cancellation (with the acuse when there is one). */
            kind: 'invoice' | 'cancellation';
            /** @description es (Spanish) or en (English). */
            language: 'es' | 'en';
            /** @description The Message-ID header of the message, once sent. */
            message_id: string | null;
            /** @enum {string} */
            object: 'invoice_email';
            recipients: string[];
            /** @description Why an automatic e-mail was not sent (no recipient, no mail server); null otherwise. */
            skipped_reason: string | null;
            /** @description queued (waiting or retrying), sent (the mail server accepted it), failed (refused for good, or attempts exhausted), skipped (an automatic e-mail with nowhere to go: see `skipped_reason`). */
            status: 'queued' | 'sent' | 'failed' | 'skipped';
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /** @description The invoice is not stamped (`invoice.email_requires_stamp`). Also, as for every operation: The Idempotency-Key was used with another request, or its first request is still running (`idempotency.key_reuse`, `idempotency.key_processing`), or the object is in the wrong state. */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description No `recipients` and the invoice has no `customer.email` (`invoice.email_no_recipients`). Also, as for every operation: The request failed validation (`request.validation_failed`, with `errors`) or a business rule. */
      422: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /** @description Production without a mail server (`invoice.email_not_configured`). Also, as for every operation: The service cannot take or finish the request right now: more work is waiting than it can finish (`service.overloaded`, expensive requests first), its database cannot be reached for a moment (`service.unavailable`), or CPU-heavy work ran past its time limit (`service.task_timeout`). Retry after `Retry-After`, with backoff and the same Idempotency-Key. */
      503: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listInvoiceEmails: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Invoice id (`inv_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description Every attempt to hand the message to the mail server, oldest first. */
              attempts: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp.
                 */
                at: string;
                /** @description The mail server's refusal, or why it could not be reached. */
                error: string | null;
                outcome: 'sent' | 'failed';
              }[];
              /** @description True when the invoice's stamp or cancellation queued it (`email.send_on_stamp`, `email.send_on_cancel`); false when POST /v1/invoices/{id}/email did. */
              automatic: boolean;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              /** @description `iem_` id. */
              id: string;
              invoice_id: string;
              /** @description The invoice with its PDF and XML, or the notice of its cancellation (with the acuse when there is one). */
              kind: 'invoice' | 'cancellation';
              /** @description es (Spanish) or en (English). */
              language: 'es' | 'en';
              /** @description The Message-ID header of the message, once sent. */
              message_id: string | null;
              /** @enum {string} */
              object: 'invoice_email';
              recipients: string[];
              /** @description Why an automatic e-mail was not sent (no recipient, no mail server); null otherwise. */
              skipped_reason: string | null;
              /** @description queued (waiting or retrying), sent (the mail server accepted it), failed (refused for good, or attempts exhausted), skipped (an automatic e-mail with nowhere to go: see `skipped_reason`). */
              status: 'queued' | 'sent' | 'failed' | 'skipped';
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              updated_at: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getInvoicePdf: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Invoice id (`inv_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The representación impresa of the stamped CFDI. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /** @description The invoice is not stamped yet (`invoice.pdf_requires_stamp`). */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  stampInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Invoice id (`inv_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A CFDI 4.0 invoice. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description No live stamp credits left (`balance.insufficient_credits`). */
      402: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      404: components['responses']['NotFound'];
      /** @description Already stamped (`invoice.already_stamped`), or the profile has not signed the carta manifiesto (`fiscal_profile.manifest_required`). Also, as for every operation: The Idempotency-Key was used with another request, or its first request is still running (`idempotency.key_reuse`, `idempotency.key_processing`), or the object is in the wrong state. */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      /** @description The PAC did not answer (`pac.internal_error`, with Retry-After); the invoice stays `stamping` until a retry or the recovery job finishes it. */
      502: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getInvoiceXml: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Invoice id (`inv_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The stamped CFDI, byte for byte as the PAC returned it. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/xml': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /** @description The invoice is not stamped yet (`invoice.xml_requires_stamp`). */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  previewInvoice: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Payment conditions (CondicionesDePago). Types I and E. */
          conditions?: string;
          /** @description ISO 4217 code in the SAT c_Moneda catalog; default MXN. Absent for P. */
          currency?: string;
          customer?: {
            /** @description c_UsoCFDI code, e.g. G03. Defaults: S01 for the general public, CP01 for payments. */
            cfdi_use?: string;
            /** @description Foreign customers (XEXX010101000): c_Pais country of tax residence, e.g. USA. */
            country?: string;
            /**
             * Format: email
             * @description Where `POST /v1/invoices/{id}/email` sends the invoice when the request names no recipients. Not part of the CFDI.
             */
            email?: string;
            /** @description Name exactly as registered at the SAT (without the capital regime, e.g. "S.A. de C.V."). */
            name?: string;
            /** @description The customer's fiscal address postal code (5 digits). */
            postal_code?: string;
            /** @description The customer's RFC; XAXX010101000 for the general public, XEXX010101000 for a foreign customer. */
            rfc?: string;
            /** @description Foreign customers: their tax identification number at home. */
            tax_id?: string;
            /** @description The customer's c_RegimenFiscal code (3 digits). */
            tax_regime?: string;
            /** @description Same as `cfdi_use`. */
            use?: string;
          };
          /** @description A saved customer (`cus_…`) whose RFC, name, régimen, postal code and default uso fill `customer`; fields given in `customer` override them. */
          customer_id?: string;
          /** @description Automatic e-mails of this invoice; what is left out follows the fiscal profile. Not part of the CFDI. */
          email?: {
            /** @description es (Spanish) or en (English); default the fiscal profile's `email_settings.language`. */
            language?: 'es' | 'en';
            /** @description Who receives the automatic e-mails; default the invoice's `customer.email`, or the e-mails of its saved customer. No address twice. */
            recipients?: string[];
            /** @description E-mail the cancellation notice (with the acuse) when its cancellation completes; default the fiscal profile's `email_settings.send_on_cancel`. */
            send_on_cancel?: boolean;
            /** @description E-mail the invoice when it is stamped; default the fiscal profile's `email_settings.send_on_stamp`. */
            send_on_stamp?: boolean;
          };
          /** @description MXN per unit of `currency`; required unless MXN. Decimal string, e.g. "1500.00". */
          exchange_rate?: string;
          /** @description c_Exportacion; default 01 (no export). */
          export?: string;
          /** @description The issuing fiscal profile (`fp_…`). */
          fiscal_profile_id: string;
          /** @description Default: the next number of the serie for this fiscal profile. */
          folio?: string;
          global?: {
            /** @description c_Meses: 01-12 for a month, 13-18 for a bimester. */
            months: string;
            /** @description c_Periodicidad: 01 daily, 02 weekly, 03 fortnightly, 04 monthly, 05 bimonthly. */
            periodicity: string;
            /** @description The year of the operations, YYYY. */
            year: string;
          };
          /** @description Required for types I, E and T; absent for P. */
          items?: {
            /** @description What was sold. */
            description?: string;
            /** @description Discount on this item, in the currency's decimals. Decimal string, e.g. "1500.00". */
            discount?: string;
            /** @description A saved product (`prod_…`) whose fields fill this item; the other fields given here override them (quantity, unit_price, discount…). */
            product_id?: string;
            /** @description SAT product or service key (c_ClaveProdServ, 8 digits). */
            product_key?: string;
            /** @description Up to six decimals, greater than 0; default "1". Decimal string, e.g. "1500.00". */
            quantity?: string;
            /** @description Your product code (NoIdentificacion). */
            sku?: string;
            /** @description c_ObjetoImp: 01 not subject, 02 subject (needs taxes), 03, 04… Default 02 with taxes, 01 without. */
            tax_object?: string;
            taxes?: {
              /** @description Overrides the taxable base (default: the item amount minus its discount), e.g. litres for an IEPS Cuota. Decimal string, e.g. "1500.00". */
              base?: string;
              /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
              factor?: 'Tasa' | 'Cuota' | 'Exento';
              /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
              rate?: string;
              /** @description The tax: IVA, ISR (withholding only) or IEPS. */
              type: 'IVA' | 'ISR' | 'IEPS';
              /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
              withholding?: boolean;
            }[];
            /** @description Your own unit name, printed beside the unit key. */
            unit?: string;
            /** @description SAT unit key (c_ClaveUnidad), e.g. E48 or H87. */
            unit_key?: string;
            /** @description Price per unit before taxes, up to six decimals. Decimal string, e.g. "1500.00". */
            unit_price?: string;
          }[];
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description c_FormaPago (2 digits), e.g. 03 transfer; 99 with PPD. Types I and E. */
          payment_form?: string;
          /** @description PUE (paid in one installment, default) or PPD (installments or deferred). Types I and E. */
          payment_method?: string;
          /** @description Type P only: the payments received. */
          payments?: {
            /** @description Amount received; default the sum of the documents' amount_paid. Decimal string, e.g. "1500.00". */
            amount?: string;
            /** @description Payment currency; default MXN. */
            currency?: string;
            /** @description When the payment was received, local time: YYYY-MM-DDTHH:mm:ss (or YYYY-MM-DD for noon). */
            date: string;
            documents: {
              /** @description Amount of this payment applied to the document. Decimal string, e.g. "1500.00". */
              amount_paid?: string;
              /** @description Currency of the paid CFDI; default the payment's. */
              currency?: string;
              /** @description Units of the document currency per unit of the payment currency; required when they differ. Decimal string, e.g. "1500.00". */
              equivalence?: string;
              /** @description Folio of the paid CFDI. */
              folio?: string;
              /** @description Installment number, 1 for the first payment. */
              installment?: number;
              /** @description Id of the paid invoice of this account; fills `uuid`, `serie`, `folio` and `currency`. */
              invoice?: string;
              /** @description Balance of the document before this payment. Decimal string, e.g. "1500.00". */
              previous_balance?: string;
              /** @description Serie of the paid CFDI. */
              serie?: string;
              /** @description c_ObjetoImp of the document; default 02 with taxes, 01 without. */
              tax_object?: string;
              taxes?: {
                /** @description Overrides the taxable base (default: the item amount minus its discount), e.g. litres for an IEPS Cuota. Decimal string, e.g. "1500.00". */
                base?: string;
                /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
                factor?: 'Tasa' | 'Cuota' | 'Exento';
                /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
                rate?: string;
                /** @description The tax: IVA, ISR (withholding only) or IEPS. */
                type: 'IVA' | 'ISR' | 'IEPS';
                /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
                withholding?: boolean;
              }[];
              /** @description UUID of the paid CFDI (give this or `invoice`). */
              uuid?: string;
            }[];
            /** @description MXN per unit of the payment currency; required unless MXN. Decimal string, e.g. "1500.00". */
            exchange_rate?: string;
            /** @description Bank operation or check number. */
            operation_number?: string;
            /** @description c_FormaPago of the payment (not 99), e.g. 03 transfer. */
            payment_form: string;
          }[];
          related?: {
            /** @description Ids of stamped invoices of this account; their UUIDs are used. */
            invoices?: string[];
            /** @description c_TipoRelacion, e.g. 01 (nota de crédito), 04 (sustitución), 07 (anticipo). */
            relationship: string;
            /** @description Fiscal folios (UUIDs) of the related CFDIs. */
            uuids?: string[];
          }[];
          /** @description Your series, e.g. "A". */
          serie?: string;
          /** @description I income (default), E credit note, P payment, T transfer. */
          type?: 'I' | 'E' | 'P' | 'T';
          /** @description Same as `customer.cfdi_use`. */
          use?: string;
        };
      };
    };
    responses: {
      /** @description An invoice request's computed amounts and failing fields; nothing is stored. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvoicePreview'];
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  bootstrapOrganization: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: email */
          email?: string;
          name: string;
        };
      };
    };
    responses: {
      /** @description An organization with its first keys. */
      201: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            keys: {
              /** @description An API key. */
              live: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp.
                 */
                created_at: string;
                id: string;
                /** @description The secret. Returned only by the create call. */
                key?: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp, or null.
                 */
                last_used_at: string | null;
                livemode: boolean;
                mode: 'test' | 'live';
                name: string;
                /** @enum {string} */
                object: 'api_key';
                /** @description Non-secret identifying prefix, `sk_live_XXXX` / `sk_test_XXXX`. */
                prefix: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp, or null.
                 */
                revoked_at: string | null;
                /** @description Pinned API version, if any. */
                version: string | null;
              };
              /** @description An API key. */
              test: {
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp.
                 */
                created_at: string;
                id: string;
                /** @description The secret. Returned only by the create call. */
                key?: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp, or null.
                 */
                last_used_at: string | null;
                livemode: boolean;
                mode: 'test' | 'live';
                name: string;
                /** @enum {string} */
                object: 'api_key';
                /** @description Non-secret identifying prefix, `sk_live_XXXX` / `sk_test_XXXX`. */
                prefix: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC timestamp, or null.
                 */
                revoked_at: string | null;
                /** @description Pinned API version, if any. */
                version: string | null;
              };
            };
            name: string;
            /** @enum {string} */
            object: 'organization';
          };
        };
      };
      400: components['responses']['BadRequest'];
      422: components['responses']['UnprocessableContent'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listPayableInvoices: {
    parameters: {
      query: {
        /** @description The customer's RFC. */
        customer_rfc: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description Saldo insoluto: the balance the last stamped payment left, or the total before any. */
              balance: string;
              currency: string;
              folio: string;
              invoice_id: string;
              /** @description The next payment's installment number (NumParcialidad). */
              next_installment: number;
              /** @enum {string} */
              object: 'payable_invoice';
              /** @description What the stamped payments of this account applied to it. */
              paid: string;
              /** @description Serie of the invoice. */
              serie: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              stamped_at: string;
              /** @description The invoice's distinct item taxes, as a payment's `documents[].taxes` takes them. */
              taxes: {
                factor: string;
                /** @description Null for Exento. */
                rate: string | null;
                type: string;
                withholding: boolean;
              }[];
              total: string;
              uuid: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listProducts: {
    parameters: {
      query?: {
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description Only products with this c_ClaveProdServ. */
        product_key?: string;
        /** @description Part of the description or the SKU, any case. */
        search?: string;
        /** @description Exactly this SKU. */
        sku?: string;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              description: string;
              id: string;
              livemode: boolean;
              /** @description Your own key-value pairs (at most 50 keys), echoed back. */
              metadata: {
                [key: string]: string;
              };
              /** @enum {string} */
              object: 'product';
              /** @description Decimal string. */
              price: string;
              product_key: string;
              /** @description Your product code, or null. */
              sku: string | null;
              /** @description c_ObjetoImp, or null for the default (02 with taxes, 01 without). */
              tax_object: string | null;
              taxes: {
                /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
                factor?: 'Tasa' | 'Cuota' | 'Exento';
                /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
                rate?: string;
                /** @description The tax: IVA, ISR (withholding only) or IEPS. */
                type: 'IVA' | 'ISR' | 'IEPS';
                /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
                withholding?: boolean;
              }[];
              unit_key: string;
              /** @description Your unit name, or null. */
              unit_name: string | null;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              updated_at: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createProduct: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description What is sold, as printed on the invoice. */
          description: string;
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description Price per unit before taxes, a decimal string with up to six decimals, e.g. "1500.00". */
          price: string;
          /** @description SAT product or service key (c_ClaveProdServ, 8 digits), in force. */
          product_key: string;
          /** @description Your product code (NoIdentificacion). */
          sku?: string;
          /** @description c_ObjetoImp: 01 not subject, 02 subject (needs taxes)… Default 02 with taxes, 01 without. */
          tax_object?: string;
          /** @description Transferred (traslados) and withheld (`withholding: true`, retenciones) taxes, as in an invoice item. */
          taxes?: {
            /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
            factor?: 'Tasa' | 'Cuota' | 'Exento';
            /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
            rate?: string;
            /** @description The tax: IVA, ISR (withholding only) or IEPS. */
            type: 'IVA' | 'ISR' | 'IEPS';
            /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
            withholding?: boolean;
          }[];
          /** @description SAT unit key (c_ClaveUnidad), e.g. E48 (service) or H87 (piece). */
          unit_key: string;
          /** @description Your own unit name, printed beside the unit key. */
          unit_name?: string;
        };
      };
    };
    responses: {
      /** @description A product or service: an invoice item saved once and used by `items[].product_id`. */
      201: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            description: string;
            id: string;
            livemode: boolean;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'product';
            /** @description Decimal string. */
            price: string;
            product_key: string;
            /** @description Your product code, or null. */
            sku: string | null;
            /** @description c_ObjetoImp, or null for the default (02 with taxes, 01 without). */
            tax_object: string | null;
            taxes: {
              /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
              factor?: 'Tasa' | 'Cuota' | 'Exento';
              /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
              rate?: string;
              /** @description The tax: IVA, ISR (withholding only) or IEPS. */
              type: 'IVA' | 'ISR' | 'IEPS';
              /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
              withholding?: boolean;
            }[];
            unit_key: string;
            /** @description Your unit name, or null. */
            unit_name: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getProduct: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Product id (`prod_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A product or service: an invoice item saved once and used by `items[].product_id`. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            description: string;
            id: string;
            livemode: boolean;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'product';
            /** @description Decimal string. */
            price: string;
            product_key: string;
            /** @description Your product code, or null. */
            sku: string | null;
            /** @description c_ObjetoImp, or null for the default (02 with taxes, 01 without). */
            tax_object: string | null;
            taxes: {
              /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
              factor?: 'Tasa' | 'Cuota' | 'Exento';
              /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
              rate?: string;
              /** @description The tax: IVA, ISR (withholding only) or IEPS. */
              type: 'IVA' | 'ISR' | 'IEPS';
              /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
              withholding?: boolean;
            }[];
            unit_key: string;
            /** @description Your unit name, or null. */
            unit_name: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteProduct: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Product id (`prod_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            deleted: true;
            id: string;
            /** @enum {string} */
            object: 'product';
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateProduct: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Product id (`prod_…`) */
        id: string;
      };
      cookie?: never;
    };
    /** @description Fields to change; the others keep their values. `taxes` replaces the list. Metadata merges key by key; an empty string removes a key. */
    requestBody: {
      content: {
        'application/json': {
          /** @description What is sold, as printed on the invoice. */
          description?: string;
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description Price per unit before taxes, a decimal string with up to six decimals, e.g. "1500.00". */
          price?: string;
          /** @description SAT product or service key (c_ClaveProdServ, 8 digits), in force. */
          product_key?: string;
          sku?: string | null;
          tax_object?: string | null;
          /** @description Transferred (traslados) and withheld (`withholding: true`, retenciones) taxes, as in an invoice item. */
          taxes?: {
            /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
            factor?: 'Tasa' | 'Cuota' | 'Exento';
            /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
            rate?: string;
            /** @description The tax: IVA, ISR (withholding only) or IEPS. */
            type: 'IVA' | 'ISR' | 'IEPS';
            /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
            withholding?: boolean;
          }[];
          /** @description SAT unit key (c_ClaveUnidad), e.g. E48 (service) or H87 (piece). */
          unit_key?: string;
          unit_name?: string | null;
        };
      };
    };
    responses: {
      /** @description A product or service: an invoice item saved once and used by `items[].product_id`. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            description: string;
            id: string;
            livemode: boolean;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'product';
            /** @description Decimal string. */
            price: string;
            product_key: string;
            /** @description Your product code, or null. */
            sku: string | null;
            /** @description c_ObjetoImp, or null for the default (02 with taxes, 01 without). */
            tax_object: string | null;
            taxes: {
              /** @description Tasa (rate, default), Cuota (amount per unit) or Exento (exempt; transferred taxes only). */
              factor?: 'Tasa' | 'Cuota' | 'Exento';
              /** @description Required for Tasa and Cuota, e.g. "0.160000" (six decimals; "0.16" is accepted and written with six). */
              rate?: string;
              /** @description The tax: IVA, ISR (withholding only) or IEPS. */
              type: 'IVA' | 'ISR' | 'IEPS';
              /** @description True for a withheld tax (retención); false or absent for a transferred one (traslado). */
              withholding?: boolean;
            }[];
            unit_key: string;
            /** @description Your unit name, or null. */
            unit_name: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getMonthlyReport: {
    parameters: {
      query: {
        /** @description The fiscal profile (`fp_…`) whose stored CFDIs the report reads. */
        fiscal_profile_id: string;
        /** @description Calendar month, 1–12 (Mexico City dates as the CFDIs write them). */
        month: number;
        /** @description Calendar year. */
        year: number;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A fiscal profile's month from its stored CFDIs (docs/guides/reports.md). */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            currency: 'MXN';
            excluded: {
              /** @description CFDIs of the month the SAT holds as cancelled: counted in no figure. */
              cancelled: number;
              /** @description Received payments of the month whose paid document is not in the store, is cancelled or has no content: no IVA share for them. */
              unresolved_payments: number;
              /** @description CFDIs of the month stored from the SAT's metadata only (no XML): their taxes are unknown, counted in no figure. */
              without_content: number;
            };
            figures: {
              isr_retenido_issued: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
              isr_retenido_received: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
              issued_credit_notes: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
              issued_income: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
              issued_payments: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
              iva_acreditable: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
              iva_retenido_issued: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
              iva_retenido_received: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
              iva_trasladado: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
              received_credit_notes: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
              received_expenses: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
              received_payments: {
                /** @description MXN, two decimals. */
                amount: string;
                /** @description Items behind the figure (CFDIs, or payments of documents). */
                count: number;
                /** @description The drill-down: the CFDIs behind the figure with their share. */
                items_url: string;
              };
            };
            fiscal_profile_id: string;
            month: number;
            /** @enum {string} */
            object: 'monthly_report';
            year: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listMonthlyReportItems: {
    parameters: {
      query: {
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description A figure of the report (its key in `figures`). */
        figure:
          | 'issued_income'
          | 'issued_credit_notes'
          | 'issued_payments'
          | 'received_expenses'
          | 'received_credit_notes'
          | 'received_payments'
          | 'iva_trasladado'
          | 'iva_acreditable'
          | 'isr_retenido_issued'
          | 'iva_retenido_issued'
          | 'isr_retenido_received'
          | 'iva_retenido_received';
        /** @description The fiscal profile (`fp_…`) whose stored CFDIs the report reads. */
        fiscal_profile_id: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description Calendar month, 1–12 (Mexico City dates as the CFDIs write them). */
        month: number;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
        /** @description Calendar year. */
        year: number;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description Its share of the figure in MXN, signed (a credit note reduces a tax figure). */
              amount: string;
              counterparty_rfc: string | null;
              /** @description The CFDI's Fecha, or the Pago's FechaPago. */
              date: string;
              /** @description For a payment of a document: the paid CFDI (IdDocumento). */
              document_uuid: string | null;
              /** @description The cursor: the UUID, or `UUID.pago` / `UUID.pago.docto` for one payment (of one document). */
              id: string;
              /** @enum {string} */
              object: 'monthly_report_item';
              tipo_de_comprobante: string;
              uuid: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listUsage: {
    parameters: {
      query?: {
        /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
        'created[gte]'?: string;
        /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
        'created[lte]'?: string;
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        kind?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              id: string;
              /** @description Metered kind: `stamp` (a CFDI stamped; live stamps consume a credit) or `validation` (a CFDI checked with POST /v1/validations; never charged against credits). */
              kind: string;
              livemode: boolean;
              /** @enum {string} */
              object: 'usage_record';
              quantity: number;
              /** @description The resource that consumed it (an invoice id for stamps). */
              resource_id: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listValidations: {
    parameters: {
      query?: {
        /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
        'created[gte]'?: string;
        /** @description ISO date or date-time, inclusive. A bare date covers that whole UTC day. */
        'created[lte]'?: string;
        /** @description Issuer RFC. */
        emisor?: string;
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description Receiver RFC. */
        receptor?: string;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
        /** @description Folio fiscal (any case). */
        uuid?: string;
        /** @description Only valid (`true`) or invalid (`false`) results. */
        valid?: boolean;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description Each check with its outcome and why: the verdict a person reads. Nothing `failed` but something `not_run` means not verifiable here, with what would make it verifiable. */
              checks: {
                /** @description The codes of this check's errors and warnings, each once. */
                codes: string[];
                /** @description The check, in the order they run: `document` (safe XML, a CFDI 4.0), `structure` (the XSDs, nodes, attributes, formats, dates), `arithmetic` (amounts and taxes), `catalogs` (keys in the SAT catalogs), `seal` (the Sello and the issuer certificate), `timbre` (the TimbreFiscalDigital and SelloSAT), `sat_status` (the live status). */
                id: 'document' | 'structure' | 'arithmetic' | 'catalogs' | 'seal' | 'timbre' | 'sat_status';
                /** @description What passed; the first error (and how many more); or why it could not run, naming who was asked. */
                message: string;
                /** @description What to do: fix the first error, or what would let the check run (for example a live key on a server that reaches the SAT). Null when it passed or does not apply. */
                remediation: string | null;
                /** @description `passed`; `failed` (the document is wrong: see `errors`); `not_run`: it could not run here (not verifiable here: the SAT could not be asked, or only the simulator was, which knows only what it stamped; or an earlier check failed), which is not a failure of the document but still leaves `valid` false; `not_applicable` (an unstamped CFDI has no timbre or status to check). */
                status: 'passed' | 'failed' | 'not_run' | 'not_applicable';
              }[];
              /** Format: date-time */
              created_at: string;
              /** @description Every failed check, and every check that could not run here (its code says so, e.g. `cfdi.status_not_verifiable_here`); empty when valid. */
              errors: {
                /** @description Stable code (see /docs/errors and the Validations guide), e.g. `cfdi.total_mismatch`. */
                code: string;
                /** @description What is wrong, with the declared and the computed values where there are two. */
                message: string;
                /** @description Where, as an XPath-like location, e.g. `/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/@Importe`. */
                path: string;
                /** @description What to do about it. */
                remediation: string;
              }[];
              /** @description `val_…` */
              id: string;
              livemode: boolean;
              /** @enum {string} */
              object: 'validation';
              summary: {
                emisor: string | null;
                moneda: string | null;
                receptor: string | null;
                /** @description The live status as the SAT (in test mode, the simulator) answered it; null when the CFDI is not stamped, could not be read far enough to ask, its values cannot be looked up (`cfdi.invalid_expression`), or its status cannot be known here (`cfdi.status_not_verifiable_here`: the simulator knows only the CFDIs it stamped). */
                sat: {
                  cancel_status: string | null;
                  es_cancelable: string | null;
                  /** @description `Vigente`, `Cancelado`, `No Encontrado`, or `indeterminate` when the status service (the SAT, or in test mode the simulator) could not be asked. */
                  estado: string;
                } | null;
                /** @description Whether the CFDI carries a TimbreFiscalDigital. */
                stamped: boolean;
                sub_total: string | null;
                tipo_de_comprobante: string | null;
                total: string | null;
                uuid: string | null;
                version: string | null;
              };
              /** @description True only when every check passed or does not apply (warnings do not count). */
              valid: boolean;
              /** @description What was only partly checked (for example a catalog not imported) and why; never a failure. */
              warnings: {
                /** @description Stable code (see /docs/errors and the Validations guide), e.g. `cfdi.total_mismatch`. */
                code: string;
                /** @description What is wrong, with the declared and the computed values where there are two. */
                message: string;
                /** @description Where, as an XPath-like location, e.g. `/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/@Importe`. */
                path: string;
                /** @description What to do about it. */
                remediation: string;
              }[];
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createValidation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "xml_base64": "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPGNmZGk6Q29tcHJvYmFudGUg4oCmCg=="
         *     }
         */
        'application/json': {
          /** @description The CFDI XML, base64-encoded. */
          xml_base64: string;
        };
        'application/xml': unknown;
        'text/xml': unknown;
      };
    };
    responses: {
      /** @description The result of checking one CFDI, check by check. */
      201: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "validation",
           *       "id": "val_01m88f2k7c3x9d0q4r6t8v1w2y",
           *       "valid": false,
           *       "errors": [
           *         {
           *           "code": "cfdi.total_mismatch",
           *           "path": "/cfdi:Comprobante/@Total",
           *           "message": "Total 1170.00 differs from SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos = 1160.00.",
           *           "remediation": "Total must equal SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos (plus local taxes)."
           *         }
           *       ],
           *       "warnings": [],
           *       "checks": [
           *         {
           *           "id": "document",
           *           "status": "passed",
           *           "message": "Safe, well-formed XML and a CFDI 4.0 Comprobante.",
           *           "remediation": null,
           *           "codes": []
           *         },
           *         {
           *           "id": "structure",
           *           "status": "passed",
           *           "message": "The structure follows the SAT's XSDs and Anexo 20's rules on nodes, attributes, formats and dates.",
           *           "remediation": null,
           *           "codes": []
           *         },
           *         {
           *           "id": "arithmetic",
           *           "status": "failed",
           *           "message": "Total 1170.00 differs from SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos = 1160.00.",
           *           "remediation": "Total must equal SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos (plus local taxes).",
           *           "codes": [
           *             "cfdi.total_mismatch"
           *           ]
           *         },
           *         {
           *           "id": "catalogs",
           *           "status": "passed",
           *           "message": "Every catalog key checked exists and is in force at Fecha.",
           *           "remediation": null,
           *           "codes": []
           *         },
           *         {
           *           "id": "seal",
           *           "status": "passed",
           *           "message": "Sello verifies over the cadena original with the issuer's CSD, valid at Fecha.",
           *           "remediation": null,
           *           "codes": []
           *         },
           *         {
           *           "id": "timbre",
           *           "status": "passed",
           *           "message": "SelloCFD is the Comprobante's Sello and SelloSAT verifies with the SAT/PAC certificate.",
           *           "remediation": null,
           *           "codes": []
           *         },
           *         {
           *           "id": "sat_status",
           *           "status": "passed",
           *           "message": "The CFDI is in force (Vigente).",
           *           "remediation": null,
           *           "codes": []
           *         }
           *       ],
           *       "summary": {
           *         "uuid": "C2832671-DA6D-11EF-A83D-00155D012007",
           *         "version": "4.0",
           *         "tipo_de_comprobante": "I",
           *         "emisor": "EKU9003173C9",
           *         "receptor": "URE180429TM6",
           *         "moneda": "MXN",
           *         "sub_total": "1000.00",
           *         "total": "1170.00",
           *         "stamped": true,
           *         "sat": {
           *           "estado": "Vigente",
           *           "es_cancelable": "Cancelable sin aceptación",
           *           "cancel_status": null
           *         }
           *       },
           *       "livemode": false,
           *       "created_at": "2026-11-25T04:15:55.056Z"
           *     }
           */
          'application/json': {
            /** @description Each check with its outcome and why: the verdict a person reads. Nothing `failed` but something `not_run` means not verifiable here, with what would make it verifiable. */
            checks: {
              /** @description The codes of this check's errors and warnings, each once. */
              codes: string[];
              /** @description The check, in the order they run: `document` (safe XML, a CFDI 4.0), `structure` (the XSDs, nodes, attributes, formats, dates), `arithmetic` (amounts and taxes), `catalogs` (keys in the SAT catalogs), `seal` (the Sello and the issuer certificate), `timbre` (the TimbreFiscalDigital and SelloSAT), `sat_status` (the live status). */
              id: 'document' | 'structure' | 'arithmetic' | 'catalogs' | 'seal' | 'timbre' | 'sat_status';
              /** @description What passed; the first error (and how many more); or why it could not run, naming who was asked. */
              message: string;
              /** @description What to do: fix the first error, or what would let the check run (for example a live key on a server that reaches the SAT). Null when it passed or does not apply. */
              remediation: string | null;
              /** @description `passed`; `failed` (the document is wrong: see `errors`); `not_run`: it could not run here (not verifiable here: the SAT could not be asked, or only the simulator was, which knows only what it stamped; or an earlier check failed), which is not a failure of the document but still leaves `valid` false; `not_applicable` (an unstamped CFDI has no timbre or status to check). */
              status: 'passed' | 'failed' | 'not_run' | 'not_applicable';
            }[];
            /** Format: date-time */
            created_at: string;
            /** @description Every failed check, and every check that could not run here (its code says so, e.g. `cfdi.status_not_verifiable_here`); empty when valid. */
            errors: {
              /** @description Stable code (see /docs/errors and the Validations guide), e.g. `cfdi.total_mismatch`. */
              code: string;
              /** @description What is wrong, with the declared and the computed values where there are two. */
              message: string;
              /** @description Where, as an XPath-like location, e.g. `/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/@Importe`. */
              path: string;
              /** @description What to do about it. */
              remediation: string;
            }[];
            /** @description `val_…` */
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: 'validation';
            summary: {
              emisor: string | null;
              moneda: string | null;
              receptor: string | null;
              /** @description The live status as the SAT (in test mode, the simulator) answered it; null when the CFDI is not stamped, could not be read far enough to ask, its values cannot be looked up (`cfdi.invalid_expression`), or its status cannot be known here (`cfdi.status_not_verifiable_here`: the simulator knows only the CFDIs it stamped). */
              sat: {
                cancel_status: string | null;
                es_cancelable: string | null;
                /** @description `Vigente`, `Cancelado`, `No Encontrado`, or `indeterminate` when the status service (the SAT, or in test mode the simulator) could not be asked. */
                estado: string;
              } | null;
              /** @description Whether the CFDI carries a TimbreFiscalDigital. */
              stamped: boolean;
              sub_total: string | null;
              tipo_de_comprobante: string | null;
              total: string | null;
              uuid: string | null;
              version: string | null;
            };
            /** @description True only when every check passed or does not apply (warnings do not count). */
            valid: boolean;
            /** @description What was only partly checked (for example a catalog not imported) and why; never a failure. */
            warnings: {
              /** @description Stable code (see /docs/errors and the Validations guide), e.g. `cfdi.total_mismatch`. */
              code: string;
              /** @description What is wrong, with the declared and the computed values where there are two. */
              message: string;
              /** @description Where, as an XPath-like location, e.g. `/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/@Importe`. */
              path: string;
              /** @description What to do about it. */
              remediation: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      /** @description The CFDI is larger than 4 MiB (`request.body_too_large`). */
      413: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The body is no XML document: empty, not UTF-8 or not well-formed (`cfdi.parse_error`), or the JSON is not as described (`request.validation_failed`). Also, as for every operation: The request failed validation (`request.validation_failed`, with `errors`) or a business rule. */
      422: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getValidation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Validation id (`val_…`) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The result of checking one CFDI, check by check. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "validation",
           *       "id": "val_01m88f2k7c3x9d0q4r6t8v1w2y",
           *       "valid": false,
           *       "errors": [
           *         {
           *           "code": "cfdi.total_mismatch",
           *           "path": "/cfdi:Comprobante/@Total",
           *           "message": "Total 1170.00 differs from SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos = 1160.00.",
           *           "remediation": "Total must equal SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos (plus local taxes)."
           *         }
           *       ],
           *       "warnings": [],
           *       "checks": [
           *         {
           *           "id": "document",
           *           "status": "passed",
           *           "message": "Safe, well-formed XML and a CFDI 4.0 Comprobante.",
           *           "remediation": null,
           *           "codes": []
           *         },
           *         {
           *           "id": "structure",
           *           "status": "passed",
           *           "message": "The structure follows the SAT's XSDs and Anexo 20's rules on nodes, attributes, formats and dates.",
           *           "remediation": null,
           *           "codes": []
           *         },
           *         {
           *           "id": "arithmetic",
           *           "status": "failed",
           *           "message": "Total 1170.00 differs from SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos = 1160.00.",
           *           "remediation": "Total must equal SubTotal − Descuento + TotalImpuestosTrasladados − TotalImpuestosRetenidos (plus local taxes).",
           *           "codes": [
           *             "cfdi.total_mismatch"
           *           ]
           *         },
           *         {
           *           "id": "catalogs",
           *           "status": "passed",
           *           "message": "Every catalog key checked exists and is in force at Fecha.",
           *           "remediation": null,
           *           "codes": []
           *         },
           *         {
           *           "id": "seal",
           *           "status": "passed",
           *           "message": "Sello verifies over the cadena original with the issuer's CSD, valid at Fecha.",
           *           "remediation": null,
           *           "codes": []
           *         },
           *         {
           *           "id": "timbre",
           *           "status": "passed",
           *           "message": "SelloCFD is the Comprobante's Sello and SelloSAT verifies with the SAT/PAC certificate.",
           *           "remediation": null,
           *           "codes": []
           *         },
           *         {
           *           "id": "sat_status",
           *           "status": "passed",
           *           "message": "The CFDI is in force (Vigente).",
           *           "remediation": null,
           *           "codes": []
           *         }
           *       ],
           *       "summary": {
           *         "uuid": "C2832671-DA6D-11EF-A83D-00155D012007",
           *         "version": "4.0",
           *         "tipo_de_comprobante": "I",
           *         "emisor": "EKU9003173C9",
           *         "receptor": "URE180429TM6",
           *         "moneda": "MXN",
           *         "sub_total": "1000.00",
           *         "total": "1170.00",
           *         "stamped": true,
           *         "sat": {
           *           "estado": "Vigente",
           *           "es_cancelable": "Cancelable sin aceptación",
           *           "cancel_status": null
           *         }
           *       },
           *       "livemode": false,
           *       "created_at": "2026-11-25T04:15:55.056Z"
           *     }
           */
          'application/json': {
            /** @description Each check with its outcome and why: the verdict a person reads. Nothing `failed` but something `not_run` means not verifiable here, with what would make it verifiable. */
            checks: {
              /** @description The codes of this check's errors and warnings, each once. */
              codes: string[];
              /** @description The check, in the order they run: `document` (safe XML, a CFDI 4.0), `structure` (the XSDs, nodes, attributes, formats, dates), `arithmetic` (amounts and taxes), `catalogs` (keys in the SAT catalogs), `seal` (the Sello and the issuer certificate), `timbre` (the TimbreFiscalDigital and SelloSAT), `sat_status` (the live status). */
              id: 'document' | 'structure' | 'arithmetic' | 'catalogs' | 'seal' | 'timbre' | 'sat_status';
              /** @description What passed; the first error (and how many more); or why it could not run, naming who was asked. */
              message: string;
              /** @description What to do: fix the first error, or what would let the check run (for example a live key on a server that reaches the SAT). Null when it passed or does not apply. */
              remediation: string | null;
              /** @description `passed`; `failed` (the document is wrong: see `errors`); `not_run`: it could not run here (not verifiable here: the SAT could not be asked, or only the simulator was, which knows only what it stamped; or an earlier check failed), which is not a failure of the document but still leaves `valid` false; `not_applicable` (an unstamped CFDI has no timbre or status to check). */
              status: 'passed' | 'failed' | 'not_run' | 'not_applicable';
            }[];
            /** Format: date-time */
            created_at: string;
            /** @description Every failed check, and every check that could not run here (its code says so, e.g. `cfdi.status_not_verifiable_here`); empty when valid. */
            errors: {
              /** @description Stable code (see /docs/errors and the Validations guide), e.g. `cfdi.total_mismatch`. */
              code: string;
              /** @description What is wrong, with the declared and the computed values where there are two. */
              message: string;
              /** @description Where, as an XPath-like location, e.g. `/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/@Importe`. */
              path: string;
              /** @description What to do about it. */
              remediation: string;
            }[];
            /** @description `val_…` */
            id: string;
            livemode: boolean;
            /** @enum {string} */
            object: 'validation';
            summary: {
              emisor: string | null;
              moneda: string | null;
              receptor: string | null;
              /** @description The live status as the SAT (in test mode, the simulator) answered it; null when the CFDI is not stamped, could not be read far enough to ask, its values cannot be looked up (`cfdi.invalid_expression`), or its status cannot be known here (`cfdi.status_not_verifiable_here`: the simulator knows only the CFDIs it stamped). */
              sat: {
                cancel_status: string | null;
                es_cancelable: string | null;
                /** @description `Vigente`, `Cancelado`, `No Encontrado`, or `indeterminate` when the status service (the SAT, or in test mode the simulator) could not be asked. */
                estado: string;
              } | null;
              /** @description Whether the CFDI carries a TimbreFiscalDigital. */
              stamped: boolean;
              sub_total: string | null;
              tipo_de_comprobante: string | null;
              total: string | null;
              uuid: string | null;
              version: string | null;
            };
            /** @description True only when every check passed or does not apply (warnings do not count). */
            valid: boolean;
            /** @description What was only partly checked (for example a catalog not imported) and why; never a failure. */
            warnings: {
              /** @description Stable code (see /docs/errors and the Validations guide), e.g. `cfdi.total_mismatch`. */
              code: string;
              /** @description What is wrong, with the declared and the computed values where there are two. */
              message: string;
              /** @description Where, as an XPath-like location, e.g. `/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/@Importe`. */
              path: string;
              /** @description What to do about it. */
              remediation: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listVersions: {
    parameters: {
      query?: never;
      header?: {
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['VersionList'];
        };
      };
      400: components['responses']['BadRequest'];
      500: components['responses']['InternalError'];
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: {
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              api_version: string;
              /** @description Also receives the events of the platform’s connected accounts. */
              connect: boolean;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              /** @description Why the service disabled the endpoint: it answered 410 (`gone`) or failed every attempt for 3 days (`failing`); null otherwise. */
              disabled_reason: 'gone' | 'failing' | null;
              /** @description False while paused or after the service disabled it. */
              enabled: boolean;
              enabled_events: string[];
              id: string;
              livemode: boolean;
              /** @description Your own key-value pairs (at most 50 keys), echoed back. */
              metadata: {
                [key: string]: string;
              };
              /** @enum {string} */
              object: 'webhook_endpoint';
              /** @description The `whsec_` signing secret; only in the create and rotate_secret responses. */
              secret?: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              updated_at: string;
              url: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The API version event payloads are rendered in; defaults to the version of the creating request. */
          api_version?: string;
          /**
           * @description Platform organizations only: also receive every connected account’s events.
           * @default false
           */
          connect?: boolean;
          /** @description Exact event types, namespace wildcards such as `invoice.*`, or `*` for every event. */
          enabled_events?: string[];
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description HTTPS URL that receives event POSTs (http and loopback hosts only outside production). */
          url: string;
        };
      };
    };
    responses: {
      /** @description A URL that receives signed event notifications. */
      201: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            api_version: string;
            /** @description Also receives the events of the platform’s connected accounts. */
            connect: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            /** @description Why the service disabled the endpoint: it answered 410 (`gone`) or failed every attempt for 3 days (`failing`); null otherwise. */
            disabled_reason: 'gone' | 'failing' | null;
            /** @description False while paused or after the service disabled it. */
            enabled: boolean;
            enabled_events: string[];
            id: string;
            livemode: boolean;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'webhook_endpoint';
            /** @description The `whsec_` signing secret; only in the create and rotate_secret responses. */
            secret?: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
            url: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Webhook endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A URL that receives signed event notifications. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            api_version: string;
            /** @description Also receives the events of the platform’s connected accounts. */
            connect: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            /** @description Why the service disabled the endpoint: it answered 410 (`gone`) or failed every attempt for 3 days (`failing`); null otherwise. */
            disabled_reason: 'gone' | 'failing' | null;
            /** @description False while paused or after the service disabled it. */
            enabled: boolean;
            enabled_events: string[];
            id: string;
            livemode: boolean;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'webhook_endpoint';
            /** @description The `whsec_` signing secret; only in the create and rotate_secret responses. */
            secret?: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
            url: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Webhook endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            deleted: true;
            id: string;
            /** @enum {string} */
            object: 'webhook_endpoint';
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Webhook endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The API version event payloads are rendered in; defaults to the version of the creating request. */
          api_version?: string;
          /** @description False pauses deliveries; true resumes them (and clears `disabled_reason`). */
          enabled?: boolean;
          /** @description Exact event types, namespace wildcards such as `invoice.*`, or `*` for every event. */
          enabled_events?: string[];
          /** @description Your own key-value pairs (at most 50 keys), echoed back. */
          metadata?: {
            [key: string]: string;
          };
          /** @description HTTPS URL that receives event POSTs (http and loopback hosts only outside production). */
          url?: string;
        };
      };
    };
    responses: {
      /** @description A URL that receives signed event notifications. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            api_version: string;
            /** @description Also receives the events of the platform’s connected accounts. */
            connect: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            /** @description Why the service disabled the endpoint: it answered 410 (`gone`) or failed every attempt for 3 days (`failing`); null otherwise. */
            disabled_reason: 'gone' | 'failing' | null;
            /** @description False while paused or after the service disabled it. */
            enabled: boolean;
            enabled_events: string[];
            id: string;
            livemode: boolean;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'webhook_endpoint';
            /** @description The `whsec_` signing secret; only in the create and rotate_secret responses. */
            secret?: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
            url: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description An object id; returns the page of newer objects. */
        ending_before?: string;
        event_id?: string;
        /** @description Page size, 1–100. */
        limit?: number;
        /** @description An object id; returns the page of older objects. */
        starting_after?: string;
        status?: 'pending' | 'succeeded' | 'failed';
      };
      header?: {
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Webhook endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Success. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description Attempts made so far, resends included. */
              attempts: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              created_at: string;
              endpoint_id: string;
              event_id: string;
              /** @description The type of the event delivered, e.g. `invoice.stamped`; null once the event itself is gone. */
              event_type: string | null;
              id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              last_attempt_at: string | null;
              last_error: string | null;
              livemode: boolean;
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp, or null.
               */
              next_attempt_at: string | null;
              /** @enum {string} */
              object: 'webhook_delivery';
              /** @description HTTP status of the last response; null when the last attempt got none. */
              response_status: number | null;
              status: 'pending' | 'succeeded' | 'failed';
              /**
               * Format: date-time
               * @description ISO 8601 UTC timestamp.
               */
              updated_at: string;
            }[];
            has_more: boolean;
            /** @enum {string} */
            object: 'list';
            /** @description Path the list was requested from (from version 2026-07-15). */
            url?: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Webhook endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A URL that receives signed event notifications. */
      200: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            api_version: string;
            /** @description Also receives the events of the platform’s connected accounts. */
            connect: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            /** @description Why the service disabled the endpoint: it answered 410 (`gone`) or failed every attempt for 3 days (`failing`); null otherwise. */
            disabled_reason: 'gone' | 'failing' | null;
            /** @description False while paused or after the service disabled it. */
            enabled: boolean;
            enabled_events: string[];
            id: string;
            livemode: boolean;
            /** @description Your own key-value pairs (at most 50 keys), echoed back. */
            metadata: {
              [key: string]: string;
            };
            /** @enum {string} */
            object: 'webhook_endpoint';
            /** @description The `whsec_` signing secret; only in the create and rotate_secret responses. */
            secret?: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
            url: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  testWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the first response is stored for 24 hours and replayed for an identical retry (with `idempotent-replayed: true`). 1 to 255 printable ASCII characters; a UUID v4 works well. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /** @description Id of a connected account (`org_…`) to act on behalf of; omit it to act as your own organization. Not accepted on /v1/api_keys. */
        'Invoice-Account'?: components['parameters']['InvoiceAccount'];
        /** @description API version to render this request in. Wins over the key's pinned version; without either, 2026-07-15 (the current one). An unknown value is 400 `request.invalid_version`. */
        'Invoice-Version'?: components['parameters']['InvoiceVersion'];
      };
      path: {
        /** @description Webhook endpoint id */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The current state of delivering one event to one endpoint. */
      202: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Attempts made so far, resends included. */
            attempts: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            created_at: string;
            endpoint_id: string;
            event_id: string;
            /** @description The type of the event delivered, e.g. `invoice.stamped`; null once the event itself is gone. */
            event_type: string | null;
            id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            last_attempt_at: string | null;
            last_error: string | null;
            livemode: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp, or null.
             */
            next_attempt_at: string | null;
            /** @enum {string} */
            object: 'webhook_delivery';
            /** @description HTTP status of the last response; null when the last attempt got none. */
            response_status: number | null;
            status: 'pending' | 'succeeded' | 'failed';
            /**
             * Format: date-time
             * @description ISO 8601 UTC timestamp.
             */
            updated_at: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
      /** @description The endpoint is disabled (`webhook.endpoint_disabled`): enable it first. Also, as for every operation: The Idempotency-Key was used with another request, or its first request is still running (`idempotency.key_reuse`, `idempotency.key_processing`), or the object is in the wrong state. */
      409: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      422: components['responses']['UnprocessableContent'];
      /** @description A sixth test event within a minute (`webhook.test_rate_limited`, Retry-After). Also, as for every operation: Rate limit exceeded for this key and request class (`rate_limit.exceeded`). */
      429: {
        headers: {
          'Invoice-Version': components['headers']['InvoiceVersion'];
          'RateLimit-Limit': components['headers']['RateLimitLimit'];
          'RateLimit-Remaining': components['headers']['RateLimitRemaining'];
          'RateLimit-Reset': components['headers']['RateLimitReset'];
          'Request-Id': components['headers']['RequestId'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      500: components['responses']['InternalError'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
}
