-- Fiscal profiles: the issuer taxpayers of an organization, per mode (test and live are separate).
-- Private keys and passwords are encrypted with AES-256-GCM under a per-profile data key, stored
-- wrapped by the master key (src/platform/crypto); certificates are public and kept as DER.
CREATE TABLE fiscal_profiles (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  rfc text NOT NULL,
  legal_name text NOT NULL,
  tax_regime text NOT NULL,
  zip text NOT NULL,
  -- The data key wrapped by the master key named in master_key_id (also inside the wrapped bytes).
  data_key bytea NOT NULL,
  master_key_id text NOT NULL,
  csd_certificate bytea NOT NULL,
  csd_serial text NOT NULL,
  csd_valid_from timestamptz NOT NULL,
  csd_valid_to timestamptz NOT NULL,
  csd_private_key bytea NOT NULL,
  csd_password bytea NOT NULL,
  -- Bumped on every CSD rotation: the signing-key cache of every process keys on it.
  csd_version integer NOT NULL DEFAULT 1,
  fiel_certificate bytea,
  fiel_serial text,
  fiel_valid_from timestamptz,
  fiel_valid_to timestamptz,
  fiel_private_key bytea,
  fiel_password bytea,
  manifest_status text NOT NULL DEFAULT 'pending_signature' CHECK (manifest_status IN ('pending_signature', 'signed')),
  manifest_signed_at timestamptz,
  manifest_email text,
  manifest_contract text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  brand_color text,
  logo bytea,
  logo_content_type text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((fiel_certificate IS NULL) = (fiel_private_key IS NULL) AND (fiel_private_key IS NULL) = (fiel_password IS NULL)),
  CHECK ((logo IS NULL) = (logo_content_type IS NULL))
);
-- Lists: newest first within one organization and mode.
CREATE INDEX fiscal_profiles_list ON fiscal_profiles (organization_id, mode, id DESC);
-- Re-wrapping after a master key rotation finds the rows still under a retired key.
CREATE INDEX fiscal_profiles_master_key ON fiscal_profiles (master_key_id);
