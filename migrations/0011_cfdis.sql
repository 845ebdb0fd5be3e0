-- The organization's CFDI store (docs/guides/cfdis.md): every CFDI a download brings (and, later,
-- synchronization), once per organization, mode and UUID. The XML byte for byte when we have it;
-- metadata-only rows (has no xml) carry what the SAT's index says. Dates of the CFDI are its own
-- Mexico City wall time as text (`YYYY-MM-DDTHH:mm:ss`), so ranges compare as written.
CREATE TABLE cfdis (
  id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  uuid text NOT NULL,
  fiscal_profile_id text NOT NULL,
  side text NOT NULL CHECK (side IN ('issued', 'received')),
  version text,
  serie text,
  folio text,
  tipo_de_comprobante text,
  fecha text,
  fecha_timbrado text,
  emisor_rfc text,
  emisor_nombre text,
  receptor_rfc text,
  receptor_nombre text,
  moneda text,
  sub_total text,
  descuento text,
  total text,
  rfc_pac text,
  sat_status text NOT NULL CHECK (sat_status IN ('active', 'cancelled', 'unknown')),
  cancelled_at timestamptz,
  xml text,
  xml_sha256 text,
  download_id text,
  -- The SAT request tree (sat_requests root) that first brought it: a download's or a sync chunk's.
  source_request text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (organization_id, mode, uuid)
);
CREATE INDEX cfdis_list ON cfdis (organization_id, mode, id DESC);
CREATE INDEX cfdis_download ON cfdis (organization_id, mode, download_id, id DESC);
CREATE INDEX cfdis_emisor ON cfdis (organization_id, mode, emisor_rfc, id DESC);
CREATE INDEX cfdis_receptor ON cfdis (organization_id, mode, receptor_rfc, id DESC);
CREATE INDEX cfdis_fecha ON cfdis (organization_id, mode, fecha);
CREATE INDEX cfdis_source ON cfdis (source_request) WHERE source_request IS NOT NULL;
