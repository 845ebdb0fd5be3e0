import type { FiscalProfile } from '../fiscal-profiles/types.ts';

export interface Invoice {
  id: string;
  livemode: boolean;
  status: 'draft' | 'stamping' | 'stamped' | 'cancelled';
  type: string;
  fiscal_profile_id: string;
  serie: string | null;
  folio: string;
  customer: { rfc: string; name: string; zip: string; tax_regime: string; use: string };
  currency: string;
  payment_form: string | null;
  payment_method: string | null;
  items: { product_key: string; unit_key: string; description: string; quantity: string; unit_price: string; amount: string }[];
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
  };
  error: string | null;
  fiscal_profile: FiscalProfile;
  created_at: string;
}

export const STATUSES = ['draft', 'stamping', 'stamped', 'cancelled'] as const;
