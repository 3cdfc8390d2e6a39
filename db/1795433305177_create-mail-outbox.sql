-- Up Migration

-- Every email the product sends is first a row here (an outbox), written in the same transaction
-- as what caused it: a lead's insert (by the trigger below), a demo invitation, a newsletter
-- subscription. The job worker hands new rows to graphile-worker (schema graphile_worker,
-- installed by its own migrations before these, see api/src/db/migrate.ts) as batch jobs, then
-- renders, sends and records each. The unique key (lead, template, revision) is what makes a
-- message be sent once: jobs may run twice, a row cannot be claimed twice. Why the lead's
-- transaction writes the row and not the job itself, the states, and the one crash window:
-- docs/operations.md#email.
CREATE TABLE mail_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_kind text NOT NULL CHECK (lead_kind IN ('contact', 'demo', 'get-started', 'newsletter')),
  lead_id bigint NOT NULL,
  template text NOT NULL CHECK (template IN (
    'sales-alert', 'acknowledgment', 'demo-invitation', 'demo-cancellation', 'newsletter-confirmation')),
  revision bigint NOT NULL DEFAULT 0 CHECK (revision >= 0),
  -- What the message says beyond the lead itself (an invitation's time and link), fixed when queued.
  params jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'held')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- Rendered on the first attempt and kept: every retry sends the same message, and the desk shows it.
  sender text,
  recipients text[],
  subject text,
  html text,
  body_text text,
  calendar text,
  headers jsonb,
  last_error text,
  smtp_response text,
  -- While 'sending': until then the row belongs to the worker that claimed it; after, to anyone.
  lease_until timestamptz,
  -- When a job was made for it; NULL = the worker's dispatcher has yet to (a new row, a resend).
  job_queued_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  sent_at timestamptz,
  UNIQUE (lead_kind, lead_id, template, revision)
);
-- Nearly every row ends 'sent'; the desk's delivery card and the recovery sweep read the others.
CREATE INDEX mail_messages_unsent_idx ON mail_messages (status, updated_at DESC) WHERE status <> 'sent';
-- The dispatcher's work list: small, as rows leave it within a fraction of a second.
CREATE INDEX mail_messages_undispatched_idx ON mail_messages (id) WHERE job_queued_at IS NULL;

-- A lead's history beyond its own row and its messages' rows: each delivery attempt's outcome,
-- status changes made in the desk, invitations, newsletter consent steps.
CREATE TABLE lead_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_kind text NOT NULL CHECK (lead_kind IN ('contact', 'demo', 'get-started', 'newsletter')),
  lead_id bigint NOT NULL,
  type text NOT NULL,
  message_id bigint REFERENCES mail_messages (id) ON DELETE CASCADE,
  actor text,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX lead_events_lead_idx ON lead_events (lead_kind, lead_id, created_at);
CREATE INDEX lead_events_message_idx ON lead_events (message_id);

-- Statement-level, like the counters: a batch of leads (one statement, see leads.repo.ts) gets
-- its sales alerts and acknowledgments in one more statement, in the same transaction. It does not
-- call graphile_worker.add_jobs itself: that sends a NOTIFY, and PostgreSQL lets only one
-- notifying transaction commit at a time (a lock held through the WAL flush), which cut the
-- inserts pgbench could make from 3,165 to 234 a second (docs/operations.md#email).
CREATE FUNCTION queue_lead_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mail_messages (lead_kind, lead_id, template)
  SELECT TG_ARGV[0], n.id, t.template
    FROM new_leads n CROSS JOIN (VALUES ('sales-alert'), ('acknowledgment')) t (template)
   ORDER BY n.id, t.template DESC;
  RETURN NULL;
END $$;

CREATE TRIGGER contact_submissions_queue_mail AFTER INSERT ON contact_submissions
  REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION queue_lead_mail('contact');
CREATE TRIGGER demo_requests_queue_mail AFTER INSERT ON demo_requests
  REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION queue_lead_mail('demo');
CREATE TRIGGER get_started_requests_queue_mail AFTER INSERT ON get_started_requests
  REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION queue_lead_mail('get-started');

-- A demo's calendar invitation: one UID for its whole life, SEQUENCE raised by every change.
ALTER TABLE demo_requests
  ADD COLUMN invitation_uid text,
  ADD COLUMN invitation_sequence integer,
  ADD COLUMN invitation_starts_at timestamptz,
  ADD COLUMN invitation_time_zone text,
  ADD COLUMN invitation_duration_minutes integer CHECK (invitation_duration_minutes BETWEEN 15 AND 480),
  ADD COLUMN invitation_meeting_url text,
  ADD COLUMN invitation_cancelled boolean;

-- Down Migration
ALTER TABLE demo_requests
  DROP COLUMN invitation_cancelled,
  DROP COLUMN invitation_meeting_url,
  DROP COLUMN invitation_duration_minutes,
  DROP COLUMN invitation_time_zone,
  DROP COLUMN invitation_starts_at,
  DROP COLUMN invitation_sequence,
  DROP COLUMN invitation_uid;
DROP TRIGGER get_started_requests_queue_mail ON get_started_requests;
DROP TRIGGER demo_requests_queue_mail ON demo_requests;
DROP TRIGGER contact_submissions_queue_mail ON contact_submissions;
DROP FUNCTION queue_lead_mail();
DROP TABLE lead_events;
DROP TABLE mail_messages;
