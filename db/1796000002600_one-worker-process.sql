-- Up Migration

-- The job worker runs in a process of its own everywhere (docs/operations.md#worker), so what
-- served a worker sharing the API's process goes: the trigram search indexes are back to
-- PostgreSQL's GIN defaults (fastupdate on, the server's gin_pending_list_limit; autovacuum and a
-- full list merge the pending entries, no loop of the worker's), the table of job pools by host
-- (a killed worker's pools are unlocked by the next one, which its supervisor tells them), the
-- index of the messages people wait for (a busy API's dispatcher read it) and the `background`
-- flag of webhook deliveries (their order is the jobs' priority alone, mail/queue.repo.ts).
ALTER INDEX contact_submissions_search_trgm_idx RESET (fastupdate, gin_pending_list_limit);
ALTER INDEX demo_requests_search_trgm_idx RESET (fastupdate, gin_pending_list_limit);
ALTER INDEX get_started_requests_search_trgm_idx RESET (fastupdate, gin_pending_list_limit);
ALTER INDEX newsletter_subscribers_email_trgm_idx RESET (fastupdate, gin_pending_list_limit);
DROP TABLE job_worker_pools;
DROP INDEX mail_messages_waited_for_idx;
CREATE OR REPLACE FUNCTION webhook_enqueue(p_deliveries bigint[], p_run_at timestamptz DEFAULT NULL) RETURNS integer
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

-- Down Migration
CREATE OR REPLACE FUNCTION webhook_enqueue(p_deliveries bigint[], p_run_at timestamptz DEFAULT NULL) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_jobs integer;
BEGIN
  IF coalesce(cardinality(p_deliveries), 0) = 0 THEN
    RETURN 0;
  END IF;
  SELECT count(*) INTO v_jobs FROM graphile_worker.add_jobs(ARRAY(
    SELECT ROW('webhook_deliver', json_build_object('deliveryIds', array_agg(d ORDER BY n)), NULL, p_run_at, 5,
               NULL, NULL, ARRAY['background'])::graphile_worker.job_spec
      FROM unnest(p_deliveries) WITH ORDINALITY AS t (d, n)
     GROUP BY (n - 1) / 100));
  RETURN v_jobs;
END $$;
CREATE INDEX mail_messages_waited_for_idx ON mail_messages (id)
  WHERE job_queued_at IS NULL
    AND template IN ('acknowledgment', 'newsletter-confirmation', 'demo-invitation', 'demo-cancellation');
CREATE TABLE job_worker_pools (
  pool_id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX job_worker_pools_host_idx ON job_worker_pools (host);
ALTER INDEX contact_submissions_search_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 16384);
ALTER INDEX demo_requests_search_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 16384);
ALTER INDEX get_started_requests_search_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 16384);
ALTER INDEX newsletter_subscribers_email_trgm_idx SET (fastupdate = on, gin_pending_list_limit = 16384);
