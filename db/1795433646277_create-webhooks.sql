-- Up Migration

-- Signed webhooks (docs/webhooks.md, docs/product.md#webhooks). An event is written in the same
-- transaction as the change that causes it, with a row in webhook_outbox: together the durable
-- promise to deliver it. The relay (api/src/webhooks/relay.ts) takes outbox rows about every
-- 100 ms, writes a delivery per subscribed endpoint and adds their graphile-worker jobs (schema
-- graphile_worker, installed by api/src/jobs/queue.ts), many deliveries per job. Jobs are not
-- added in the change's transaction: graphile_worker.add_jobs runs NOTIFY, and PostgreSQL commits
-- notifying transactions one at a time (measured here: 221 single-lead inserts a second with a
-- NOTIFY, 2,203 without; docs/operations.md#webhooks). Deliveries are not written there either:
-- the lead's transaction writes two small rows per lead, and the relay the rest in bulk. Nothing
-- here runs while no endpoint is subscribed.

CREATE TABLE webhook_endpoints (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
  events text[] NOT NULL CHECK (cardinality(events) > 0 AND events <@ ARRAY[
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed', 'newsletter.unsubscribed']),
  -- Lead kinds whose lead.* events the endpoint wants; empty means every kind.
  lead_kinds text[] NOT NULL DEFAULT '{}' CHECK (lead_kinds <@ ARRAY['contact', 'demo', 'get-started', 'newsletter']),
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text CHECK (disabled_reason IN ('manual', 'failing')),
  disabled_at timestamptz,
  -- The first failed attempt since the last success; 5 days of it disables the endpoint.
  failing_since timestamptz,
  -- `whsec_` secrets: the server signs with them, so they are kept as they are (never answered again).
  secret text NOT NULL,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (enabled = (disabled_reason IS NULL))
);

-- One row per event; its id is the `webhook-id` header (`msg_` and its hex digits), the same on
-- every attempt and redelivery.
-- lead.created keeps the inserted row as to_jsonb wrote it (a trigger cannot build the API's
-- object; the worker turns it back into the table's row type and the kind's toApi, see
-- api/src/webhooks/payloads.ts); every other event keeps its `data` as sent.
CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN (
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed',
    'newsletter.unsubscribed', 'webhook.test')),
  lead_kind text CHECK (lead_kind IN ('contact', 'demo', 'get-started', 'newsletter')),
  lead_id bigint,
  data jsonb,
  lead_row jsonb,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((data IS NULL) <> (lead_row IS NULL))
);
CREATE INDEX webhook_events_lead_idx ON webhook_events (lead_kind, lead_id) WHERE lead_id IS NOT NULL;

-- Events the relay has not fanned out yet. No foreign key: its check would lock each new event's
-- row in the lead's transaction; the relay simply finds nothing for an event deleted meanwhile.
CREATE TABLE webhook_outbox (
  event_id uuid PRIMARY KEY
);

-- No foreign key to webhook_endpoints on purpose: every delivery written would take a KEY SHARE
-- lock on its endpoint's row, and thousands of such lockers a second turn into multixact churn.
-- Deleting an endpoint deletes its deliveries in the same statement instead (endpoints.repo.ts),
-- and the worker drops one whose endpoint is gone.
CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  endpoint_id bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz DEFAULT clock_timestamp(),
  redelivery_of bigint REFERENCES webhook_deliveries (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);
CREATE INDEX webhook_deliveries_redelivery_idx ON webhook_deliveries (redelivery_of) WHERE redelivery_of IS NOT NULL;

CREATE TABLE webhook_attempts (
  delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL CHECK (attempt >= 1),
  started_at timestamptz NOT NULL,
  status_code integer,
  duration_ms integer NOT NULL CHECK (duration_ms >= 0),
  response_excerpt text NOT NULL DEFAULT '' CHECK (octet_length(response_excerpt) <= 4096),
  error text,
  PRIMARY KEY (delivery_id, attempt)
);

-- The enabled endpoints that want an event of this type (about a lead of this kind).
CREATE FUNCTION webhook_subscribers(p_type text, p_kind text) RETURNS SETOF bigint
LANGUAGE sql STABLE AS $$
  SELECT id FROM webhook_endpoints
   WHERE enabled AND p_type = ANY (events)
     AND (p_type NOT LIKE 'lead.%' OR cardinality(lead_kinds) = 0 OR p_kind = ANY (lead_kinds))
   ORDER BY id
$$;

-- Jobs for deliveries, due at p_run_at (now when null): one job per 100 deliveries, whose attempts
-- go out together and whose outcomes are recorded in one statement (api/src/webhooks/deliver.ts).
-- Called by the relay, a failed attempt (for its retry) and a redelivery, never in a lead's
-- transaction. The task's name is webhooks.tasks.ts's DELIVER_TASK. max_attempts counts
-- graphile-worker's own retries of a job that threw (the database was unreachable); an HTTP
-- failure is not a throw: the task records it and adds the next attempt's job itself, on the
-- product's schedule. PL/pgSQL, so the graphile_worker schema is looked up when a job is added,
-- not when this function is made.
CREATE FUNCTION webhook_enqueue(p_deliveries bigint[], p_run_at timestamptz DEFAULT NULL) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_jobs integer;
BEGIN
  IF coalesce(cardinality(p_deliveries), 0) = 0 THEN
    RETURN 0;
  END IF;
  SELECT count(*) INTO v_jobs FROM graphile_worker.add_jobs(ARRAY(
    SELECT ROW('webhook_deliver', json_build_object('deliveryIds', array_agg(d ORDER BY n)), NULL, p_run_at, 5,
               NULL, NULL, NULL)::graphile_worker.job_spec
      FROM unnest(p_deliveries) WITH ORDINALITY AS t (d, n)
     GROUP BY (n - 1) / 100));
  RETURN v_jobs;
END $$;

-- lead.created for every new lead, statement-level like the counters: a batch of leads (one
-- statement, see leads.repo.ts) gets its events and outbox rows in the same transaction, in two
-- more statements. With no subscribed endpoint it costs one look at a table of a few rows.
CREATE FUNCTION webhook_lead_created() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_kind constant text := TG_ARGV[0];
BEGIN
  IF NOT EXISTS (SELECT FROM webhook_subscribers('lead.created', v_kind)) THEN
    RETURN NULL;
  END IF;
  WITH events AS (
    INSERT INTO webhook_events (type, lead_kind, lead_id, lead_row, created_at)
    SELECT 'lead.created', v_kind, n.id, to_jsonb(n) - 'search_text', n.created_at FROM new_leads n
    RETURNING id
  )
  INSERT INTO webhook_outbox (event_id) SELECT id FROM events;
  RETURN NULL;
END $$;

CREATE TRIGGER contact_submissions_webhooks AFTER INSERT ON contact_submissions
  REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION webhook_lead_created('contact');
CREATE TRIGGER demo_requests_webhooks AFTER INSERT ON demo_requests
  REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION webhook_lead_created('demo');
CREATE TRIGGER get_started_requests_webhooks AFTER INSERT ON get_started_requests
  REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION webhook_lead_created('get-started');
CREATE TRIGGER newsletter_subscribers_webhooks AFTER INSERT ON newsletter_subscribers
  REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION webhook_lead_created('newsletter');

-- Down Migration
DROP TRIGGER newsletter_subscribers_webhooks ON newsletter_subscribers;
DROP TRIGGER get_started_requests_webhooks ON get_started_requests;
DROP TRIGGER demo_requests_webhooks ON demo_requests;
DROP TRIGGER contact_submissions_webhooks ON contact_submissions;
DROP FUNCTION webhook_lead_created();
DROP FUNCTION webhook_enqueue(bigint[], timestamptz);
DROP FUNCTION webhook_subscribers(text, text);
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_outbox;
DROP TABLE webhook_events;
DROP TABLE webhook_endpoints;
