-- Up Migration

-- A person's data on request and retention (docs/product.md#personal-data). Erasing a lead keeps
-- its kind, date, status and assignee (counts and the chart stay true) and empties every personal
-- field; `erased_at` says so, and only an erased row may hold the empty name, email and message
-- that a visitor's lead never has.
ALTER TABLE contact_submissions ADD COLUMN erased_at timestamptz;
ALTER TABLE demo_requests ADD COLUMN erased_at timestamptz;
ALTER TABLE get_started_requests ADD COLUMN erased_at timestamptz;

ALTER TABLE contact_submissions
  DROP CONSTRAINT contact_submissions_name_check,
  DROP CONSTRAINT contact_submissions_email_check,
  DROP CONSTRAINT contact_submissions_message_check,
  ADD CONSTRAINT contact_submissions_name_check CHECK (
    (erased_at IS NOT NULL AND name = '') OR char_length(name) BETWEEN 2 AND 100) NOT VALID,
  ADD CONSTRAINT contact_submissions_email_check CHECK (
    (erased_at IS NOT NULL AND email = '')
    OR (char_length(email) BETWEEN 3 AND 254 AND email = lower(email) AND position('@' IN email) > 1)) NOT VALID,
  ADD CONSTRAINT contact_submissions_message_check CHECK (
    (erased_at IS NOT NULL AND message = '') OR char_length(message) BETWEEN 10 AND 5000) NOT VALID;
ALTER TABLE contact_submissions VALIDATE CONSTRAINT contact_submissions_name_check;
ALTER TABLE contact_submissions VALIDATE CONSTRAINT contact_submissions_email_check;
ALTER TABLE contact_submissions VALIDATE CONSTRAINT contact_submissions_message_check;

ALTER TABLE demo_requests
  DROP CONSTRAINT demo_requests_name_check,
  DROP CONSTRAINT demo_requests_email_check,
  ADD CONSTRAINT demo_requests_name_check CHECK (
    (erased_at IS NOT NULL AND name = '') OR char_length(name) BETWEEN 2 AND 100) NOT VALID,
  ADD CONSTRAINT demo_requests_email_check CHECK (
    (erased_at IS NOT NULL AND email = '')
    OR (char_length(email) BETWEEN 3 AND 254 AND email = lower(email) AND position('@' IN email) > 1)) NOT VALID;
ALTER TABLE demo_requests VALIDATE CONSTRAINT demo_requests_name_check;
ALTER TABLE demo_requests VALIDATE CONSTRAINT demo_requests_email_check;

ALTER TABLE get_started_requests
  DROP CONSTRAINT get_started_requests_name_check,
  DROP CONSTRAINT get_started_requests_email_check,
  ADD CONSTRAINT get_started_requests_name_check CHECK (
    (erased_at IS NOT NULL AND name = '') OR char_length(name) BETWEEN 2 AND 100) NOT VALID,
  ADD CONSTRAINT get_started_requests_email_check CHECK (
    (erased_at IS NOT NULL AND email = '')
    OR (char_length(email) BETWEEN 3 AND 254 AND email = lower(email) AND position('@' IN email) > 1)) NOT VALID;
ALTER TABLE get_started_requests VALIDATE CONSTRAINT get_started_requests_name_check;
ALTER TABLE get_started_requests VALIDATE CONSTRAINT get_started_requests_email_check;

-- Finding a person is an exact match on the stored (lower-cased) address; the trigram index serves
-- substrings only. Retention walks each table by age among rows not yet erased.
CREATE INDEX contact_submissions_email_idx ON contact_submissions (email);
CREATE INDEX demo_requests_email_idx ON demo_requests (email);
CREATE INDEX get_started_requests_email_idx ON get_started_requests (email);
CREATE INDEX contact_submissions_unerased_idx ON contact_submissions (created_at, id) WHERE erased_at IS NULL;
CREATE INDEX demo_requests_unerased_idx ON demo_requests (created_at, id) WHERE erased_at IS NULL;
CREATE INDEX get_started_requests_unerased_idx ON get_started_requests (created_at, id) WHERE erased_at IS NULL;
-- Newsletter retention: sign-ups never confirmed, and subscriptions ended, by age.
CREATE INDEX newsletter_subscribers_status_idx ON newsletter_subscribers (status, created_at);
-- Email and webhook retention walk their tables by age.
CREATE INDEX mail_messages_sent_idx ON mail_messages (sent_at) WHERE html IS NOT NULL OR body_text IS NOT NULL;

-- An erased lead's emails keep their row (template, dates, status) without their content, and are
-- never sent again (the desk's "send again" refuses them).
ALTER TABLE mail_messages ADD COLUMN erased_at timestamptz;

-- A lead's notes lose their text when the lead is erased. The notes' rule (append-only, deleted
-- only by their author) has one more exception, like the audit log's: a transaction that first
-- runs `SET LOCAL lead_desk.erasure = 'on'` (the erasure and the retention job, nothing else) may
-- empty a note's text and set erased_at, and only that.
ALTER TABLE lead_notes ADD COLUMN erased_at timestamptz;
ALTER TABLE lead_notes
  DROP CONSTRAINT lead_notes_check1,
  ADD CONSTRAINT lead_notes_text_check CHECK ((body IS NULL) = (deleted_at IS NOT NULL OR erased_at IS NOT NULL));

CREATE OR REPLACE FUNCTION lead_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL AND NEW.body IS NULL
     AND NEW.erased_at IS NOT DISTINCT FROM OLD.erased_at
     AND NEW.id = OLD.id AND NEW.lead_kind = OLD.lead_kind AND NEW.lead_id = OLD.lead_id
     AND NEW.author_id = OLD.author_id AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('lead_desk.erasure', true) = 'on'
     AND OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL AND NEW.body IS NULL
     AND NEW.deleted_at IS NOT DISTINCT FROM OLD.deleted_at AND NEW.deleted_by IS NOT DISTINCT FROM OLD.deleted_by
     AND NEW.id = OLD.id AND NEW.lead_kind = OLD.lead_kind AND NEW.lead_id = OLD.lead_id
     AND NEW.author_id = OLD.author_id AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'lead notes are append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

-- person.erased (docs/webhooks.md): the lead ids of an erased person, so connected tools erase
-- too. An erased event keeps its type, lead and time, without its data.
ALTER TABLE webhook_endpoints
  DROP CONSTRAINT webhook_endpoints_events_check,
  ADD CONSTRAINT webhook_endpoints_events_check CHECK (cardinality(events) > 0 AND events <@ ARRAY[
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed', 'newsletter.unsubscribed',
    'lead.assigned', 'person.erased']);
ALTER TABLE webhook_events ADD COLUMN erased_at timestamptz;
CREATE INDEX webhook_events_created_idx ON webhook_events (created_at) WHERE erased_at IS NULL;
ALTER TABLE webhook_events
  DROP CONSTRAINT webhook_events_type_check,
  DROP CONSTRAINT webhook_events_check,
  ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed',
    'newsletter.unsubscribed', 'webhook.test', 'lead.assigned', 'person.erased')),
  ADD CONSTRAINT webhook_events_data_check CHECK (
    CASE WHEN erased_at IS NULL THEN (data IS NULL) <> (lead_row IS NULL) ELSE data IS NULL AND lead_row IS NULL END);

-- Down Migration
ALTER TABLE webhook_events
  DROP CONSTRAINT webhook_events_data_check,
  DROP CONSTRAINT webhook_events_type_check,
  ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed',
    'newsletter.unsubscribed', 'webhook.test', 'lead.assigned')) NOT VALID,
  ADD CONSTRAINT webhook_events_check CHECK ((data IS NULL) <> (lead_row IS NULL)) NOT VALID;
ALTER TABLE webhook_events DROP COLUMN erased_at;
ALTER TABLE webhook_endpoints
  DROP CONSTRAINT webhook_endpoints_events_check,
  ADD CONSTRAINT webhook_endpoints_events_check CHECK (cardinality(events) > 0 AND events <@ ARRAY[
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed', 'newsletter.unsubscribed',
    'lead.assigned']) NOT VALID;
CREATE OR REPLACE FUNCTION lead_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL AND NEW.body IS NULL
     AND NEW.id = OLD.id AND NEW.lead_kind = OLD.lead_kind AND NEW.lead_id = OLD.lead_id
     AND NEW.author_id = OLD.author_id AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'lead notes are append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
ALTER TABLE lead_notes
  DROP CONSTRAINT lead_notes_text_check,
  ADD CONSTRAINT lead_notes_check1 CHECK ((body IS NULL) = (deleted_at IS NOT NULL)) NOT VALID;
ALTER TABLE lead_notes DROP COLUMN erased_at;
ALTER TABLE mail_messages DROP COLUMN erased_at;
DROP INDEX webhook_events_created_idx;
DROP INDEX mail_messages_sent_idx;
DROP INDEX newsletter_subscribers_status_idx;
DROP INDEX get_started_requests_unerased_idx;
DROP INDEX demo_requests_unerased_idx;
DROP INDEX contact_submissions_unerased_idx;
DROP INDEX get_started_requests_email_idx;
DROP INDEX demo_requests_email_idx;
DROP INDEX contact_submissions_email_idx;
ALTER TABLE get_started_requests DROP COLUMN erased_at;
ALTER TABLE demo_requests DROP COLUMN erased_at;
ALTER TABLE contact_submissions DROP COLUMN erased_at;
