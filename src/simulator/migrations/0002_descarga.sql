-- Bulk download (descarga masiva): the requests the SAT services accepted, how often each package
-- was downloaded, and the CSDs of the synthetic taxpayers whose CFDIs make up generated history.
-- Synthetic CFDIs themselves are not stored: they are regenerated deterministically on demand
-- (src/simulator/descarga/history.ts).

CREATE TABLE descarga_requests (
  -- IdSolicitud as the SAT writes it: a lower-case UUID.
  id text PRIMARY KEY,
  requester_rfc text NOT NULL,
  -- emitidos | recibidos | folio
  operation text NOT NULL,
  -- CFDI | Metadata
  request_type text NOT NULL,
  -- Every parameter that makes two requests "identical" (SAT limits 5002 and 5005).
  fingerprint text NOT NULL,
  parameters jsonb NOT NULL,
  -- The selection is evaluated as of this instant (publication lag and cancellations).
  as_of timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  -- When processing ends ("Terminada" or the final rejection).
  ready_at timestamptz NOT NULL,
  -- finished | no_data | too_many | error | never_ready
  outcome text NOT NULL,
  cfdi_count integer NOT NULL,
  package_count integer NOT NULL
);
CREATE INDEX descarga_requests_fingerprint ON descarga_requests (fingerprint, created_at);
CREATE INDEX descarga_requests_requester ON descarga_requests (requester_rfc, created_at);

CREATE TABLE descarga_package_downloads (
  package_id text PRIMARY KEY,
  request_id text NOT NULL REFERENCES descarga_requests (id),
  downloads integer NOT NULL,
  last_downloaded_at timestamptz NOT NULL
);

-- CSDs the simulator's CA issued for synthetic history (the profile itself for issued CFDIs, the
-- synthetic counterparties for received ones). The CA does not keep issued private keys.
CREATE TABLE descarga_credentials (
  rfc text PRIMARY KEY,
  name text NOT NULL,
  no_certificado text NOT NULL,
  cer_der bytea NOT NULL,
  key_der bytea NOT NULL,
  password text NOT NULL,
  created_at timestamptz NOT NULL
);
