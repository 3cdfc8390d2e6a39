-- Up Migration

-- Rate limits become leaky buckets (docs/product.md#leads): the fixed window restarted on the
-- calendar minute, so one address could send twice its limit across a boundary. A bucket holds a
-- level that drains continuously at `per_second`; a hit gets through while the level stays within
-- `capacity`. Counters are disposable (unlogged: lost in a crash, never written to the WAL), so the
-- table is replaced rather than altered.
DROP TABLE rate_limit_buckets;
CREATE UNLOGGED TABLE rate_limit_buckets (
  bucket_key text PRIMARY KEY,
  -- Hits still counted at updated_at; what drained since is subtracted when read.
  level double precision NOT NULL CHECK (level >= 0),
  -- How many hits the last update let through (one update may count a batch of several).
  granted integer NOT NULL CHECK (granted >= 0),
  capacity integer NOT NULL CHECK (capacity > 0),
  per_second double precision NOT NULL CHECK (per_second > 0),
  updated_at timestamptz NOT NULL
);

-- A bucket's level now. Rows whose level is 0 say nothing and are swept (sweepRateLimits).
CREATE FUNCTION rate_limit_level(level double precision, updated_at timestamptz, per_second double precision)
RETURNS double precision LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT greatest(0, level - extract(epoch FROM now() - updated_at)::float8 * per_second) $$;

-- Down Migration
DROP FUNCTION rate_limit_level(double precision, timestamptz, double precision);
DROP TABLE rate_limit_buckets;
CREATE UNLOGGED TABLE rate_limit_buckets (
  bucket_key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0)
);
