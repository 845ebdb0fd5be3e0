-- The rendered PDF of a stamped invoice, kept so that a download never renders twice: a stamped
-- CFDI never changes, except for the cancellation mark and the issuer's branding, which the
-- fingerprint covers (with the renderer's own version). One row per invoice: a new rendering
-- replaces the old one.
CREATE TABLE invoice_pdfs (
  invoice_id text PRIMARY KEY REFERENCES invoices (id) ON DELETE CASCADE,
  fingerprint text NOT NULL,
  body bytea NOT NULL,
  created_at timestamptz NOT NULL
);
