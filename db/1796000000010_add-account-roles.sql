-- Up Migration

-- Every desk account has one role (docs/operations.md#roles): viewer < member < admin < owner.
-- The contract says which role each desk operation needs (`x-required-role`). Existing accounts
-- keep every right they had: the oldest becomes the owner, the others admins.
ALTER TABLE admin_users
  ADD COLUMN role text NOT NULL DEFAULT 'admin'
    CHECK (role IN ('viewer', 'member', 'admin', 'owner'));

UPDATE admin_users SET role = 'owner'
 WHERE id = (SELECT id FROM admin_users ORDER BY created_at, id LIMIT 1);

-- At most one owner; ownership is handed on in one transaction, never shared.
CREATE UNIQUE INDEX admin_users_one_owner_idx ON admin_users (role) WHERE role = 'owner';

-- A new account says what it is; no default role.
ALTER TABLE admin_users ALTER COLUMN role DROP DEFAULT;

-- Down Migration
DROP INDEX admin_users_one_owner_idx;
ALTER TABLE admin_users DROP COLUMN role;
