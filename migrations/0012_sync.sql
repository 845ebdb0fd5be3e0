-- Automatic SAT synchronization of a profile's CFDI history (docs/guides/sync.md). One row per
-- profile that was ever enabled; its chunks are the periods asked of the SAT (each a SAT request
-- tree of the downloads' machinery), planned at enable time (backfill) and as new days become
-- publishable (current), plus periodic metadata re-checks of recent months (recheck).
CREATE TABLE fiscal_profile_syncs (
  fiscal_profile_id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  rfc text NOT NULL,
  enabled boolean NOT NULL,
  status text NOT NULL CHECK (status IN ('inactive', 'pending', 'healthy', 'stalled')),
  sync_from text NOT NULL,
  max_monthly_documents integer,
  phone text,
  -- The last day (yyyy-mm-dd) whose chunks are planned; new days are planned after it.
  planned_through text NOT NULL,
  synced_through text,
  last_progress_at timestamptz,
  last_recheck_at timestamptz,
  last_started_at timestamptz,
  checked_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX fiscal_profile_syncs_enabled ON fiscal_profile_syncs (enabled, last_started_at);

CREATE TABLE sync_chunks (
  id text PRIMARY KEY,
  fiscal_profile_id text NOT NULL REFERENCES fiscal_profile_syncs (fiscal_profile_id),
  side text NOT NULL CHECK (side IN ('issued', 'received')),
  type text NOT NULL CHECK (type IN ('cfdi', 'metadata')),
  purpose text NOT NULL CHECK (purpose IN ('backfill', 'current', 'recheck')),
  first_day text NOT NULL,
  last_day text NOT NULL,
  state text NOT NULL CHECK (state IN ('planned', 'running', 'done')),
  sat_request_root text,
  attempts integer NOT NULL DEFAULT 0,
  next_run_at timestamptz NOT NULL,
  started_at timestamptz,
  done_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX sync_chunks_profile ON sync_chunks (fiscal_profile_id, state, first_day);
CREATE INDEX sync_chunks_running ON sync_chunks (state) WHERE state = 'running';
