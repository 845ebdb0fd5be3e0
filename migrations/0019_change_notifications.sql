-- Every change to a row that a process keeps in memory (API keys for authentication, fiscal
-- profile views) is announced on the channel `invoicing_changes` as '<table>:<id>'. PostgreSQL
-- delivers it when the transaction commits, to every process listening (src/platform/db/changes.ts),
-- which drops its copy: a key revoked through one node is refused by every node.
CREATE FUNCTION announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('invoicing_changes', TG_TABLE_NAME || ':' || OLD.id);
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_keys_announce_change AFTER UPDATE OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION announce_change();

CREATE TRIGGER fiscal_profiles_announce_change AFTER UPDATE OR DELETE ON fiscal_profiles
  FOR EACH ROW EXECUTE FUNCTION announce_change();

-- A catalog import or activation changes `catalogs.active_version`: every process reloads the
-- catalogs it holds in memory at once instead of at its next periodic check.
CREATE FUNCTION announce_catalogs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('invoicing_changes', 'catalogs:' || TG_OP);
  RETURN NULL;
END;
$$;

CREATE TRIGGER catalogs_announce_change AFTER INSERT OR UPDATE OR DELETE ON catalogs
  FOR EACH STATEMENT EXECUTE FUNCTION announce_catalogs();
