-- Up Migration

-- Who did what in the desk (docs/operations.md#audit-log). Written in the transaction of the change
-- it records; it names accounts, targets by type and id, and changed fields (with values only for
-- roles, statuses and assignees), never a lead's personal data, so erasing a person never means
-- rewriting it.
CREATE TABLE audit_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- `account` (actor_id set), `cli` (the admin command), `system` (the server itself), or
  -- `anonymous` (a failed sign-in: nobody proved who they are).
  actor_kind text NOT NULL CHECK (actor_kind IN ('account', 'cli', 'system', 'anonymous')),
  -- No cascade: accounts are deactivated, never deleted, and what they did stays theirs.
  actor_id bigint REFERENCES admin_users (id),
  ip inet,
  user_agent text CHECK (char_length(user_agent) <= 512),
  request_id text,
  -- One of the contract's AuditAction values.
  action text NOT NULL,
  target_type text,
  target_id text,
  -- { field: { "from": v, "to": v } } with values, or { field: {} } with the name only.
  changes jsonb NOT NULL DEFAULT '{}',
  -- What else the action needs to be understood: the username tried, an export's filters.
  details jsonb NOT NULL DEFAULT '{}',
  CHECK ((actor_kind = 'account') = (actor_id IS NOT NULL))
);
CREATE INDEX audit_entries_actor_idx ON audit_entries (actor_id, id) WHERE actor_id IS NOT NULL;
CREATE INDEX audit_entries_action_idx ON audit_entries (action, id);
CREATE INDEX audit_entries_target_idx ON audit_entries (target_type, target_id, id);
CREATE INDEX audit_entries_at_idx ON audit_entries (at);

-- Append-only: the database itself refuses to change or remove an entry. The one exception is the
-- retention job, which sets `lead_desk.audit_retention = 'on'` for its own transaction
-- (SET LOCAL) before it deletes entries past their age; nothing else in the code sets it.
CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('lead_desk.audit_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit entries cannot be changed or removed (%)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_entries_no_update BEFORE UPDATE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only();
CREATE TRIGGER audit_entries_no_delete BEFORE DELETE ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only();
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries
  FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only();

-- Down Migration
DROP TABLE audit_entries;
DROP FUNCTION audit_entries_append_only();
