-- Up Migration

-- An update of a lead moves it between assignee counts (add-lead-assignees migration) only when
-- its assignee or its openness changed. The update branch found those rows by turning every old
-- and new row into JSON to read its status (a contact message has none), about 35 µs a row: most
-- of the cost of the retention job's erasure of a batch of leads, which changes neither
-- (docs/operations.md#retention). It now reads the status as a column where the table has one,
-- compares only the assignee where openness cannot change, and stops when no row moved.

CREATE OR REPLACE FUNCTION count_assignees() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_slot constant smallint := pg_backend_pid() % 64;
  v_moved bigint[];
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
    -- The rows that move: a contact message is always open and a subscriber never, so for them
    -- only the assignee counts; a demo or get-started request's status is read as a column.
    IF TG_TABLE_NAME IN ('demo_requests', 'get_started_requests') THEN
      SELECT array_agg(n.id) INTO v_moved FROM new_rows n JOIN old_rows o USING (id)
       WHERE n.assignee_id IS DISTINCT FROM o.assignee_id
          OR lead_is_open(TG_TABLE_NAME, n.status) <> lead_is_open(TG_TABLE_NAME, o.status);
    ELSE
      SELECT array_agg(n.id) INTO v_moved FROM new_rows n JOIN old_rows o USING (id)
       WHERE n.assignee_id IS DISTINCT FROM o.assignee_id;
    END IF;
    IF v_moved IS NULL THEN
      RETURN NULL;
    END IF;
    INSERT INTO assignee_counts AS c (assignee_id, lead_table, slot, leads, open_leads, last_assigned_at)
    SELECT who, TG_TABLE_NAME, v_slot, sum(leads), sum(open), max(assigned_at)
      FROM (
        SELECT coalesce(o.assignee_id, 0) AS who, -1 AS leads,
               -(lead_is_open(TG_TABLE_NAME, to_jsonb(o) ->> 'status'))::int AS open,
               NULL::timestamptz AS assigned_at
          FROM old_rows o WHERE o.id = ANY (v_moved)
        UNION ALL
        SELECT coalesce(n.assignee_id, 0), 1,
               (lead_is_open(TG_TABLE_NAME, to_jsonb(n) ->> 'status'))::int,
               CASE WHEN n.assignee_id IS NOT NULL THEN clock_timestamp() END
          FROM new_rows n WHERE n.id = ANY (v_moved)
      ) moves
     GROUP BY who
    HAVING sum(leads) <> 0 OR sum(open) <> 0 OR max(assigned_at) IS NOT NULL
     ORDER BY who
    ON CONFLICT (assignee_id, lead_table, slot) DO UPDATE
      SET leads = c.leads + EXCLUDED.leads, open_leads = c.open_leads + EXCLUDED.open_leads,
          last_assigned_at = greatest(c.last_assigned_at, EXCLUDED.last_assigned_at);
  END IF;
  RETURN NULL;
END $$;

-- Down Migration
CREATE OR REPLACE FUNCTION count_assignees() RETURNS trigger LANGUAGE plpgsql AS $$
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
