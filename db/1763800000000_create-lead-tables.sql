-- Up Migration

-- Trigram indexes make the admin's substring search fast at millions of rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE contact_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 100),
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254 AND email = lower(email) AND position('@' IN email) > 1),
  phone text NOT NULL DEFAULT '' CHECK (char_length(phone) <= 40),
  company text NOT NULL DEFAULT '' CHECK (char_length(company) <= 200),
  service text NOT NULL DEFAULT '' CHECK (service IN ('', 'sms-ai', 'data-lookups', 'call-warmup', 'all')),
  message text NOT NULL CHECK (char_length(message) BETWEEN 10 AND 5000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX contact_submissions_newest_idx ON contact_submissions (created_at DESC, id DESC);
CREATE INDEX contact_submissions_name_trgm_idx ON contact_submissions USING gin (name gin_trgm_ops);
CREATE INDEX contact_submissions_email_trgm_idx ON contact_submissions USING gin (email gin_trgm_ops);
CREATE INDEX contact_submissions_company_trgm_idx ON contact_submissions USING gin (company gin_trgm_ops);

CREATE TABLE demo_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 100),
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254 AND email = lower(email) AND position('@' IN email) > 1),
  phone text NOT NULL DEFAULT '' CHECK (char_length(phone) <= 40),
  company text NOT NULL DEFAULT '' CHECK (char_length(company) <= 200),
  preferred_date text NOT NULL DEFAULT '' CHECK (preferred_date IN ('', 'today', 'tomorrow', 'this-week', 'next-week', 'flexible')),
  preferred_time text NOT NULL DEFAULT '' CHECK (preferred_time IN ('', 'morning', 'afternoon', 'evening', 'flexible')),
  message text NOT NULL DEFAULT '' CHECK (char_length(message) <= 5000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX demo_requests_newest_idx ON demo_requests (created_at DESC, id DESC);
CREATE INDEX demo_requests_name_trgm_idx ON demo_requests USING gin (name gin_trgm_ops);
CREATE INDEX demo_requests_email_trgm_idx ON demo_requests USING gin (email gin_trgm_ops);
CREATE INDEX demo_requests_company_trgm_idx ON demo_requests USING gin (company gin_trgm_ops);

CREATE TABLE get_started_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 100),
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254 AND email = lower(email) AND position('@' IN email) > 1),
  phone text NOT NULL DEFAULT '' CHECK (char_length(phone) <= 40),
  company text NOT NULL DEFAULT '' CHECK (char_length(company) <= 200),
  service text NOT NULL DEFAULT '' CHECK (service IN ('', 'sms-ai', 'data-lookups', 'call-warmup', 'all')),
  monthly_volume text NOT NULL DEFAULT '' CHECK (monthly_volume IN ('', '0-1k', '1k-10k', '10k-100k', '100k-1m', '1m+')),
  message text NOT NULL DEFAULT '' CHECK (char_length(message) <= 5000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'contacted', 'active', 'declined')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX get_started_requests_newest_idx ON get_started_requests (created_at DESC, id DESC);
CREATE INDEX get_started_requests_name_trgm_idx ON get_started_requests USING gin (name gin_trgm_ops);
CREATE INDEX get_started_requests_email_trgm_idx ON get_started_requests USING gin (email gin_trgm_ops);
CREATE INDEX get_started_requests_company_trgm_idx ON get_started_requests USING gin (company gin_trgm_ops);

CREATE TABLE newsletter_subscribers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (char_length(email) BETWEEN 3 AND 254 AND email = lower(email) AND position('@' IN email) > 1),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX newsletter_subscribers_newest_idx ON newsletter_subscribers (created_at DESC, id DESC);
CREATE INDEX newsletter_subscribers_email_trgm_idx ON newsletter_subscribers USING gin (email gin_trgm_ops);

-- Idempotent retries: the first answer to a key is kept and replayed for 24 hours.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Fixed-window counters shared by every API process (lead rate limit, login throttling).
-- Unlogged: losing counters in a crash is harmless, and writes skip the WAL.
CREATE UNLOGGED TABLE rate_limit_buckets (
  bucket_key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0)
);

CREATE TABLE admin_users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL UNIQUE CHECK (char_length(username) BETWEEN 1 AND 100),
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Only a hash of the session id is stored: a leaked table cannot be replayed as cookies.
CREATE TABLE admin_sessions (
  id_hash bytea PRIMARY KEY,
  admin_id bigint NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_seen_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX admin_sessions_admin_idx ON admin_sessions (admin_id);
CREATE INDEX admin_sessions_expires_idx ON admin_sessions (expires_at);

-- Down Migration
DROP TABLE admin_sessions;
DROP TABLE admin_users;
DROP TABLE rate_limit_buckets;
DROP TABLE idempotency_keys;
DROP TABLE newsletter_subscribers;
DROP TABLE get_started_requests;
DROP TABLE demo_requests;
DROP TABLE contact_submissions;
