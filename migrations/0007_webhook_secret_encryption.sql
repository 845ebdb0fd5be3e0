-- Webhook signing secrets encrypted at rest, as fiscal profiles' keys are: a per-endpoint data
-- key wrapped under the master key, and each secret sealed under it with associated data naming
-- the table, organization, endpoint and column. The plaintext columns stay, nullable, for rows
-- written before; the webhooks module seals those at start and clears them. A row always keeps
-- its current secret in one form or the other.
ALTER TABLE webhook_endpoints
  ADD COLUMN data_key bytea,
  ADD COLUMN secret_encrypted bytea,
  ADD COLUMN previous_secret_encrypted bytea,
  ALTER COLUMN secret DROP NOT NULL,
  ADD CONSTRAINT webhook_endpoints_secret_kept
    CHECK (secret IS NOT NULL OR (data_key IS NOT NULL AND secret_encrypted IS NOT NULL));
