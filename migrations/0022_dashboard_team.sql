-- Teams (docs/guides/team.md): a dashboard user belongs to organizations through memberships, each
-- with a role; dashboard_users.organization_id is now the organization a new session opens in.
CREATE TABLE dashboard_memberships (
  user_id text NOT NULL REFERENCES dashboard_users (id),
  organization_id text NOT NULL REFERENCES organizations (id),
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'accountant')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, organization_id)
);
CREATE INDEX dashboard_memberships_organization ON dashboard_memberships (organization_id);

-- Every user so far made its organization when it signed up: it owns it.
INSERT INTO dashboard_memberships (user_id, organization_id, role, created_at, updated_at)
SELECT id, organization_id, 'owner', created_at, created_at FROM dashboard_users;

-- Invitations: a single-use token (only its SHA-256 stored) for one e-mail and one role, until it
-- expires, is accepted or is withdrawn.
CREATE TABLE dashboard_invitations (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'developer', 'accountant')),
  token_hash text NOT NULL UNIQUE,
  invited_by text NOT NULL REFERENCES dashboard_users (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by text REFERENCES dashboard_users (id),
  revoked_at timestamptz
);
CREATE INDEX dashboard_invitations_pending ON dashboard_invitations (organization_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- The audit log: what a dashboard session changed, by whom, from which client, kept for a bounded
-- time (a scheduled job deletes older entries).
CREATE TABLE dashboard_audit_events (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  user_id text NOT NULL REFERENCES dashboard_users (id),
  action text NOT NULL,
  object_id text,
  detail text,
  mode text CHECK (mode IN ('test', 'live')),
  address text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX dashboard_audit_events_organization ON dashboard_audit_events (organization_id, created_at DESC, id DESC);
CREATE INDEX dashboard_audit_events_created ON dashboard_audit_events (created_at);
