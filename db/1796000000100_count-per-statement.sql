-- Up Migration

-- Counters touched once per statement, not once per row. A row trigger that upserts one shared
-- counter row makes each upsert step over every version of that row the statement made before it,
-- so one statement writing n rows took time in n² (50,000 active subscribers inserted at once: half
-- a minute). The active-subscriber count and the per-day move of a lead whose created_at changes
-- now read the statement's transition tables, as the lead counters always have (see the
-- add-lead-counters migration). A trigger with transition tables cannot name columns, so the
-- update triggers fire on any update and look at the rows themselves: an update that changes
-- neither status nor day writes nothing.

CREATE FUNCTION count_active_subscriber_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO v_delta FROM new_rows WHERE status = 'active';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) INTO v_delta FROM old_rows WHERE status = 'active';
  ELSE
    SELECT (SELECT count(*) FROM new_rows WHERE status = 'active')
         - (SELECT count(*) FROM old_rows WHERE status = 'active') INTO v_delta;
  END IF;
  IF v_delta <> 0 THEN
    INSERT INTO lead_counts AS c (lead_table, slot, n)
    VALUES ('newsletter_subscribers:active', pg_backend_pid() % 64, v_delta)
    ON CONFLICT (lead_table, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;

-- Each updated row leaves its old day and joins its new one; the sums per day are the net moves,
-- upserted in key order (as count_lead_rows does) so two bulk statements cannot deadlock.
CREATE FUNCTION move_lead_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_daily_counts AS d (lead_table, day, slot, n)
  SELECT TG_TABLE_NAME, day, pg_backend_pid() % 64, sum(delta)
    FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, -1 AS delta FROM old_rows
          UNION ALL
          SELECT (created_at AT TIME ZONE 'UTC')::date, 1 FROM new_rows) moves
   GROUP BY day HAVING sum(delta) <> 0
   ORDER BY day
  ON CONFLICT (lead_table, day, slot) DO UPDATE SET n = d.n + EXCLUDED.n;
  RETURN NULL;
END $$;

DROP TRIGGER newsletter_subscribers_count_active ON newsletter_subscribers;
CREATE TRIGGER newsletter_subscribers_count_active_inserts AFTER INSERT ON newsletter_subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_active_subscriber_rows();
CREATE TRIGGER newsletter_subscribers_count_active_updates AFTER UPDATE ON newsletter_subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_active_subscriber_rows();
CREATE TRIGGER newsletter_subscribers_count_active_deletes AFTER DELETE ON newsletter_subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_active_subscriber_rows();
DROP FUNCTION count_active_subscribers();

DROP TRIGGER contact_submissions_move_day ON contact_submissions;
CREATE TRIGGER contact_submissions_move_day AFTER UPDATE ON contact_submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_lead_days();
DROP TRIGGER demo_requests_move_day ON demo_requests;
CREATE TRIGGER demo_requests_move_day AFTER UPDATE ON demo_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_lead_days();
DROP TRIGGER get_started_requests_move_day ON get_started_requests;
CREATE TRIGGER get_started_requests_move_day AFTER UPDATE ON get_started_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_lead_days();
DROP TRIGGER newsletter_subscribers_move_day ON newsletter_subscribers;
CREATE TRIGGER newsletter_subscribers_move_day AFTER UPDATE ON newsletter_subscribers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_lead_days();
DROP FUNCTION move_lead_day();

-- Down Migration
CREATE FUNCTION move_lead_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_slot constant smallint := pg_backend_pid() % 64;
BEGIN
  INSERT INTO lead_daily_counts AS d (lead_table, day, slot, n)
  SELECT TG_TABLE_NAME, v.day, v_slot, v.delta
    FROM (VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, -1),
                 ((NEW.created_at AT TIME ZONE 'UTC')::date, 1)) v (day, delta)
   ORDER BY day
  ON CONFLICT (lead_table, day, slot) DO UPDATE SET n = d.n + EXCLUDED.n;
  RETURN NULL;
END $$;
DROP TRIGGER newsletter_subscribers_move_day ON newsletter_subscribers;
DROP TRIGGER get_started_requests_move_day ON get_started_requests;
DROP TRIGGER demo_requests_move_day ON demo_requests;
DROP TRIGGER contact_submissions_move_day ON contact_submissions;
CREATE TRIGGER contact_submissions_move_day AFTER UPDATE OF created_at ON contact_submissions
  FOR EACH ROW WHEN ((OLD.created_at AT TIME ZONE 'UTC')::date <> (NEW.created_at AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION move_lead_day();
CREATE TRIGGER demo_requests_move_day AFTER UPDATE OF created_at ON demo_requests
  FOR EACH ROW WHEN ((OLD.created_at AT TIME ZONE 'UTC')::date <> (NEW.created_at AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION move_lead_day();
CREATE TRIGGER get_started_requests_move_day AFTER UPDATE OF created_at ON get_started_requests
  FOR EACH ROW WHEN ((OLD.created_at AT TIME ZONE 'UTC')::date <> (NEW.created_at AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION move_lead_day();
CREATE TRIGGER newsletter_subscribers_move_day AFTER UPDATE OF created_at ON newsletter_subscribers
  FOR EACH ROW WHEN ((OLD.created_at AT TIME ZONE 'UTC')::date <> (NEW.created_at AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION move_lead_day();
DROP FUNCTION move_lead_days();

CREATE FUNCTION count_active_subscribers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_delta int := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN v_delta := v_delta + 1; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN v_delta := v_delta - 1; END IF;
  IF v_delta <> 0 THEN
    INSERT INTO lead_counts AS c (lead_table, slot, n)
    VALUES ('newsletter_subscribers:active', pg_backend_pid() % 64, v_delta)
    ON CONFLICT (lead_table, slot) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER newsletter_subscribers_count_active_deletes ON newsletter_subscribers;
DROP TRIGGER newsletter_subscribers_count_active_updates ON newsletter_subscribers;
DROP TRIGGER newsletter_subscribers_count_active_inserts ON newsletter_subscribers;
CREATE TRIGGER newsletter_subscribers_count_active
  AFTER INSERT OR UPDATE OF status OR DELETE ON newsletter_subscribers
  FOR EACH ROW EXECUTE FUNCTION count_active_subscribers();
DROP FUNCTION count_active_subscriber_rows();
