import type { CustomerRow } from './repository.ts';

/** The customer object. */
export function serializeCustomer(row: CustomerRow) {
  return {
    object: 'customer' as const,
    id: row.id,
    rfc: row.rfc,
    legal_name: row.legal_name,
    tax_regime: row.tax_regime,
    postal_code: row.postal_code,
    cfdi_use: row.cfdi_use,
    emails: row.emails,
    address: row.address,
    country: row.country,
    tax_id: row.tax_id,
    tax_validation: {
      status: row.rfc_verified_at === null ? ('unverified' as const) : ('verified' as const),
      checked_at: row.rfc_verified_at === null ? null : new Date(row.rfc_verified_at).toISOString(),
    },
    livemode: row.mode === 'live',
    metadata: row.metadata,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

declare module '../events/index.ts' {
  interface EventObjects {
    'customer.created': ReturnType<typeof serializeCustomer>;
    'customer.updated': ReturnType<typeof serializeCustomer>;
    'customer.deleted': ReturnType<typeof serializeCustomer>;
  }
}
