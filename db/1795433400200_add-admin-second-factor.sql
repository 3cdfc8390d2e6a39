-- Up Migration

-- Time-based one-time codes (RFC 6238) as admins' second factor (docs/operations.md#second-factor).
-- Secrets are stored encrypted (AES-256-GCM) with a key kept outside the database, so a dump or a
-- backup alone cannot mint codes. The last accepted time step makes each code single-use.
ALTER TABLE admin_users
  ADD COLUMN totp_secret bytea,
  ADD COLUMN totp_enrolled_at timestamptz,
  ADD COLUMN totp_last_step bigint,
  -- An enrolment started and not yet confirmed with a first code; it lapses after 15 minutes.
  ADD COLUMN totp_pending_secret bytea,
  ADD COLUMN totp_pending_at timestamptz;

-- Single-use recovery codes, stored as SHA-256 hashes (each is 80 random bits, so a fast hash
-- cannot be reversed by guessing).
CREATE TABLE admin_recovery_codes (
  admin_id bigint NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  code_hash bytea NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (admin_id, code_hash)
);

-- A password checked, a second factor still to come: not a session, it opens nothing but the
-- code step. Only a hash of its cookie's id is stored, as for sessions.
CREATE TABLE admin_login_challenges (
  id_hash bytea PRIMARY KEY,
  admin_id bigint NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
CREATE INDEX admin_login_challenges_expires_idx ON admin_login_challenges (expires_at);

-- Devices that have signed in to an account (OWASP's device cookies): their sign-in attempts are
-- throttled per device, so failures from elsewhere cannot lock the admin out of them.
CREATE TABLE admin_devices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  admin_id bigint NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_used_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX admin_devices_admin_idx ON admin_devices (admin_id);

-- Down Migration
DROP TABLE admin_devices;
DROP TABLE admin_login_challenges;
DROP TABLE admin_recovery_codes;
ALTER TABLE admin_users
  DROP COLUMN totp_secret,
  DROP COLUMN totp_enrolled_at,
  DROP COLUMN totp_last_step,
  DROP COLUMN totp_pending_secret,
  DROP COLUMN totp_pending_at;
