-- Up Migration

-- An automatic assignment (docs/operations.md#auto-assign) writes, for every new lead, a timeline
-- event without an email and an audit entry by `system`, in the lead's own insert. Two costs of
-- those rows that bought nothing:

-- The audit log's check that an acting account is still active ran for every row, including the
-- rows of `system`, `cli` and `anonymous`, which have no account: it now runs only where it checks.
DROP TRIGGER audit_entries_actor_active ON audit_entries;
CREATE TRIGGER audit_entries_actor_active BEFORE INSERT ON audit_entries
  FOR EACH ROW WHEN (NEW.actor_kind = 'account') EXECUTE FUNCTION audit_entries_actor_active();

-- The timeline's index on the email an event is about (used when a message is deleted, and to
-- find a message's events) held every event, also the assignments, status changes and notes,
-- which are about no email.
CREATE INDEX lead_events_message_only_idx ON lead_events (message_id) WHERE message_id IS NOT NULL;
DROP INDEX lead_events_message_idx;
ALTER INDEX lead_events_message_only_idx RENAME TO lead_events_message_idx;

-- Down Migration
CREATE INDEX lead_events_message_all_idx ON lead_events (message_id);
DROP INDEX lead_events_message_idx;
ALTER INDEX lead_events_message_all_idx RENAME TO lead_events_message_idx;
DROP TRIGGER audit_entries_actor_active ON audit_entries;
CREATE TRIGGER audit_entries_actor_active BEFORE INSERT ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_actor_active();
