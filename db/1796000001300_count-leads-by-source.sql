-- Up Migration

-- The overview's "Leads by source" (docs/product.md#attribution) read every lead of the last 30
-- days, some 100 ms at a hundred thousand leads a month. The daily counters now count each day's
-- leads by source as well, so it reads 30 days of counters like the chart beside it. A statement
-- still upserts one counter row per day (and now source) it touches: for a batch of new leads
-- that is almost always one. Newsletter subscribers have no source: theirs is ''.

-- A lead's source: its utm_source, else the referrer's host, else 'direct'. The desk's filter by
-- source uses the same function (api/src/leads/lead-kinds.ts SOURCE_SQL).
-- IMMUTABLE and a single expression: the planner inlines it where it is used.
CREATE FUNCTION lead_source(utm_source text, referrer text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN utm_source <> '' THEN utm_source
                WHEN referrer <> '' THEN regexp_replace(referrer, '^https?://', '')
                ELSE 'direct' END
  $$;

ALTER TABLE lead_daily_counts ADD COLUMN source text NOT NULL DEFAULT '';
ALTER TABLE lead_daily_counts DROP CONSTRAINT lead_daily_counts_pkey;
ALTER TABLE lead_daily_counts ADD PRIMARY KEY (lead_table, day, source, slot);

-- Inserts and deletes of contacts, demos and get-started requests, counted by day and source.
CREATE FUNCTION count_attributed_lead_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_sign constant int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
  v_slot constant smallint := pg_backend_pid() % 64;
BEGIN
  INSERT INTO lead_counts AS c (lead_table, slot, n)
  SELECT TG_TABLE_NAME, v_slot, v_sign * count(*) FROM changed_rows HAVING count(*) > 0
  ON CONFLICT (lead_table, slot) DO UPDATE SET n = c.n + EXCLUDED.n;

  INSERT INTO lead_daily_counts AS d (lead_table, day, source, slot, n)
  SELECT TG_TABLE_NAME, (created_at AT TIME ZONE 'UTC')::date, lead_source(utm_source, referrer), v_slot,
         v_sign * count(*)
    FROM changed_rows GROUP BY 2, 3 ORDER BY 2, 3
  ON CONFLICT (lead_table, day, source, slot) DO UPDATE SET n = d.n + EXCLUDED.n;
  RETURN NULL;
END $$;

-- An update that moves leads between days or sources (the app changes neither; a manual fix may).
CREATE FUNCTION move_attributed_lead_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_daily_counts AS d (lead_table, day, source, slot, n)
  SELECT TG_TABLE_NAME, day, source, pg_backend_pid() % 64, sum(delta)
    FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, lead_source(utm_source, referrer) AS source,
                 -1 AS delta FROM old_rows
          UNION ALL
          SELECT (created_at AT TIME ZONE 'UTC')::date, lead_source(utm_source, referrer), 1 FROM new_rows) moves
   GROUP BY day, source HAVING sum(delta) <> 0
   ORDER BY day, source
  ON CONFLICT (lead_table, day, source, slot) DO UPDATE SET n = d.n + EXCLUDED.n;
  RETURN NULL;
END $$;

-- The subscribers' counters keep their functions, which now name the key's source ('').
CREATE OR REPLACE FUNCTION count_lead_rows() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ON CONFLICT (lead_table, day, source, slot) DO UPDATE SET n = d.n + EXCLUDED.n;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION move_lead_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_daily_counts AS d (lead_table, day, slot, n)
  SELECT TG_TABLE_NAME, day, pg_backend_pid() % 64, sum(delta)
    FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, -1 AS delta FROM old_rows
          UNION ALL
          SELECT (created_at AT TIME ZONE 'UTC')::date, 1 FROM new_rows) moves
   GROUP BY day HAVING sum(delta) <> 0
   ORDER BY day
  ON CONFLICT (lead_table, day, source, slot) DO UPDATE SET n = d.n + EXCLUDED.n;
  RETURN NULL;
END $$;

-- Replacing the triggers locks each table against writes until this migration commits, so the
-- counts written after them are exact even while the site takes leads.
CREATE OR REPLACE TRIGGER contact_submissions_count_inserts AFTER INSERT ON contact_submissions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_attributed_lead_rows();
CREATE OR REPLACE TRIGGER contact_submissions_count_deletes AFTER DELETE ON contact_submissions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_attributed_lead_rows();
CREATE OR REPLACE TRIGGER contact_submissions_move_day AFTER UPDATE ON contact_submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_attributed_lead_days();
CREATE OR REPLACE TRIGGER demo_requests_count_inserts AFTER INSERT ON demo_requests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_attributed_lead_rows();
CREATE OR REPLACE TRIGGER demo_requests_count_deletes AFTER DELETE ON demo_requests
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_attributed_lead_rows();
CREATE OR REPLACE TRIGGER demo_requests_move_day AFTER UPDATE ON demo_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_attributed_lead_days();
CREATE OR REPLACE TRIGGER get_started_requests_count_inserts AFTER INSERT ON get_started_requests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_attributed_lead_rows();
CREATE OR REPLACE TRIGGER get_started_requests_count_deletes AFTER DELETE ON get_started_requests
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_attributed_lead_rows();
CREATE OR REPLACE TRIGGER get_started_requests_move_day AFTER UPDATE ON get_started_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_attributed_lead_days();

DELETE FROM lead_daily_counts WHERE lead_table IN ('contact_submissions', 'demo_requests', 'get_started_requests');
INSERT INTO lead_daily_counts (lead_table, day, source, slot, n)
SELECT 'contact_submissions', (created_at AT TIME ZONE 'UTC')::date, lead_source(utm_source, referrer), 0, count(*)
  FROM contact_submissions GROUP BY 2, 3
UNION ALL
SELECT 'demo_requests', (created_at AT TIME ZONE 'UTC')::date, lead_source(utm_source, referrer), 0, count(*)
  FROM demo_requests GROUP BY 2, 3
UNION ALL
SELECT 'get_started_requests', (created_at AT TIME ZONE 'UTC')::date, lead_source(utm_source, referrer), 0, count(*)
  FROM get_started_requests GROUP BY 2, 3;

-- Down Migration
CREATE OR REPLACE TRIGGER contact_submissions_count_inserts AFTER INSERT ON contact_submissions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE OR REPLACE TRIGGER contact_submissions_count_deletes AFTER DELETE ON contact_submissions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE OR REPLACE TRIGGER contact_submissions_move_day AFTER UPDATE ON contact_submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_lead_days();
CREATE OR REPLACE TRIGGER demo_requests_count_inserts AFTER INSERT ON demo_requests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE OR REPLACE TRIGGER demo_requests_count_deletes AFTER DELETE ON demo_requests
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE OR REPLACE TRIGGER demo_requests_move_day AFTER UPDATE ON demo_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_lead_days();
CREATE OR REPLACE TRIGGER get_started_requests_count_inserts AFTER INSERT ON get_started_requests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE OR REPLACE TRIGGER get_started_requests_count_deletes AFTER DELETE ON get_started_requests
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_lead_rows();
CREATE OR REPLACE TRIGGER get_started_requests_move_day AFTER UPDATE ON get_started_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION move_lead_days();
DROP FUNCTION move_attributed_lead_days();
DROP FUNCTION count_attributed_lead_rows();
-- Each day's counts summed over their sources, keyed as before.
CREATE TEMPORARY TABLE daily_sums ON COMMIT DROP AS
  SELECT lead_table, day, slot, sum(n) AS n FROM lead_daily_counts GROUP BY lead_table, day, slot;
DELETE FROM lead_daily_counts;
ALTER TABLE lead_daily_counts DROP CONSTRAINT lead_daily_counts_pkey;
ALTER TABLE lead_daily_counts DROP COLUMN source;
INSERT INTO lead_daily_counts (lead_table, day, slot, n) SELECT lead_table, day, slot, n FROM daily_sums;
ALTER TABLE lead_daily_counts ADD PRIMARY KEY (lead_table, day, slot);
CREATE OR REPLACE FUNCTION count_lead_rows() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE FUNCTION move_lead_days() RETURNS trigger LANGUAGE plpgsql AS $$
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
DROP FUNCTION lead_source(text, text);
