-- Dashboard accounts (docs/guides/dashboard.md). A user belongs to the one organization created
-- when it signed up; its password is kept only as a self-describing scrypt string.
CREATE TABLE dashboard_users (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX dashboard_users_organization ON dashboard_users (organization_id);

-- Sessions: only a SHA-256 of the cookie's token is stored. The CSRF token is not a credential on
-- its own (it is useless without the cookie), and the dashboard must be able to read it back.
CREATE TABLE dashboard_sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES dashboard_users (id),
  organization_id text NOT NULL REFERENCES organizations (id),
  token_hash text NOT NULL UNIQUE,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id) WHERE revoked_at IS NULL;

-- Sign-in attempts per e-mail and per client address, and sign-ups per client address, shared by
-- every process: a window of counted attempts and, once the limit is reached, the moment the door
-- opens again.
CREATE TABLE dashboard_sign_in_attempts (
  scope text NOT NULL CHECK (scope IN ('email', 'address', 'sign_up')),
  subject text NOT NULL,
  window_started_at timestamptz NOT NULL,
  attempts integer NOT NULL,
  locked_until timestamptz,
  PRIMARY KEY (scope, subject)
);
