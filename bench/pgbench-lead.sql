-- Written by bench/lib/pgbench-lead.ts from the API's statement (npm run bench:pgbench-script);
-- do not edit. The yardstick of bench:api's steady run (run with pgbench -M prepared --rate): what
-- PostgreSQL does for one POST /api/contact as the bench sends it, without HTTP, validation or Node.
--
-- One lead of the steady run arrives alone, so the API's batched insert (api/src/forms/leads.repo.ts,
-- guardedInsertSql) sends its statement with one item in each array. This is that statement for the
-- contact kind with LEAD_AUTO_ASSIGN off, its parameters written in place: the client's rate-limit
-- bucket (one address per lead), the idempotency scope and the key the bench sends, a request
-- hash (computed in Node; a constant here), the spam check off as in the bench's default, the
-- contact's columns (the bench sends no attribution), LEAD_RATE_LIMIT_PER_MINUTE at its default
-- and the write's deadline. Its triggers do the rest of the lead's work in the same transaction, as
-- for the API's: the emails' outbox rows, the lead.created webhook event and its outbox row, the
-- counters. pgbench reads a colon followed by a name as one of its variables, so the createdAt
-- format quotes its colons (to_char prints them all the same).
\set n random(1, 1000000000)
WITH input AS (
  SELECT * FROM unnest(ARRAY['lead' || ':' || '10.' || :n]::text[], ARRAY['createContact' || ':' || '10.' || :n]::text[], ARRAY['bench-steady-' || :n]::text[], ARRAY['0Jn3m1mS7kq2o1rCk0b3b1Xn2nq9R8d4m6FvYgI2Zb8']::text[], ARRAY[false]::boolean[], ARRAY['']::text[],
                       ARRAY[NULL]::text[], ARRAY[NULL]::timestamptz[], ARRAY['Bench Person']::text[], ARRAY['bench' || :n || '@example.com']::text[], ARRAY['+1 555 0100']::text[], ARRAY['Bench Co']::text[], ARRAY['sms-ai']::text[], ARRAY['A benchmark message of ordinary length.']::text[], ARRAY['']::text[], ARRAY['']::text[], ARRAY['']::text[], ARRAY['']::text[], ARRAY['']::text[], ARRAY['']::text[], ARRAY['']::text[])
    WITH ORDINALITY AS t (bucket, scope, key, hash, enforce, checked, challenge, challenge_expires,
                          name, email, phone, company, service, message, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ord)
   WHERE write_deadline((clock_timestamp() + interval '5 seconds')::timestamptz)
),
rl AS (
INSERT INTO rate_limit_buckets AS b (bucket_key, level, granted, capacity, per_second, updated_at)
SELECT bucket, least(n, capacity), least(n, capacity), capacity, per_second, now()
  FROM (SELECT bucket, count(*) AS n, 10::int AS capacity, 10::int::float8 / 60 AS per_second
                     FROM input WHERE bucket IS NOT NULL GROUP BY bucket) src
 ORDER BY bucket
ON CONFLICT (bucket_key) DO UPDATE
  SET (level, granted, capacity, per_second, updated_at) = (
    SELECT cur + g, g, EXCLUDED.capacity, EXCLUDED.per_second, now()
      FROM (SELECT cur, least(EXCLUDED.granted, greatest(0, floor(EXCLUDED.capacity - cur)))::int AS g
              FROM (SELECT rate_limit_level(b.level, b.updated_at, b.per_second) AS cur) c) d)
RETURNING bucket_key, level, granted, capacity, per_second),
ranked AS (
  SELECT i.*, greatest(1, ceil((rl.level + 1 - rl.capacity) / rl.per_second))::int AS retry_after,
         row_number() OVER (PARTITION BY i.bucket ORDER BY i.ord) AS rank,
         rl.level - rl.granted AS level_before, rl.granted
    FROM input i LEFT JOIN rl ON rl.bucket_key = i.bucket
),
draft AS (
  SELECT ranked.*, nextval(pg_get_serial_sequence('contact_submissions', 'id')) AS id, clock_timestamp() AS created_at,
         row_number() OVER (ORDER BY ord) AS n
    FROM ranked
   WHERE granted IS NULL OR rank <= granted
),
claim AS (
  INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
  SELECT scope, key, hash, 201,
         jsonb_build_object('id', id, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS.MS"Z"'))
    FROM draft
   WHERE key IS NOT NULL
  ON CONFLICT (scope, key) DO NOTHING
  RETURNING (response ->> 'id')::bigint AS id
),
fresh AS (SELECT * FROM draft WHERE key IS NULL OR id IN (SELECT id FROM claim)),
redeemed AS (
  INSERT INTO spam_redemptions (challenge, expires_at)
  SELECT DISTINCT ON (challenge) challenge, challenge_expires
    FROM fresh
   WHERE challenge IS NOT NULL
   ORDER BY challenge, ord
  ON CONFLICT (challenge) DO NOTHING
  RETURNING challenge
),
judged AS (
  SELECT f.*, v.spam_check, enforce AND v.spam_check NOT IN ('passed', 'missing') AS held
    FROM fresh f CROSS JOIN LATERAL (
      SELECT CASE WHEN f.challenge IS NULL THEN f.checked
                  WHEN f.challenge IN (SELECT challenge FROM redeemed)
                   AND f.ord = (SELECT min(o.ord) FROM fresh o WHERE o.challenge = f.challenge)
                  THEN 'passed'
                  ELSE 'replayed' END AS spam_check
    ) v
),
ins AS (
  INSERT INTO contact_submissions (id, created_at, assignee_id, name, email, phone, company, service, message, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, spam_check) OVERRIDING SYSTEM VALUE
  SELECT id, created_at, NULL::bigint, name, email, phone, company, service, message, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, spam_check
    FROM judged
   WHERE NOT held
  RETURNING id, created_at
),
hold AS (
  INSERT INTO suspected_spam (lead_kind, id, created_at, reason, fields)
  SELECT 'contact', id, created_at, spam_check, jsonb_build_object('name', name, 'email', email, 'phone', phone, 'company', company, 'service', service, 'message', message, 'landing_page', landing_page, 'referrer', referrer, 'utm_source', utm_source, 'utm_medium', utm_medium, 'utm_campaign', utm_campaign, 'utm_term', utm_term, 'utm_content', utm_content, 'spam_check', spam_check)
    FROM judged
   WHERE held
  RETURNING id, created_at
),
stored AS (SELECT * FROM ins UNION ALL SELECT * FROM hold)
SELECT ceil(r.level_before + r.rank)::int AS hits,
       coalesce(r.rank > r.granted, false) AS limited,
       r.retry_after,
       stored.id,
       to_char(stored.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS.MS"Z"') AS created_at,
       coalesce(j.spam_check, r.checked) AS spam_check,
       coalesce(j.held, false) AS held
  FROM ranked r
  LEFT JOIN judged j ON j.ord = r.ord
  LEFT JOIN stored ON stored.id = j.id
 ORDER BY r.ord;

-- One lead in 500 also sweeps the day-old idempotency keys (the API's sweepNowAndThen). The API does
-- it beside the request, not before answering; at one in 500 it does not reach a p99.
\set sweep random(1, 500)
\if :sweep = 1
DELETE FROM idempotency_keys WHERE created_at < now() - interval '24 hours';
\endif
