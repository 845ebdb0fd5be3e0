/**
 * Descriptions of the OpenAPI tags, in the order the reference shows them. A route's tag missing
 * here still appears (after these, alphabetically) but undescribed: the linter and the docs tests
 * then name it, so its description gets written here.
 */
export const TAG_DESCRIPTIONS: ReadonlyArray<readonly [name: string, description: string]> = [
  ['Organizations', 'Development bootstrap: create an organization with one test and one live key. Turned off in production.'],
  ['API keys', 'Secret keys (`sk_test_…`, `sk_live_…`) that authenticate every /v1 request. Managed only by the organization that holds them.'],
  ['Connected accounts', 'Organizations a platform acts for with the `Invoice-Account` header (multi-tenant use).'],
  ['Fiscal profiles', 'Issuer taxpayers: RFC, CSD used to seal invoices, optional FIEL for the SAT, carta manifiesto, logo and brand colour.'],
  ['Sync', "Automatic synchronization of a fiscal profile's issued and received CFDIs from the SAT, up to 71 months back."],
  [
    'Customers',
    'Saved receptors (RFC, legal name, régimen, postal code, default uso, e-mails) checked as the SAT checks them at stamping, used by invoices through `customer_id`.',
  ],
  ['Products', 'Saved products and services (SAT product and unit keys, price, taxes) used by invoice items through `product_id`.'],
  ['Invoices', 'CFDI 4.0 invoices: create drafts, stamp them through a PAC, cancel them, and fetch their XML, PDF and acuse.'],
  ['Validations', 'Validate any CFDI XML: structure, arithmetic, digital seal and, when stamped, its live SAT status.'],
  ['Downloads', 'SAT bulk downloads (descarga masiva) of issued or received CFDIs, as full XML or as a metadata index.'],
  ['CFDIs', 'CFDIs mirrored from the SAT by synchronization and downloads, issued and received.'],
  ['Exports', 'CSV, XLSX or ZIP files of the CFDIs a list filter selects, built in the background, downloadable for 24 hours.'],
  [
    'Reports',
    "A fiscal profile's month from its CFDI store: ingresos and egresos, payments, IVA trasladado and acreditable, retenciones, each with the CFDIs behind it.",
  ],
  ['Webhook endpoints', 'HTTPS endpoints that receive signed event notifications, and their delivery attempts.'],
  ['Events', 'The event log: every notification the service emitted, newest first, with resend.'],
  ['Usage', 'Metered usage records, such as one per stamp.'],
  ['Balance', 'Stamp credits left in live mode; test mode is unmetered.'],
  ['Catalogs', 'SAT reference catalogs (CFDI uses, payment forms and methods, tax regimes, currencies…): search and look up codes.'],
  ['Versions', 'Dated API versions, what changed in each, and how to pin one.'],
  ['Documentation', 'This reference, the error catalog, the guides, the OpenAPI document and the full text for machine readers. No key needed.'],
  ['Health', 'Liveness and readiness probes for load balancers and orchestrators. No key needed.'],
];

const known = new Map(TAG_DESCRIPTIONS);

export function tagDescription(name: string): string | undefined {
  return known.get(name);
}

/** The tags used by the document, described, known ones first in their set order. */
export function describeTags(used: Iterable<string>): Array<{ name: string; description?: string }> {
  const names = new Set(used);
  const ordered = TAG_DESCRIPTIONS.map(([name]) => name).filter((name) => names.has(name));
  const others = [...names].filter((name) => !known.has(name)).sort();
  return [...ordered, ...others].map((name) => {
    const description = known.get(name);
    return description ? { name, description } : { name };
  });
}
