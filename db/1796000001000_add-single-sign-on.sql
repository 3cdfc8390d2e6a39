-- Up Migration

-- Single sign-on with the company's OpenID Connect provider (docs/operations.md#single-sign-on).
-- An account is linked to the provider's subject (issuer + `sub`) on its first sign-in there and
-- found by it afterwards, so a changed address at the provider cannot lead into another account.
-- An account made by single sign-on has no password of the desk: it signs in only through the
-- provider (the command line can still give it one).
ALTER TABLE admin_users
  ALTER COLUMN password_hash DROP NOT NULL,
  ADD COLUMN oidc_issuer text,
  ADD COLUMN oidc_subject text,
  ADD CONSTRAINT admin_users_oidc_pair CHECK ((oidc_issuer IS NULL) = (oidc_subject IS NULL));
CREATE UNIQUE INDEX admin_users_oidc_idx ON admin_users (oidc_issuer, oidc_subject) WHERE oidc_subject IS NOT NULL;

-- How a session began; one begun at the provider keeps its ID token, the hint the provider's
-- sign-out (RP-initiated logout) asks for. A sign-in waiting for the desk's own code keeps both
-- until the code comes.
ALTER TABLE admin_sessions
  ADD COLUMN signed_in_with text NOT NULL DEFAULT 'password' CHECK (signed_in_with IN ('password', 'single-sign-on')),
  ADD COLUMN id_token text;
ALTER TABLE admin_login_challenges
  ADD COLUMN signed_in_with text NOT NULL DEFAULT 'password' CHECK (signed_in_with IN ('password', 'single-sign-on')),
  ADD COLUMN id_token text;

-- A sign-in sent to the provider and not back yet: what its answer must match (`state`, `nonce`)
-- and the PKCE verifier, under the hash of the browser's `sso` cookie. Used once (deleted when the
-- answer comes), gone after 10 minutes.
CREATE TABLE sso_sign_ins (
  id_hash bytea PRIMARY KEY,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sso_sign_ins_expires_idx ON sso_sign_ins (expires_at);

-- Down Migration
DROP TABLE sso_sign_ins;
ALTER TABLE admin_login_challenges DROP COLUMN signed_in_with, DROP COLUMN id_token;
ALTER TABLE admin_sessions DROP COLUMN signed_in_with, DROP COLUMN id_token;
DROP INDEX admin_users_oidc_idx;
ALTER TABLE admin_users DROP CONSTRAINT admin_users_oidc_pair, DROP COLUMN oidc_issuer, DROP COLUMN oidc_subject;
