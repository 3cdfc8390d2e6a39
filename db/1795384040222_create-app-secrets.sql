-- Up Migration

-- Keys the server signs and encrypts with (newsletter links, for one), made on first use and kept
-- here so that every API and worker process, and every restart, uses the same ones. Nobody reads
-- this table but the server; an operator rotates a key by deleting its row (what it signed stops
-- being valid).
CREATE TABLE app_secrets (
  name text PRIMARY KEY CHECK (char_length(name) BETWEEN 1 AND 100),
  value bytea NOT NULL CHECK (octet_length(value) >= 32),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Down Migration
DROP TABLE app_secrets;
