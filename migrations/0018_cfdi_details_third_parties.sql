-- The CFDI store keeps what `GET /v1/cfdis/{uuid}` shows, read once when the document arrives,
-- instead of parsing the stored XML again on every read (docs/decisions.md, "The CFDI store").
--
-- `details` is the content as json (written and read whole, never queried inside, as 0015 argues
-- for invoices). SQL NULL on a row with XML means "not read yet": rows stored before this
-- migration, read once on their first GET and then stored. A document whose version the store
-- does not read (CFDI 3.2 and before) holds the json value null, which is not SQL NULL, so it is
-- not read again either.
ALTER TABLE cfdis ADD COLUMN details json;

-- The taxpayers a CFDI was issued on behalf of: the `_tercero.txt` rows of the SAT's metadata
-- packages and the Conceptos' ACuentaTerceros (or the terceros complement) of the XML. A table of
-- its own, keyed by UUID rather than by row: a package's `_tercero.txt` may be read before or
-- after the rows it completes, and the filter `third_party_rfc` reads its index.
CREATE TABLE cfdi_third_parties (
  organization_id text NOT NULL REFERENCES organizations (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  uuid text NOT NULL,
  rfc text NOT NULL,
  nombre text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (organization_id, mode, uuid, rfc)
);
CREATE INDEX cfdi_third_parties_rfc ON cfdi_third_parties (organization_id, mode, rfc);
