-- Invoices: CFDI 4.0 drafts and their stamped documents, per organization and mode.
-- `input` keeps the request as the API received it (PATCH merges into it); `comprobante` keeps the
-- computed CFDI model (SAT names) that stamping seals. Money stays text, exactly as in the XML.
CREATE TABLE invoices (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  -- Deleting a profile is refused once it has stamped (fiscal_profile.in_use); its drafts go with it.
  fiscal_profile_id text NOT NULL REFERENCES fiscal_profiles (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('draft', 'stamping', 'stamped', 'cancelled')),
  type text NOT NULL,
  -- '' when the invoice has no serie: the folio counter and the uniqueness rule still apply.
  serie text NOT NULL DEFAULT '',
  folio text NOT NULL,
  customer_rfc text NOT NULL,
  currency text NOT NULL,
  subtotal text NOT NULL,
  total text NOT NULL,
  input jsonb NOT NULL,
  comprobante jsonb NOT NULL,
  -- The recovery point of a stamp in flight: the exact sealed XML sent to the PAC.
  sealed_xml text,
  sealed_at timestamptz,
  -- The stamped CFDI exactly as the PAC returned it.
  xml text,
  uuid text,
  stamped_at timestamptz,
  sello_cfd text,
  sello_sat text,
  no_certificado_sat text,
  error text,
  cancellation_status text NOT NULL DEFAULT 'none' CHECK (cancellation_status IN ('none', 'pending', 'accepted', 'rejected')),
  cancellation_reason text,
  substitute_invoice_id text,
  cancellation_requested_at timestamptz,
  cancellation_resolved_at timestamptz,
  acuse text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((status = 'stamping') = (sealed_xml IS NOT NULL)),
  CHECK ((status IN ('stamped', 'cancelled')) = (xml IS NOT NULL AND uuid IS NOT NULL))
);
-- Lists: newest first within one organization and mode, optionally by customer or profile.
CREATE INDEX invoices_list ON invoices (organization_id, mode, id DESC);
CREATE INDEX invoices_customer ON invoices (organization_id, mode, customer_rfc, id DESC);
CREATE INDEX invoices_profile ON invoices (fiscal_profile_id, id DESC);
-- A folio is used once per profile and serie (assigned or explicit).
CREATE UNIQUE INDEX invoices_folio ON invoices (fiscal_profile_id, serie, folio);
CREATE UNIQUE INDEX invoices_uuid ON invoices (uuid) WHERE uuid IS NOT NULL;
-- The recovery job finds stamps left in flight by a crash.
CREATE INDEX invoices_stamping ON invoices (sealed_at) WHERE status = 'stamping';
-- The cancellation poller finds requests still waiting for the receptor.
CREATE INDEX invoices_cancellation_pending ON invoices (cancellation_requested_at) WHERE cancellation_status = 'pending';

-- The last folio assigned per profile and serie. Every create of that serie locks its row, so
-- folios are assigned in order and never twice, also across processes.
CREATE TABLE invoice_folios (
  fiscal_profile_id text NOT NULL REFERENCES fiscal_profiles (id) ON DELETE CASCADE,
  serie text NOT NULL,
  last_folio bigint NOT NULL,
  PRIMARY KEY (fiscal_profile_id, serie)
);
