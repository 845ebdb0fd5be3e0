-- The CFDI store's list filters (GET /v1/cfdis, docs/guides/cfdis.md) that 0011 left to a walk
-- of all the organization's rows: each index is (organization_id, mode, <filter>, id DESC), so
-- a filtered page is read in list order from its index and stops at the page's end, however
-- few rows match. UUID, download, emisor and receptor have theirs since 0011; a Fecha range is
-- read from cfdis_fecha and sorted. Cost on ingest: within the noise of a 1,000-row batch on
-- the embedded database (docs/decisions.md, "The CFDI store").
CREATE INDEX cfdis_side ON cfdis (organization_id, mode, side, id DESC);
CREATE INDEX cfdis_profile ON cfdis (organization_id, mode, fiscal_profile_id, id DESC);
CREATE INDEX cfdis_status ON cfdis (organization_id, mode, sat_status, id DESC);
CREATE INDEX cfdis_tipo ON cfdis (organization_id, mode, tipo_de_comprobante, id DESC);
-- has_xml=false: metadata-only rows are the few; has_xml=true reads cfdis_list.
CREATE INDEX cfdis_metadata_only ON cfdis (organization_id, mode, id DESC) WHERE xml IS NULL;
