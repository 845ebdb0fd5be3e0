-- E-mail delivery (docs/guides/email.md).
--
-- The mail catcher: without SMTP_URL outside production, the messages the service sends are kept
-- here instead, per organization (the newest MAIL_CATCHER_KEEP per organization; older ones are
-- deleted as new ones arrive), with their attachments, for the dashboard's mail catcher page.
CREATE TABLE mail_messages (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  from_address text NOT NULL,
  to_addresses jsonb NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text_body text NOT NULL,
  attachments jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX mail_messages_organization ON mail_messages (organization_id, created_at DESC, id DESC);

CREATE TABLE mail_message_attachments (
  message_id text NOT NULL REFERENCES mail_messages (id) ON DELETE CASCADE,
  position integer NOT NULL,
  content bytea NOT NULL,
  PRIMARY KEY (message_id, position)
);

-- An invoice's e-mails (the invoice itself, or the notice of its cancellation): who it went to,
-- in which language, and each attempt to hand it to the mail server, in order.
CREATE TABLE invoice_emails (
  id text PRIMARY KEY,
  organization_id text NOT NULL,
  mode text NOT NULL,
  invoice_id text NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('invoice', 'cancellation')),
  recipients jsonb NOT NULL,
  language text NOT NULL CHECK (language IN ('es', 'en')),
  status text NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
  attempts jsonb NOT NULL,
  message_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX invoice_emails_invoice ON invoice_emails (invoice_id, created_at);

-- Dashboard password resets: only a SHA-256 of the token is kept; a token works once, before it expires.
CREATE TABLE dashboard_password_resets (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES dashboard_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX dashboard_password_resets_user ON dashboard_password_resets (user_id);
