-- SAT bulk downloads (docs/guides/downloads.md). A download is what a caller asked for; the SAT
-- solicitudes that serve it are `sat_requests` rows, shared by identical downloads while the SAT
-- still holds them, and split into sub-ranges when the SAT answers 5003 (over its cap). Every
-- row is written before and after each SAT call, so a crash at any step resumes without losing
-- a stored package or spending another SAT request.
CREATE TABLE sat_requests (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  fiscal_profile_id text NOT NULL,
  rfc text NOT NULL,
  side text NOT NULL CHECK (side IN ('issued', 'received')),
  type text NOT NULL CHECK (type IN ('cfdi', 'metadata')),
  -- The period as sent to the SAT (Mexico City time, yyyy-MM-ddTHH:mm:ss, both inclusive).
  period_from text NOT NULL,
  period_to text NOT NULL,
  document_status text CHECK (document_status IN ('active', 'cancelled')),
  counterparty_rfc text,
  voucher_type text,
  -- Every SAT parameter (RFC, operation, period, filters): what the SAT calls "the same request".
  fingerprint text NOT NULL,
  -- The request tree: the root is what downloads link to; a split parent has children.
  root_id text NOT NULL,
  parent_id text,
  state text NOT NULL CHECK (state IN ('registering', 'registered', 'downloading', 'ready', 'no_data', 'split', 'failed')),
  sat_request_id text,
  sat_state text,
  cfdi_count integer,
  checks integer NOT NULL DEFAULT 0,
  -- Times the SAT answered a finished request with an error or an expiry: each costs a new solicitud.
  renewals integer NOT NULL DEFAULT 0,
  error jsonb,
  registered_at timestamptz,
  poll_deadline timestamptz,
  finished_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sat_requests_root ON sat_requests (root_id);
CREATE INDEX sat_requests_current ON sat_requests (organization_id, mode, fiscal_profile_id, fingerprint);
CREATE INDEX sat_requests_registering ON sat_requests (state, updated_at) WHERE state = 'registering';

-- How many solicitudes the service has sent with each fingerprint: the SAT allows two in a
-- request's lifetime (5002 afterwards), so a third is never sent; counted before each send.
CREATE TABLE sat_solicitudes (
  rfc text NOT NULL,
  mode text NOT NULL,
  fingerprint text NOT NULL,
  sent integer NOT NULL,
  last_sent_at timestamptz NOT NULL,
  PRIMARY KEY (mode, rfc, fingerprint)
);

-- One row per package of a finished leaf request: stored once, ingested once.
CREATE TABLE sat_packages (
  sat_request_id text NOT NULL REFERENCES sat_requests (id),
  position integer NOT NULL,
  sat_package_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'stored', 'ingested')),
  bytes bigint,
  sha256 text,
  cfdi_count integer,
  -- On PostgreSQL the zip itself; on the embedded database a file under DATA_DIR (content null).
  content bytea,
  stored_at timestamptz,
  ingested_at timestamptz,
  PRIMARY KEY (sat_request_id, position)
);

CREATE TABLE downloads (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  fiscal_profile_id text NOT NULL,
  side text NOT NULL,
  type text NOT NULL,
  date_from text NOT NULL,
  date_to text NOT NULL,
  document_status text,
  counterparty_rfc text,
  voucher_type text,
  sat_request_root text NOT NULL REFERENCES sat_requests (id),
  status text NOT NULL CHECK (status IN ('requested', 'processing', 'ready', 'no_data', 'failed')),
  package_count integer NOT NULL DEFAULT 0,
  cfdi_count integer,
  error jsonb,
  metadata jsonb NOT NULL,
  warnings jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX downloads_list ON downloads (organization_id, mode, id DESC);
CREATE INDEX downloads_root ON downloads (sat_request_root);
