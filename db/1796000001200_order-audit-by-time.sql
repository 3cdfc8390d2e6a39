-- Up Migration

-- The audit log is read newest first by time, its pages joined by (at, id) (docs/operations.md#audit-log).
-- Ordered by id alone, a time range far back in a large log had to walk every newer entry before
-- reaching it; with `at` before `id` in each index, a range, a filter and a page's place are all one
-- index range. Each index replaces the one it extends: the table gains no write cost.
DROP INDEX audit_entries_at_idx;
DROP INDEX audit_entries_actor_idx;
DROP INDEX audit_entries_action_idx;
DROP INDEX audit_entries_target_idx;
CREATE INDEX audit_entries_at_idx ON audit_entries (at, id);
CREATE INDEX audit_entries_actor_idx ON audit_entries (actor_id, at, id) WHERE actor_id IS NOT NULL;
CREATE INDEX audit_entries_action_idx ON audit_entries (action, at, id);
CREATE INDEX audit_entries_target_idx ON audit_entries (target_type, target_id, at, id);

-- Down Migration
DROP INDEX audit_entries_target_idx;
DROP INDEX audit_entries_action_idx;
DROP INDEX audit_entries_actor_idx;
DROP INDEX audit_entries_at_idx;
CREATE INDEX audit_entries_actor_idx ON audit_entries (actor_id, id) WHERE actor_id IS NOT NULL;
CREATE INDEX audit_entries_action_idx ON audit_entries (action, id);
CREATE INDEX audit_entries_target_idx ON audit_entries (target_type, target_id, id);
CREATE INDEX audit_entries_at_idx ON audit_entries (at);
