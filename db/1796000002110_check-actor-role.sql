-- Up Migration

-- A request passes its role check when it starts; a demotion committed while it runs must not let
-- it finish (docs/operations.md#roles). Each audit entry of a desk request names the least role its
-- operation needs (the contract's `x-required-role`), and the trigger that checks the acting account
-- is still active, with its row locked FOR SHARE, now checks its role too: an account whose role
-- is below the one needed makes the whole change roll back (LD403, answered as a 403). Entries of a
-- sign-in, an invitation accepted or the command line need no role and name none.
ALTER TABLE audit_entries
  ADD COLUMN needed_role text CHECK (needed_role IN ('viewer', 'member', 'admin', 'owner'));

CREATE OR REPLACE FUNCTION audit_entries_actor_active() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_role_of text;
BEGIN
  IF NEW.actor_kind = 'account' THEN
    SELECT role INTO current_role_of FROM admin_users
     WHERE id = NEW.actor_id AND deactivated_at IS NULL FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'account % is deactivated', NEW.actor_id USING ERRCODE = 'LD401';
    END IF;
    IF NEW.needed_role IS NOT NULL
       AND array_position(ARRAY['viewer', 'member', 'admin', 'owner'], current_role_of)
         < array_position(ARRAY['viewer', 'member', 'admin', 'owner'], NEW.needed_role) THEN
      RAISE EXCEPTION 'account % is a % now; this needs %', NEW.actor_id, current_role_of, NEW.needed_role
        USING ERRCODE = 'LD403', DETAIL = NEW.needed_role, HINT = current_role_of;
    END IF;
  END IF;
  RETURN NEW;
END;
$$;

-- Down Migration
CREATE OR REPLACE FUNCTION audit_entries_actor_active() RETURNS trigger LANGUAGE plpgsql AS $$
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
ALTER TABLE audit_entries DROP COLUMN needed_role;
