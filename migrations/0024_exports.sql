-- Exports of the CFDI store (docs/guides/exports.md): one row per requested file, built by a
-- durable job that reads the store in keyset pages. The file itself is kept in `export_chunks`
-- (PostgreSQL: every node serves what one built) or as a file under DATA_DIR (embedded database);
-- both are deleted when the export expires.
CREATE TABLE exports (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL,
  source text NOT NULL,
  format text NOT NULL,
  filters jsonb NOT NULL,
  status text NOT NULL,
  rows_total integer,
  rows_written integer NOT NULL DEFAULT 0,
  bytes bigint,
  sha256 text,
  error jsonb,
  completed_at timestamptz,
  expires_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX exports_organization ON exports (organization_id, mode, id);
CREATE INDEX exports_expiring ON exports (expires_at) WHERE status = 'completed';

-- A built file in order, a megabyte a row, so neither writing nor serving it holds it whole.
CREATE TABLE export_chunks (
  export_id text NOT NULL REFERENCES exports (id) ON DELETE CASCADE,
  position integer NOT NULL,
  content bytea NOT NULL,
  PRIMARY KEY (export_id, position)
);
