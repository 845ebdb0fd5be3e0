-- The CFDI store's list sorted by the CFDI's own Fecha or by its Total, and searched by words
-- (GET /v1/cfdis?sort=…&q=…, docs/guides/cfdis.md).
--
-- Sort keys: each index is (organization_id, mode, <key>, id), so a sorted page is read in order
-- from its index (forwards or backwards) and the id breaks ties, which keeps keyset pages exact
-- when many CFDIs share a Fecha or a Total. A row without Fecha sorts as the oldest; a Total that
-- is not a decimal number (the store keeps the text the SAT gave) sorts below every number.
CREATE INDEX cfdis_by_fecha ON cfdis (organization_id, mode, (coalesce(fecha, '')), id);
ALTER TABLE cfdis ADD COLUMN total_value numeric NOT NULL GENERATED ALWAYS AS (
  CASE WHEN total ~ '^-?[0-9]+(\.[0-9]+)?$' THEN total::numeric ELSE '-Infinity'::numeric END
) STORED;
CREATE INDEX cfdis_by_total ON cfdis (organization_id, mode, total_value, id);
-- Search: the words of both parties' RFC and name, the UUID's groups, the serie, the folio and the
-- two written together, as the 'simple' configuration reads them (lower case, no stemming, no stop
-- words) once hyphens are spaces (the parser would read `-0000` as a negative number). A query,
-- split the same way, matches word prefixes through the GIN index.
ALTER TABLE cfdis ADD COLUMN search tsvector NOT NULL GENERATED ALWAYS AS (
  to_tsvector('simple'::regconfig, translate(
    coalesce(emisor_rfc, '') || ' ' || coalesce(emisor_nombre, '') || ' ' ||
    coalesce(receptor_rfc, '') || ' ' || coalesce(receptor_nombre, '') || ' ' ||
    uuid || ' ' || coalesce(serie, '') || ' ' || coalesce(folio, '') || ' ' ||
    coalesce(serie, '') || coalesce(folio, ''), '-', ' '))
) STORED;
CREATE INDEX cfdis_search ON cfdis USING gin (search);
-- The tsquery of a search: every word of it, split as the rows' words are, a prefix of a word of
-- the row; null (matching nothing) when it has no word. Immutable, so the planner reads a
-- search's words when it plans (and estimates how many rows match) rather than at run time.
CREATE FUNCTION cfdi_search_query(words text) RETURNS tsquery LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN count(*) > 0 THEN to_tsquery('simple'::regconfig, string_agg(quote_literal(lower(token)) || ':*', ' & ')) END
  FROM ts_parse('default', translate(words, '-', ' '))
  WHERE tokid <> 12
$$;
