-- Up Migration

-- Digests by one rule (docs/product.md#alert-digests): an alert or "assigned to you" email goes one
-- by one when fewer than ALERTS_PER_MINUTE of its kind to its recipient came before it in its clock
-- minute. The dispatcher and the digests count those for every such email waiting; this index keeps
-- the count to the minute's rows instead of the whole outbox. (IF NOT EXISTS: a database that ran
-- this change's first, withdrawn, migration has it already.)
CREATE INDEX IF NOT EXISTS mail_messages_minute_idx ON mail_messages (template, created_at)
  WHERE template IN ('sales-alert', 'lead-assigned');

-- The dispatcher judges each such email once: one it leaves to its minute's digest gets the time the
-- digest is due (the minute's end), so later rounds skip it instead of counting its minute again,
-- and the digests take what is due through this index.
ALTER TABLE mail_messages ADD COLUMN digest_due timestamptz;
CREATE INDEX mail_messages_digest_due_idx ON mail_messages (template, digest_due)
  WHERE job_queued_at IS NULL AND digest_due IS NOT NULL;

-- Down Migration
DROP INDEX mail_messages_digest_due_idx;
ALTER TABLE mail_messages DROP COLUMN digest_due;
DROP INDEX mail_messages_minute_idx;
