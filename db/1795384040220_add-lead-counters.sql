-- Up Migration

-- Exact lead counts without count(*) over millions of rows: every insert, delete and truncate of
-- a lead table adjusts counters in the same transaction, so a count is always the table's own.
-- One counter row per table would make every concurrent insert wait for the previous one to
-- commit; instead each session adds to one of 64 slots chosen by its backend pid (concurrent
-- sessions almost never share one) and a read sums the slots. Per UTC day as well, for the
-- overview's 30-day chart.
CREATE TABLE lead_counts (
  lead_table text NOT NULL,
  slot smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (lead_table, slot)
) WITH (fillfactor = 50);

CREATE TABLE lead_daily_counts (
  lead_table text NOT NULL,
  day date NOT NULL,
  slot smallint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (lead_table, day, slot)
) WITH (fillfactor = 70);

-- Statement-level, so a bulk insert costs one update per day touched, not one per row.
-- Rows are upserted in key order so two bulk statements sharing a slot cannot deadlock.
CREATE FUNCTION count_lead_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_sign constant int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
  v_slot constant smallint := pg_backend_pid() % 64;
BEGIN
  INSERT INTO lead_counts AS c (lead_table, slot, n)
  SELECT TG_TABLE_NAME, v_slot, v_sign * count(*) FROM changed_rows HAVING count(*) > 0
  ON CONFLICT (lead_table, slot) DO UPDATE SET n = c.n + EXCLUDED.n;

  INSERT INTO lead_daily_counts AS d (lead_table, day, slot, n)
  SELECT TG_TABLE_NAME, (created_at AT TIME ZONE 'UTC')::date, v_slot, v_sign * count(*)
    FROM changed_rows GROUP BY 2 ORDER BY 2
  ON CONFLICT (lead_table, day, slot) DO UPDATE SET n = d.n + EXCLUDED.n;
  RETURN NULL;
END $$;

-- The app never changes created_at; a manual fix that does moves the row between days.
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

CREATE FUNCTION forget_lead_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_counts WHERE lead_table = TG_TABLE_NAME;
  DELETE FROM lead_daily_counts WHERE lead_table = TG_TABLE_NAME;
  RETURN NULL;
END $$;

-- Creating a trigger locks its table against writes until this migration commits, so the
-- starting counts below are exact even while the site takes leads.
CREATE TRIGGER contact_submissions_count_inserts AFTER INSERT ON contact_submissions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE TRIGGER contact_submissions_count_deletes AFTER DELETE ON contact_submissions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE TRIGGER contact_submissions_move_day AFTER UPDATE OF created_at ON contact_submissions
  FOR EACH ROW WHEN ((OLD.created_at AT TIME ZONE 'UTC')::date <> (NEW.created_at AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION move_lead_day();
CREATE TRIGGER contact_submissions_forget_counts AFTER TRUNCATE ON contact_submissions
  FOR EACH STATEMENT EXECUTE FUNCTION forget_lead_counts();

CREATE TRIGGER demo_requests_count_inserts AFTER INSERT ON demo_requests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE TRIGGER demo_requests_count_deletes AFTER DELETE ON demo_requests
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE TRIGGER demo_requests_move_day AFTER UPDATE OF created_at ON demo_requests
  FOR EACH ROW WHEN ((OLD.created_at AT TIME ZONE 'UTC')::date <> (NEW.created_at AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION move_lead_day();
CREATE TRIGGER demo_requests_forget_counts AFTER TRUNCATE ON demo_requests
  FOR EACH STATEMENT EXECUTE FUNCTION forget_lead_counts();

CREATE TRIGGER get_started_requests_count_inserts AFTER INSERT ON get_started_requests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE TRIGGER get_started_requests_count_deletes AFTER DELETE ON get_started_requests
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE TRIGGER get_started_requests_move_day AFTER UPDATE OF created_at ON get_started_requests
  FOR EACH ROW WHEN ((OLD.created_at AT TIME ZONE 'UTC')::date <> (NEW.created_at AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION move_lead_day();
CREATE TRIGGER get_started_requests_forget_counts AFTER TRUNCATE ON get_started_requests
  FOR EACH STATEMENT EXECUTE FUNCTION forget_lead_counts();

CREATE TRIGGER newsletter_subscribers_count_inserts AFTER INSERT ON newsletter_subscribers
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE TRIGGER newsletter_subscribers_count_deletes AFTER DELETE ON newsletter_subscribers
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE TRIGGER newsletter_subscribers_move_day AFTER UPDATE OF created_at ON newsletter_subscribers
  FOR EACH ROW WHEN ((OLD.created_at AT TIME ZONE 'UTC')::date <> (NEW.created_at AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION move_lead_day();
CREATE TRIGGER newsletter_subscribers_forget_counts AFTER TRUNCATE ON newsletter_subscribers
  FOR EACH STATEMENT EXECUTE FUNCTION forget_lead_counts();

INSERT INTO lead_counts (lead_table, slot, n)
SELECT 'contact_submissions', 0, count(*) FROM contact_submissions
UNION ALL SELECT 'demo_requests', 0, count(*) FROM demo_requests
UNION ALL SELECT 'get_started_requests', 0, count(*) FROM get_started_requests
UNION ALL SELECT 'newsletter_subscribers', 0, count(*) FROM newsletter_subscribers;

INSERT INTO lead_daily_counts (lead_table, day, slot, n)
SELECT 'contact_submissions', (created_at AT TIME ZONE 'UTC')::date, 0, count(*) FROM contact_submissions GROUP BY 2
UNION ALL
SELECT 'demo_requests', (created_at AT TIME ZONE 'UTC')::date, 0, count(*) FROM demo_requests GROUP BY 2
UNION ALL
SELECT 'get_started_requests', (created_at AT TIME ZONE 'UTC')::date, 0, count(*) FROM get_started_requests GROUP BY 2
UNION ALL
SELECT 'newsletter_subscribers', (created_at AT TIME ZONE 'UTC')::date, 0, count(*) FROM newsletter_subscribers GROUP BY 2;

-- Down Migration
DROP TRIGGER newsletter_subscribers_forget_counts ON newsletter_subscribers;
DROP TRIGGER newsletter_subscribers_move_day ON newsletter_subscribers;
DROP TRIGGER newsletter_subscribers_count_deletes ON newsletter_subscribers;
DROP TRIGGER newsletter_subscribers_count_inserts ON newsletter_subscribers;
DROP TRIGGER get_started_requests_forget_counts ON get_started_requests;
DROP TRIGGER get_started_requests_move_day ON get_started_requests;
DROP TRIGGER get_started_requests_count_deletes ON get_started_requests;
DROP TRIGGER get_started_requests_count_inserts ON get_started_requests;
DROP TRIGGER demo_requests_forget_counts ON demo_requests;
DROP TRIGGER demo_requests_move_day ON demo_requests;
DROP TRIGGER demo_requests_count_deletes ON demo_requests;
DROP TRIGGER demo_requests_count_inserts ON demo_requests;
DROP TRIGGER contact_submissions_forget_counts ON contact_submissions;
DROP TRIGGER contact_submissions_move_day ON contact_submissions;
DROP TRIGGER contact_submissions_count_deletes ON contact_submissions;
DROP TRIGGER contact_submissions_count_inserts ON contact_submissions;
DROP FUNCTION forget_lead_counts();
DROP FUNCTION move_lead_day();
DROP FUNCTION count_lead_rows();
DROP TABLE lead_daily_counts;
DROP TABLE lead_counts;
