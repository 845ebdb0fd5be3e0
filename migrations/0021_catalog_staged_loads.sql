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
-- Spanish function words. `position` is the word's place among the description's indexed words
-- (0 for the first), or 1000 for a word only in c_ClaveProdServ's similar words; `name_words` is
-- how many indexed words the description has. A search term matches the start of a word, a range
-- of this primary key (COLLATE "C": bytewise), so a search reads the entries of its terms instead
-- of every row of the catalog, and ranks them (exact name, name start, name over similar words)
-- from these rows alone.
CREATE TABLE catalog_words (
  slug text NOT NULL,
  version integer NOT NULL,
  word text COLLATE "C" NOT NULL,
  code text COLLATE "C" NOT NULL,
  position smallint NOT NULL,
  name_words smallint NOT NULL,
  PRIMARY KEY (slug, version, word, code),
  FOREIGN KEY (slug, version) REFERENCES catalog_versions (slug, version)
);

-- Versions loaded before words existed get theirs from their rows (every word counts as the
-- name's, in the order of the search text, until the catalog is loaded again).
INSERT INTO catalog_words (slug, version, word, code, position, name_words)
SELECT w.slug, w.version, w.word, w.code, (min(w.n) - 1)::smallint, 0::smallint
FROM (
  SELECT e.slug, e.version, e.code, x.word, row_number() OVER (PARTITION BY e.slug, e.version, e.code ORDER BY x.n) AS n
  FROM catalog_entries AS e
  CROSS JOIN LATERAL regexp_split_to_table(e.search_text, '[^a-z0-9]+') WITH ORDINALITY AS x(word, n)
  WHERE (length(x.word) > 1 OR x.word ~ '[0-9]')
    AND x.word NOT IN ('de', 'la', 'el', 'los', 'las', 'del', 'y', 'o', 'en', 'a', 'para', 'con', 'por', 'al', 'un', 'una', 'sus', 'su', 'se', 'que', 'e', 'u', 'sin', 'sobre')
) AS w
GROUP BY w.slug, w.version, w.word, w.code;

UPDATE catalog_words AS w SET name_words = c.words
FROM (SELECT slug, version, code, count(*)::smallint AS words FROM catalog_words GROUP BY slug, version, code) AS c
WHERE c.slug = w.slug AND c.version = w.version AND c.code = w.code;

-- Searches read the word index now: the primary key no longer carries the search columns (they
-- doubled the size of every catalog on disk).
ALTER TABLE catalog_entries DROP CONSTRAINT catalog_entries_pkey;
ALTER TABLE catalog_entries ADD PRIMARY KEY (slug, version, code);
