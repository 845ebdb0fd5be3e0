-- Organizations: platform organizations and their connected accounts (parent_id set).
CREATE TABLE organizations (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text,
  parent_id text REFERENCES organizations (id),
  disabled boolean NOT NULL DEFAULT false,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX organizations_parent ON organizations (parent_id, id DESC) WHERE parent_id IS NOT NULL;

-- API keys: only a SHA-256 of the secret is kept.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  name text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  prefix text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  version text,
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX api_keys_organization ON api_keys (organization_id, id DESC);

-- Idempotency: the first response to a POST with an Idempotency-Key, per organization and mode.
CREATE TABLE idempotency_keys (
  organization_id text NOT NULL,
  mode text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('processing', 'done')),
  response_status integer,
  response_headers jsonb,
  response_body text,
  locked_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (organization_id, mode, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- Durable jobs, leased with FOR UPDATE SKIP LOCKED.
CREATE TABLE jobs (
  id text PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  dedupe_key text UNIQUE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'succeeded', 'failed')),
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 10,
  locked_until timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE state IN ('queued', 'running');
