-- Catalog versions are written in steps so that a large catalog loads without holding the
-- database: a version is reserved (complete = false), its rows are inserted in small batches
-- outside any long transaction, and one short transaction makes it active. Readers only ever
-- see the active version, so the old one answers until the switch.
-- `shipped`: a version loaded from the catalogs shipped with the service (sat-catalogs/), named
-- by `release`.
ALTER TABLE catalog_versions DROP CONSTRAINT catalog_versions_origin_check;
ALTER TABLE catalog_versions ADD CONSTRAINT catalog_versions_origin_check CHECK (origin IN ('builtin', 'import', 'shipped'));
ALTER TABLE catalog_versions ADD COLUMN complete boolean NOT NULL DEFAULT true;
ALTER TABLE catalog_versions ADD COLUMN release text;

-- Word index of the search: every word of an entry's search text (description and the
-- catalog's searched data, lower case without accents) once per entry, but one-letter words and
-- Spanish function words; `in_name` when the word is in the description itself (ranked above a
-- match in c_ClaveProdServ's similar words only). A search term matches the start of a word, a
-- range of this primary key (COLLATE "C": bytewise), so a search reads the entries of its terms
-- instead of every row of the catalog.
CREATE TABLE catalog_words (
  slug text NOT NULL,
  version integer NOT NULL,
  word text COLLATE "C" NOT NULL,
  code text COLLATE "C" NOT NULL,
  in_name boolean NOT NULL,
  PRIMARY KEY (slug, version, word, code),
  FOREIGN KEY (slug, version) REFERENCES catalog_versions (slug, version)
);

-- Versions loaded before words existed get theirs from their rows (every word counts as the
-- name's until the catalog is loaded again).
INSERT INTO catalog_words (slug, version, word, code, in_name)
SELECT DISTINCT e.slug, e.version, w.word, e.code, true
FROM catalog_entries AS e
CROSS JOIN LATERAL regexp_split_to_table(e.search_text, '[^a-z0-9]+') AS w(word)
WHERE (length(w.word) > 1 OR w.word ~ '[0-9]')
  AND w.word NOT IN ('de', 'la', 'el', 'los', 'las', 'del', 'y', 'o', 'en', 'a', 'para', 'con', 'por', 'al', 'un', 'una', 'sus', 'su', 'se', 'que', 'e', 'u', 'sin', 'sobre');

-- Searches read the word index now: the primary key no longer carries the search columns (they
-- doubled the size of every catalog on disk).
ALTER TABLE catalog_entries DROP CONSTRAINT catalog_entries_pkey;
ALTER TABLE catalog_entries ADD PRIMARY KEY (slug, version, code);
