-- Event log: one row per change worth telling an organization about, written in the same
-- transaction (and statement) as the change's webhook deliveries.
CREATE TABLE events (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  platform_organization_id text REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  type text NOT NULL,
  api_version text NOT NULL,
  object text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX events_organization ON events (organization_id, mode, id DESC);
CREATE INDEX events_organization_type ON events (organization_id, mode, type, id DESC);

-- Webhook endpoints. The signing secret is needed to sign, so it is kept; during a rotation the
-- previous secret keeps signing until `previous_secret_expires_at`.
CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  url text NOT NULL,
  enabled_events text[] NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text CHECK (disabled_reason IN ('gone', 'failing')),
  connect boolean NOT NULL DEFAULT false,
  api_version text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  secret text NOT NULL,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  failing_since timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhook_endpoints_organization ON webhook_endpoints (organization_id, mode, id DESC);

-- One row per (event, endpoint): the current state of that delivery, created with its event (the
-- outbox). Indexes are few on purpose: every attempt rewrites the row. A pending row is due at
-- `next_attempt_at`; a claimed row's `next_attempt_at` is its lease, so a worker that dies
-- mid-attempt leaves it due again. `round_attempts` counts attempts since the last (re)send and
-- indexes the retry schedule; `attempts` counts them all.
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  event_id text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  round_attempts integer NOT NULL DEFAULT 0,
  response_status integer,
  last_error text,
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (event_id, endpoint_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id DESC);
