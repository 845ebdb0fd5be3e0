-- The simulator's own database: its certificate authority, the ledger of every CFDI it knows
-- (stamped through the PAC protocol or generated for synthetic counterparties), synthetic
-- taxpayers and signed manifest contracts. Tables are prefixed sim_ so that nothing clashes
-- even if an operator points the simulator at a shared PostgreSQL schema.

CREATE TABLE sim_certificates (
  no_certificado text PRIMARY KEY,
  -- root: the simulator's CA; stamping: seals TimbreFiscalDigital; csd / fiel: issued to an RFC.
  role text NOT NULL CHECK (role IN ('root', 'stamping', 'csd', 'fiel')),
  rfc text,
  der bytea NOT NULL,
  -- Unencrypted PKCS#8 DER for the simulator's own keys (root, stamping); NULL for issued ones,
  -- whose key is only handed to the caller.
  private_key_der bytea,
  valid_from timestamptz NOT NULL,
  valid_to timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX sim_certificates_role ON sim_certificates (role, created_at);

-- SAT-style NoCertificado numbers for issued certificates.
CREATE SEQUENCE sim_certificate_serial START 1;

CREATE TABLE sim_cfdis (
  uuid text PRIMARY KEY,
  emisor_rfc text NOT NULL,
  emisor_nombre text NOT NULL DEFAULT '',
  receptor_rfc text NOT NULL,
  receptor_nombre text NOT NULL DEFAULT '',
  tipo text NOT NULL,
  total numeric(24, 6) NOT NULL,
  -- Comprobante Fecha as written: local time of LugarExpedicion, 'YYYY-MM-DDTHH:mm:ss' (sorts as text).
  fecha text NOT NULL,
  fecha_timbrado timestamptz NOT NULL,
  rfc_prov_certif text NOT NULL,
  -- SHA-256 (hex) of the issuer's Sello: the same sealed comprobante always has the same one.
  sello_hash text NOT NULL,
  xml text NOT NULL,
  status text NOT NULL DEFAULT 'Vigente' CHECK (status IN ('Vigente', 'Cancelado')),
  -- pac: stamped through the PAC protocol; generated: synthetic history for bulk download.
  source text NOT NULL DEFAULT 'pac',
  -- Cancellation process (SAT CFDI 4.0): motivo 01-04, substitute, the receptor's answer.
  cancel_motivo text,
  cancel_folio_sustitucion text,
  cancel_requested_at timestamptz,
  cancel_deadline_at timestamptz,
  cancel_status text,
  cancel_resolved_at timestamptz,
  cancel_acuse text,
  cancelled_at timestamptz
);
CREATE UNIQUE INDEX sim_cfdis_sello_hash ON sim_cfdis (sello_hash);
CREATE INDEX sim_cfdis_emisor ON sim_cfdis (emisor_rfc, fecha, uuid);
CREATE INDEX sim_cfdis_receptor ON sim_cfdis (receptor_rfc, fecha, uuid);
CREATE INDEX sim_cfdis_pending ON sim_cfdis (cancel_deadline_at) WHERE cancel_status = 'En proceso';

-- Which CFDIs a CFDI refers to (CfdiRelacionados, Pagos DoctoRelacionado): the SAT answers
-- "No cancelable" for a CFDI that a live CFDI still refers to.
CREATE TABLE sim_relations (
  uuid text NOT NULL REFERENCES sim_cfdis (uuid) ON DELETE CASCADE,
  related_uuid text NOT NULL,
  -- TipoRelacion (01-07) of CfdiRelacionados, or 'pago' for a Pagos DoctoRelacionado.
  kind text NOT NULL,
  PRIMARY KEY (uuid, related_uuid, kind)
);
CREATE INDEX sim_relations_related ON sim_relations (related_uuid);

CREATE TABLE sim_taxpayers (
  rfc text PRIMARY KEY,
  name text NOT NULL,
  regimen_fiscal text NOT NULL,
  postal_code text NOT NULL,
  -- Listed in the LCO (lista de contribuyentes obligados) with a valid CSD.
  in_lco boolean NOT NULL DEFAULT true,
  -- ValidacionEFOS code the status service answers for CFDIs of this issuer (200 = not listed).
  efos text NOT NULL DEFAULT '200',
  created_at timestamptz NOT NULL
);

CREATE TABLE sim_manifests (
  rfc text PRIMARY KEY,
  email text NOT NULL,
  fiel_no_certificado text NOT NULL,
  privacy_xml text NOT NULL,
  contract_xml text NOT NULL,
  signed_at timestamptz NOT NULL
);
