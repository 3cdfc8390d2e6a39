-- Up Migration

-- The audit log's one allowed deletion no longer rests on a setting any session may set
-- (`lead_desk.audit_retention`): migrations run as an owner role and the app connects as a role
-- that owns nothing and may only INSERT and SELECT audit entries (api/src/db/roles.ts grants it).
-- Retention deletes through the function below, which runs as its owner (SECURITY DEFINER) and
-- checks the age itself: nothing deletes an entry younger than 365 days
-- (docs/operations.md#audit-log).

-- The trigger still refuses every UPDATE and TRUNCATE, and a DELETE unless it is the table's owner
-- (so the retention function; the app role has no DELETE privilege to begin with) removing an
-- entry at least 365 days old.
CREATE OR REPLACE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: OLD is not there for TRUNCATE, a statement trigger.
  IF TG_OP = 'DELETE' THEN
    IF OLD.at < now() - interval '365 days'
       AND current_user = (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = TG_RELID) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit entries cannot be changed or removed (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

-- Deletes up to `batch` entries older than `older_than_days`, the oldest first, and answers how many.
-- A retention shorter than 365 days is refused, whoever asks.
CREATE FUNCTION delete_expired_audit_entries(older_than_days integer, batch integer)
  RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  deleted integer;
BEGIN
  IF older_than_days IS NULL OR older_than_days < 365 THEN
    RAISE EXCEPTION 'audit entries are kept at least 365 days (asked: %)', older_than_days
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  DELETE FROM public.audit_entries WHERE id IN (
    SELECT id FROM public.audit_entries
     WHERE at < now() - make_interval(days => older_than_days)
     ORDER BY at LIMIT greatest(least(batch, 20000), 0));
  GET DIAGNOSTICS deleted = ROW_COUNT;
  RETURN deleted;
END;
$$;
-- Granted to the app role by name (api/src/db/roles.ts), not to every role that may connect.
REVOKE ALL ON FUNCTION delete_expired_audit_entries(integer, integer) FROM PUBLIC;
-- Nobody but the owner creates objects in the schema that function's search_path names (the default
-- from PostgreSQL 15 on; a database made by an older one kept the old grant).
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

-- Down Migration
DROP FUNCTION delete_expired_audit_entries(integer, integer);
CREATE OR REPLACE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('lead_desk.audit_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit entries cannot be changed or removed (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
