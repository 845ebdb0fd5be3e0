import type { FiscalProfile } from '../fiscal-profiles/types.ts';

export interface Invoice {
  id: string;
  livemode: boolean;
  status: 'draft' | 'stamping' | 'stamped' | 'cancelled';
  type: string;
  fiscal_profile_id: string;
  serie: string | null;
  folio: string;
  /** The saved customer the receptor was filled from, if any. */
  customer_id?: string | null;
  customer: { rfc: string; name: string; zip: string; tax_regime: string; use: string; country: string | null; tax_id: string | null; email?: string | null };
  email: { send_on_stamp?: boolean; send_on_cancel?: boolean; recipients?: string[]; language?: 'es' | 'en' } | null;
  currency: string;
  payment_form: string | null;
  payment_method: string | null;
  exchange_rate: string | null;
  conditions: string | null;
  export: string;
  items: {
    /** The saved product this item was filled from, if any. */
    product_id?: string | null;
    product_key: string;
    unit_key: string;
    unit: string | null;
    sku: string | null;
    description: string;
    quantity: string;
    unit_price: string;
    discount: string | null;
    tax_object: string;
    amount: string;
    taxes: { type: string; factor: string; rate: string | null; withholding: boolean }[];
  }[];
  related: { relationship: string; uuids: string[] }[];
  global: { periodicity: string; months: string; year: string } | null;
  subtotal: string;
  total_taxes_transferred: string | null;
  total_taxes_withheld: string | null;
  total: string;
  uuid: string | null;
  stamped_at: string | null;
  cancellation: {
    status: 'none' | 'pending' | 'accepted' | 'rejected';
    reason: string | null;
    substitute_invoice_id: string | null;
    acuse_available: boolean;
    requested_at: string | null;
    resolved_at: string | null;
  };
  error: string | null;
  fiscal_profile: FiscalProfile;
  created_at: string;
}

export const STATUSES = ['draft', 'stamping', 'stamped', 'cancelled'] as const;

/** One e-mail of an invoice and its delivery log (GET /v1/invoices/{id}/emails). */
export interface InvoiceEmail {
  id: string;
  kind: 'invoice' | 'cancellation';
  recipients: string[];
  language: 'es' | 'en';
  status: 'queued' | 'sent' | 'failed' | 'skipped';
  attempts: { at: string; outcome: 'sent' | 'failed'; error: string | null }[];
  automatic: boolean;
  skipped_reason: string | null;
  created_at: string;
}
