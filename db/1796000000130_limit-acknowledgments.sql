-- Up Migration

-- At most 3 acknowledgments a day (UTC) to one address (docs/product.md#follow-up): the forms take
-- any address, so without this anyone could flood a stranger's inbox from the company's sender.
-- The lead is still stored and its sales alert still queued; only the acknowledgment is left out.
-- One row per address that got one today; housekeeping deletes earlier days' rows.
CREATE TABLE acknowledgment_counts (
  recipient text PRIMARY KEY,
  day date NOT NULL,
  queued integer NOT NULL CHECK (queued >= 0)
);

-- As before, one statement per batch of leads. The counts are upserted once per address (a batch
-- may hold several leads to one address; ON CONFLICT takes each key once), and a lead gets its
-- acknowledgment while its rank among the batch's leads to that address keeps the day's count at
-- 3 or under. The upsert's row lock makes concurrent batches to the same address wait their turn.
CREATE OR REPLACE FUNCTION queue_lead_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH ranked AS (
    SELECT n.id, lower(n.email) AS recipient,
           row_number() OVER (PARTITION BY lower(n.email) ORDER BY n.id) AS rank
      FROM new_leads n
  ), wanted AS (
    SELECT recipient, count(*)::integer AS n FROM ranked GROUP BY recipient
  ), counted AS (
    INSERT INTO acknowledgment_counts AS c (recipient, day, queued)
    SELECT recipient, (now() AT TIME ZONE 'UTC')::date, n FROM wanted
    ON CONFLICT (recipient) DO UPDATE
       SET queued = least(CASE WHEN c.day = excluded.day THEN c.queued ELSE 0 END + excluded.queued, 1000000),
           day = excluded.day
    RETURNING c.recipient, c.queued
  )
  INSERT INTO mail_messages (lead_kind, lead_id, template)
  SELECT TG_ARGV[0], r.id, t.template
    FROM ranked r
    JOIN counted c USING (recipient)
    JOIN wanted w USING (recipient)
    CROSS JOIN (VALUES ('sales-alert'), ('acknowledgment')) t (template)
   WHERE t.template = 'sales-alert' OR c.queued - w.n + r.rank <= 3
   ORDER BY r.id, t.template DESC;
  RETURN NULL;
END $$;

-- Down Migration
CREATE OR REPLACE FUNCTION queue_lead_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mail_messages (lead_kind, lead_id, template)
  SELECT TG_ARGV[0], n.id, t.template
    FROM new_leads n CROSS JOIN (VALUES ('sales-alert'), ('acknowledgment')) t (template)
   ORDER BY n.id, t.template DESC;
  RETURN NULL;
END $$;
DROP TABLE acknowledgment_counts;
