-- Up Migration

-- Digests by one rule (docs/product.md#alert-digests): an alert or "assigned to you" email goes one
-- by one when fewer than ALERTS_PER_MINUTE of its kind to its recipient came before it in its clock
-- minute. The dispatcher and the digests count those for every such email waiting; this index keeps
-- the count to the minute's rows instead of the whole outbox. (IF NOT EXISTS: a database that ran
-- this change's first, withdrawn, migration has it already.)
CREATE INDEX IF NOT EXISTS mail_messages_minute_idx ON mail_messages (template, created_at)
  WHERE template IN ('sales-alert', 'lead-assigned');

-- Down Migration
DROP INDEX mail_messages_minute_idx;
