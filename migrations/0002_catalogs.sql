-- SAT catalogs: global reference data (not per organization or mode), versioned per catalog.
-- Each import or built-in seed writes a new version; `catalogs.active_version` names the one in
-- use, so switching is one row update inside the import's transaction.
CREATE TABLE catalog_versions (
  slug text NOT NULL,
  version integer NOT NULL,
  origin text NOT NULL CHECK (origin IN ('builtin', 'import')),
  source text NOT NULL,
  content_hash text NOT NULL,
  row_count integer NOT NULL,
  -- Whether any row's search text has a digit: when none has (c_CodigoPostal), a search for
  -- digits can only match codes and reads just their range of the primary key.
  text_has_digits boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (slug, version)
);

CREATE TABLE catalogs (
  slug text PRIMARY KEY,
  active_version integer NOT NULL,
  updated_at timestamptz NOT NULL,
  FOREIGN KEY (slug, active_version) REFERENCES catalog_versions (slug, version)
);

-- Rows of the active version of each catalog (superseded versions' rows are deleted when a new
-- version becomes active; their catalog_versions row stays as history). Codes sort bytewise.
-- Search: a term matches `search_code` (the code in lower case) from its start, or occurs
-- anywhere in `search_text` (description lower-cased without accents), with LIKE. The primary
-- key's index carries both, so a search reads the index alone (no trigram extension needed).
-- `data` is JSON kept as text: imports write 100,000 rows without parsing jsonb.
CREATE TABLE catalog_entries (
  slug text NOT NULL,
  version integer NOT NULL,
  code text COLLATE "C" NOT NULL,
  description text NOT NULL,
  search_code text COLLATE "C" NOT NULL,
  search_text text NOT NULL,
  valid_from text,
  valid_to text,
  data text NOT NULL DEFAULT '{}',
  PRIMARY KEY (slug, version, code) INCLUDE (search_code, search_text),
  FOREIGN KEY (slug, version) REFERENCES catalog_versions (slug, version)
);
