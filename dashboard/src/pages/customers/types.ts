/** A saved customer as GET /v1/customers/{id} answers (docs/guides/customers-and-products.md). */
export interface Customer {
  id: string;
  rfc: string;
  legal_name: string;
  tax_regime: string;
  postal_code: string;
  cfdi_use: string | null;
  emails: string[];
  country: string | null;
  tax_id: string | null;
  tax_validation: { status: 'verified' | 'unverified'; checked_at: string | null };
  livemode: boolean;
  created_at: string;
  updated_at: string;
}
