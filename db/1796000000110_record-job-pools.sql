-- Up Migration

-- The graphile-worker pools each process runs, by host and process id (api/src/jobs/pools.repo.ts):
-- a process killed outright leaves its claimed jobs locked for graphile-worker's 4 hours; the next
-- process on the same host sees it gone and unlocks them with graphile-worker's forceUnlockWorkers
-- (docs/operations.md#worker-restarts).
CREATE TABLE job_worker_pools (
  pool_id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX job_worker_pools_host_idx ON job_worker_pools (host);

-- Follow-up jobs carry the flag `background`: while the API of the process is busy, all but one of
-- its in-process worker's jobs skip it (graphile-worker's forbiddenFlags), so the worker takes
-- less instead of parking jobs it claimed (docs/operations.md#yield). Same function as in the
-- create-webhooks migration, with the flag.
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
               NULL, NULL, NULL)::graphile_worker.job_spec
      FROM unnest(p_deliveries) WITH ORDINALITY AS t (d, n)
     GROUP BY (n - 1) / 100));
  RETURN v_jobs;
END $$;
DROP TABLE job_worker_pools;
