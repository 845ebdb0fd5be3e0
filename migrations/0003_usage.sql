-- Metered usage: one row per consumption (today: a stamp), per organization and mode.
CREATE TABLE usage_records (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  kind text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  resource_id text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX usage_records_list ON usage_records (organization_id, mode, id DESC);
CREATE UNIQUE INDEX usage_records_once ON usage_records (organization_id, mode, kind, resource_id);

-- Live stamp credits per organization; test mode is unmetered.
CREATE TABLE stamp_balances (
  organization_id text PRIMARY KEY REFERENCES organizations (id),
  credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
  granted_total bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL
);
