-- A validation: what the service found when it checked a CFDI someone posted (any issuer's).
-- The document itself is not kept: its SHA-256 says which bytes were checked. Listed newest
-- first per organization and mode, and filtered by validity, UUID, issuer and receiver.
CREATE TABLE validations (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  valid boolean NOT NULL,
  errors jsonb NOT NULL,
  warnings jsonb NOT NULL,
  summary jsonb NOT NULL,
  uuid text,
  emisor text,
  receptor text,
  document_sha256 text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX validations_list ON validations (organization_id, mode, id DESC);
CREATE INDEX validations_uuid ON validations (organization_id, mode, uuid) WHERE uuid IS NOT NULL;

-- SAT and PAC certificates fetched to verify timbres (SelloSAT), kept once fetched: a
-- certificate never changes under its number. Shared by every organization (they are public),
-- kept per source (the SAT's repository, or the simulator's in test mode).
CREATE TABLE sat_certificates (
  source text NOT NULL,
  no_certificado text NOT NULL,
  der bytea NOT NULL,
  fetched_at timestamptz NOT NULL,
  PRIMARY KEY (source, no_certificado)
);
