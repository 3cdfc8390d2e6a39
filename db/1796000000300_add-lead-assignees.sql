-- Up Migration

-- Lead assignment (docs/product.md#assignment): every lead has at most one assignee, an account
-- of the team. No cascade: accounts are deactivated, never deleted, and their leads stay theirs.
ALTER TABLE contact_submissions ADD COLUMN assignee_id bigint REFERENCES admin_users (id);
ALTER TABLE demo_requests ADD COLUMN assignee_id bigint REFERENCES admin_users (id);
ALTER TABLE get_started_requests ADD COLUMN assignee_id bigint REFERENCES admin_users (id);
ALTER TABLE newsletter_subscribers ADD COLUMN assignee_id bigint REFERENCES admin_users (id);

-- The lists' "Mine", "Assigned to ..." and "Unassigned" pages, newest first: one index per table
-- serves all three (a btree keeps NULLs, and `assignee_id IS NULL` reads them in order).
CREATE INDEX contact_submissions_assignee_idx ON contact_submissions (assignee_id, created_at DESC, id DESC);
CREATE INDEX demo_requests_assignee_idx ON demo_requests (assignee_id, created_at DESC, id DESC);
CREATE INDEX get_started_requests_assignee_idx ON get_started_requests (assignee_id, created_at DESC, id DESC);
CREATE INDEX newsletter_subscribers_assignee_idx ON newsletter_subscribers (assignee_id, created_at DESC, id DESC);

-- The address an "assigned to you" email goes to. The invitation flow fills it; an account made on
-- the command line may have none, and its assignment emails are then held (docs/product.md#assignment).
ALTER TABLE admin_users ADD COLUMN IF NOT EXISTS email text;

-- Leads per assignee (0 = unassigned) and table, and how many of them are open, kept like
-- lead_counts (add-lead-counters migration): statement-level triggers, 64 slots by backend pid so
-- concurrent writers do not wait for each other, a read sums the slots. They give the filtered
-- lists their totals and the automatic assignment its "fewest open leads" without counting rows.
-- last_assigned_at: when the slot last received a lead (the tie-break of least-open).
CREATE TABLE assignee_counts (
  assignee_id bigint NOT NULL,
  lead_table text NOT NULL,
  slot smallint NOT NULL,
  leads bigint NOT NULL,
  open_leads bigint NOT NULL,
  last_assigned_at timestamptz,
  PRIMARY KEY (assignee_id, lead_table, slot)
) WITH (fillfactor = 50);

-- Whether a lead still needs work (docs/product.md#assignment): a contact message always (it has
-- no status), a demo or get-started request until it reaches a final status, a subscriber never.
CREATE FUNCTION lead_is_open(p_table text, p_status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_table
    WHEN 'contact_submissions' THEN true
    WHEN 'demo_requests' THEN p_status IN ('pending', 'confirmed')
    WHEN 'get_started_requests' THEN p_status IN ('pending', 'contacted')
    ELSE false
  END
$$;

-- One function for inserts, updates and deletes: each row leaves its old (assignee, open) and
-- joins its new one; rows whose assignee and openness did not change are left out, so a status
-- edit of an unassigned lead or an invitation change costs one empty join. Upserted in key order
-- so two bulk statements sharing a slot cannot deadlock.
CREATE FUNCTION count_assignees() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_slot constant smallint := pg_backend_pid() % 64;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO assignee_counts AS c (assignee_id, lead_table, slot, leads, open_leads, last_assigned_at)
    SELECT coalesce(n.assignee_id, 0), TG_TABLE_NAME, v_slot, count(*),
           count(*) FILTER (WHERE lead_is_open(TG_TABLE_NAME, to_jsonb(n) ->> 'status')),
           CASE WHEN n.assignee_id IS NOT NULL THEN clock_timestamp() END
      FROM new_rows n GROUP BY n.assignee_id ORDER BY 1
    ON CONFLICT (assignee_id, lead_table, slot) DO UPDATE
      SET leads = c.leads + EXCLUDED.leads, open_leads = c.open_leads + EXCLUDED.open_leads,
          last_assigned_at = greatest(c.last_assigned_at, EXCLUDED.last_assigned_at);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO assignee_counts AS c (assignee_id, lead_table, slot, leads, open_leads)
    SELECT coalesce(o.assignee_id, 0), TG_TABLE_NAME, v_slot, -count(*),
           -count(*) FILTER (WHERE lead_is_open(TG_TABLE_NAME, to_jsonb(o) ->> 'status'))
      FROM old_rows o GROUP BY o.assignee_id ORDER BY 1
    ON CONFLICT (assignee_id, lead_table, slot) DO UPDATE
      SET leads = c.leads + EXCLUDED.leads, open_leads = c.open_leads + EXCLUDED.open_leads;
  ELSE
    INSERT INTO assignee_counts AS c (assignee_id, lead_table, slot, leads, open_leads, last_assigned_at)
    SELECT who, TG_TABLE_NAME, v_slot, sum(leads), sum(open), max(assigned_at)
      FROM (
        SELECT coalesce(o.assignee_id, 0) AS who, -1 AS leads,
               -(lead_is_open(TG_TABLE_NAME, to_jsonb(o) ->> 'status'))::int AS open,
               NULL::timestamptz AS assigned_at,
               o.id
          FROM old_rows o
        UNION ALL
        SELECT coalesce(n.assignee_id, 0), 1,
               (lead_is_open(TG_TABLE_NAME, to_jsonb(n) ->> 'status'))::int,
               CASE WHEN n.assignee_id IS NOT NULL THEN clock_timestamp() END,
               n.id
          FROM new_rows n
      ) moves
     WHERE id IN (
       SELECT n.id FROM new_rows n JOIN old_rows o USING (id)
        WHERE n.assignee_id IS DISTINCT FROM o.assignee_id
           OR lead_is_open(TG_TABLE_NAME, to_jsonb(n) ->> 'status')
              <> lead_is_open(TG_TABLE_NAME, to_jsonb(o) ->> 'status'))
     GROUP BY who
    HAVING sum(leads) <> 0 OR sum(open) <> 0 OR max(assigned_at) IS NOT NULL
     ORDER BY who
    ON CONFLICT (assignee_id, lead_table, slot) DO UPDATE
      SET leads = c.leads + EXCLUDED.leads, open_leads = c.open_leads + EXCLUDED.open_leads,
          last_assigned_at = greatest(c.last_assigned_at, EXCLUDED.last_assigned_at);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION forget_assignee_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM assignee_counts WHERE lead_table = TG_TABLE_NAME;
  RETURN NULL;
END $$;

CREATE TRIGGER contact_submissions_count_assignee_inserts AFTER INSERT ON contact_submissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER contact_submissions_count_assignee_updates AFTER UPDATE ON contact_submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER contact_submissions_count_assignee_deletes AFTER DELETE ON contact_submissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER contact_submissions_forget_assignee_counts AFTER TRUNCATE ON contact_submissions
  FOR EACH STATEMENT EXECUTE FUNCTION forget_assignee_counts();

CREATE TRIGGER demo_requests_count_assignee_inserts AFTER INSERT ON demo_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER demo_requests_count_assignee_updates AFTER UPDATE ON demo_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER demo_requests_count_assignee_deletes AFTER DELETE ON demo_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER demo_requests_forget_assignee_counts AFTER TRUNCATE ON demo_requests
  FOR EACH STATEMENT EXECUTE FUNCTION forget_assignee_counts();

CREATE TRIGGER get_started_requests_count_assignee_inserts AFTER INSERT ON get_started_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER get_started_requests_count_assignee_updates AFTER UPDATE ON get_started_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER get_started_requests_count_assignee_deletes AFTER DELETE ON get_started_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER get_started_requests_forget_assignee_counts AFTER TRUNCATE ON get_started_requests
  FOR EACH STATEMENT EXECUTE FUNCTION forget_assignee_counts();

CREATE TRIGGER newsletter_subscribers_count_assignee_inserts AFTER INSERT ON newsletter_subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER newsletter_subscribers_count_assignee_updates AFTER UPDATE ON newsletter_subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER newsletter_subscribers_count_assignee_deletes AFTER DELETE ON newsletter_subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_assignees();
CREATE TRIGGER newsletter_subscribers_forget_assignee_counts AFTER TRUNCATE ON newsletter_subscribers
  FOR EACH STATEMENT EXECUTE FUNCTION forget_assignee_counts();

-- Every lead is unassigned so far; the triggers above lock the tables until this commits.
INSERT INTO assignee_counts (assignee_id, lead_table, slot, leads, open_leads)
SELECT 0, 'contact_submissions', 0, count(*), count(*) FROM contact_submissions
UNION ALL SELECT 0, 'demo_requests', 0, count(*), count(*) FILTER (WHERE lead_is_open('demo_requests', status)) FROM demo_requests
UNION ALL SELECT 0, 'get_started_requests', 0, count(*), count(*) FILTER (WHERE lead_is_open('get_started_requests', status)) FROM get_started_requests
UNION ALL SELECT 0, 'newsletter_subscribers', 0, count(*), 0 FROM newsletter_subscribers;

-- The "assigned to you" email, and the lead.assigned webhook event.
ALTER TABLE mail_messages DROP CONSTRAINT mail_messages_template_check;
ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_template_check CHECK (template IN (
  'sales-alert', 'acknowledgment', 'demo-invitation', 'demo-cancellation', 'newsletter-confirmation',
  'lead-assigned'));
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check CHECK (
  cardinality(events) > 0 AND events <@ ARRAY[
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed', 'newsletter.unsubscribed',
    'lead.assigned']);
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed',
  'newsletter.unsubscribed', 'webhook.test', 'lead.assigned'));

-- What follows one assignment change of some leads of one kind, in the change's transaction
-- (docs/product.md#assignment): each lead's history says who assigned it to whom (p_actor NULL:
-- the automatic assignment), the new assignee is emailed unless they assigned it to themself or
-- p_mail is off (reassigning a whole book), and lead.assigned goes to subscribed webhooks. The
-- desk's changes and the automatic assignment of new leads (trigger below) both come here, each
-- lead with its own previous and new assignee, a whole batch in a few set-based statements.
CREATE FUNCTION record_assignments(
  p_kind text, p_ids bigint[], p_previous bigint[], p_assignees bigint[], p_actor bigint, p_mail boolean
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_actor text;
BEGIN
  SELECT username INTO v_actor FROM admin_users WHERE id = p_actor;
  WITH changed AS (
    SELECT c.id, c.prev, c.who, t.username AS to_name, t.email AS to_email, p.username AS prev_name
      FROM unnest(p_ids, p_previous, p_assignees) AS c (id, prev, who)
      LEFT JOIN admin_users t ON t.id = c.who
      LEFT JOIN admin_users p ON p.id = c.prev
  ),
  events AS (
    INSERT INTO lead_events (lead_kind, lead_id, type, actor, detail)
    SELECT p_kind, c.id, CASE WHEN c.who IS NULL THEN 'unassigned' ELSE 'assigned' END, v_actor,
           jsonb_build_object('text',
             CASE WHEN c.who IS NULL THEN 'Was ' || coalesce(c.prev_name, 'nobody')
                  ELSE 'To ' || c.to_name || CASE WHEN p_actor IS NULL THEN ' (automatic)' ELSE '' END END)
      FROM changed c
     ORDER BY c.id
    RETURNING id, lead_id
  )
  INSERT INTO mail_messages (lead_kind, lead_id, template, revision, params)
  SELECT p_kind, e.lead_id, 'lead-assigned', e.id,
         jsonb_build_object('assigneeId', c.who, 'username', c.to_name, 'email', c.to_email, 'by', v_actor)
    FROM events e JOIN changed c ON c.id = e.lead_id
   WHERE p_mail AND c.who IS NOT NULL AND c.who IS DISTINCT FROM p_actor
   ORDER BY e.lead_id;

  IF EXISTS (SELECT FROM webhook_subscribers('lead.assigned', p_kind)) THEN
    WITH events AS (
      INSERT INTO webhook_events (type, lead_kind, lead_id, data)
      SELECT 'lead.assigned', p_kind, c.id, jsonb_build_object(
               'kind', p_kind, 'leadId', c.id,
               'assignee', CASE WHEN c.who IS NULL THEN NULL
                                ELSE jsonb_build_object('id', c.who, 'username', t.username) END,
               'previousAssignee', CASE WHEN c.prev IS NULL THEN NULL
                                        ELSE jsonb_build_object('id', p.id, 'username', p.username) END,
               'by', CASE WHEN p_actor IS NULL THEN NULL
                          ELSE jsonb_build_object('id', p_actor, 'username', v_actor) END)
        FROM unnest(p_ids, p_previous, p_assignees) AS c (id, prev, who)
        LEFT JOIN admin_users t ON t.id = c.who
        LEFT JOIN admin_users p ON p.id = c.prev
       ORDER BY c.id
      RETURNING id
    )
    INSERT INTO webhook_outbox (event_id) SELECT id FROM events;
  END IF;
END $$;

-- New leads the automatic assignment gave an assignee (LEAD_AUTO_ASSIGN=least-open, see
-- api/src/leads/leads.repo.ts) get the same history, email and webhook as a desk assignment, and an
-- audit entry by `system`, in the insert's own transaction: one call for the whole statement.
-- Costs one look at the batch otherwise.
CREATE FUNCTION record_auto_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[];
  v_assignees bigint[];
BEGIN
  SELECT array_agg(id ORDER BY id), array_agg(assignee_id ORDER BY id) INTO v_ids, v_assignees
    FROM new_leads WHERE assignee_id IS NOT NULL;
  IF v_ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM record_assignments(TG_ARGV[0], v_ids, array_fill(NULL::bigint, ARRAY[cardinality(v_ids)]),
                             v_assignees, NULL, true);
  INSERT INTO audit_entries (actor_kind, action, target_type, target_id, changes, details)
  SELECT 'system', 'lead.assigned', TG_ARGV[0], c.id::text,
         jsonb_build_object('assignee', jsonb_build_object('from', NULL, 'to', c.who)),
         '{"automatic": true}'
    FROM unnest(v_ids, v_assignees) AS c (id, who);
  RETURN NULL;
END $$;

CREATE TRIGGER contact_submissions_auto_assignments AFTER INSERT ON contact_submissions
  REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION record_auto_assignments('contact');
CREATE TRIGGER demo_requests_auto_assignments AFTER INSERT ON demo_requests
  REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION record_auto_assignments('demo');
CREATE TRIGGER get_started_requests_auto_assignments AFTER INSERT ON get_started_requests
  REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION record_auto_assignments('get-started');

-- Down Migration
DROP TRIGGER get_started_requests_auto_assignments ON get_started_requests;
DROP TRIGGER demo_requests_auto_assignments ON demo_requests;
DROP TRIGGER contact_submissions_auto_assignments ON contact_submissions;
DROP FUNCTION record_auto_assignments();
DROP FUNCTION record_assignments(text, bigint[], bigint[], bigint[], bigint, boolean);
ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed',
  'newsletter.unsubscribed', 'webhook.test'));
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check CHECK (
  cardinality(events) > 0 AND events <@ ARRAY[
    'lead.created', 'lead.status_changed', 'demo.scheduled', 'newsletter.confirmed', 'newsletter.unsubscribed']);
ALTER TABLE mail_messages DROP CONSTRAINT mail_messages_template_check;
ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_template_check CHECK (template IN (
  'sales-alert', 'acknowledgment', 'demo-invitation', 'demo-cancellation', 'newsletter-confirmation'));
DROP TABLE assignee_counts;
DROP FUNCTION forget_assignee_counts() CASCADE;
DROP FUNCTION count_assignees() CASCADE;
DROP FUNCTION lead_is_open(text, text);
ALTER TABLE newsletter_subscribers DROP COLUMN assignee_id;
ALTER TABLE get_started_requests DROP COLUMN assignee_id;
ALTER TABLE demo_requests DROP COLUMN assignee_id;
ALTER TABLE contact_submissions DROP COLUMN assignee_id;
