-- Automatic invoice e-mails (docs/guides/email.md): when an invoice is stamped, and when its
-- cancellation completes.
--
-- A fiscal profile's defaults: whether its invoices are e-mailed when stamped and when cancelled,
-- and in which language. An invoice may override them in its own `email` (kept in its input).
ALTER TABLE fiscal_profiles
  ADD COLUMN email_settings jsonb NOT NULL DEFAULT '{"send_on_stamp": false, "send_on_cancel": false, "language": "es"}'::jsonb;

-- An automatic e-mail is queued in the transaction that moves the invoice, at most one per invoice
-- and kind (the unique index below); one with nowhere to go is kept `skipped` with the reason, so
-- the invoice's e-mail log says why nothing was sent.
ALTER TABLE invoice_emails ADD COLUMN automatic boolean NOT NULL DEFAULT false;
ALTER TABLE invoice_emails ADD COLUMN skipped_reason text;
ALTER TABLE invoice_emails DROP CONSTRAINT invoice_emails_status_check;
ALTER TABLE invoice_emails ADD CONSTRAINT invoice_emails_status_check CHECK (status IN ('queued', 'sent', 'failed', 'skipped'));
CREATE UNIQUE INDEX invoice_emails_automatic ON invoice_emails (invoice_id, kind) WHERE automatic;
