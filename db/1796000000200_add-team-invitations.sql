-- Up Migration

-- Deactivation, not deletion (docs/operations.md#deactivation): a deactivated account cannot sign
-- in and has no sessions; its rows elsewhere (audit entries, notes) still name it. The owner is
-- never deactivated. `email` is the address a team invitation was accepted with.
ALTER TABLE admin_users
  ADD COLUMN deactivated_at timestamptz,
  ADD COLUMN email text,
  ADD CONSTRAINT admin_users_owner_active CHECK (role <> 'owner' OR deactivated_at IS NULL);
CREATE UNIQUE INDEX admin_users_email_idx ON admin_users (email) WHERE email IS NOT NULL;

-- A change an account makes is recorded in the audit log in the change's own transaction. Before
-- the entry is written the account's row is locked (FOR SHARE) and must still be active: a
-- deactivation committed while the request ran makes the whole change roll back, and one still
-- running waits for the change to commit first, so nothing an account does lands after its
-- deactivation (docs/operations.md#deactivation).
CREATE FUNCTION audit_entries_actor_active() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.actor_kind = 'account' THEN
    PERFORM 1 FROM admin_users WHERE id = NEW.actor_id AND deactivated_at IS NULL FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'account % is deactivated', NEW.actor_id USING ERRCODE = 'LD401';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER audit_entries_actor_active BEFORE INSERT ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION audit_entries_actor_active();

-- Team invitations (docs/operations.md#team-invitations), distinct from the demo invitations sent
-- to prospects. Only the SHA-256 of the link's token is kept; `held_link` holds the link itself
-- only while its email is held for want of an SMTP server, for the desk to show.
CREATE TABLE team_invitations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL CHECK (char_length(email) <= 254),
  role text NOT NULL CHECK (role IN ('viewer', 'member', 'admin')),
  token_hash bytea NOT NULL UNIQUE,
  invited_by bigint NOT NULL REFERENCES admin_users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  sent_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  delivery text NOT NULL DEFAULT 'held' CHECK (delivery IN ('sent', 'held', 'failed')),
  delivery_error text,
  held_link text,
  accepted_at timestamptz,
  account_id bigint REFERENCES admin_users (id),
  revoked_at timestamptz,
  CHECK ((accepted_at IS NULL) = (account_id IS NULL)),
  CHECK (accepted_at IS NULL OR revoked_at IS NULL)
);
-- One open invitation per address: invite again means "send again".
CREATE UNIQUE INDEX team_invitations_open_email_idx ON team_invitations (email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- Down Migration
DROP TABLE team_invitations;
DROP TRIGGER audit_entries_actor_active ON audit_entries;
DROP FUNCTION audit_entries_actor_active();
DROP INDEX admin_users_email_idx;
ALTER TABLE admin_users DROP CONSTRAINT admin_users_owner_active,
  DROP COLUMN email, DROP COLUMN deactivated_at;
