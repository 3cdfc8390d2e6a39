-- Up Migration

-- While the API is busy, the in-process worker's dispatcher hands over to the job queue only the
-- messages somebody waits for (acknowledgments, newsletter confirmations, demo invitations and
-- cancellations), leaving the rest in the outbox until the rush ends (docs/operations.md#yield).
-- This index finds those among a backlog of others without reading it. Its list is the one in
-- api/src/mail/queue.repo.ts (WAITED_FOR); the dispatcher's query names the same templates, so
-- the planner can use it.
CREATE INDEX mail_messages_waited_for_idx ON mail_messages (id)
  WHERE job_queued_at IS NULL
    AND template IN ('acknowledgment', 'newsletter-confirmation', 'demo-invitation', 'demo-cancellation');

-- Down Migration
DROP INDEX mail_messages_waited_for_idx;
