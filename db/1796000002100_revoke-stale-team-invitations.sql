-- Up Migration

-- An invitation works only while its inviter may still send it: active, with a role that invites
-- the role invited (admins viewers and members, the owner also admins). Deactivating or demoting
-- someone now revokes their open invitations in the same transaction (docs/operations.md#team-invitations);
-- the open invitations of people deactivated or demoted before are revoked here, by `system`.
WITH stale AS (
  UPDATE team_invitations i SET revoked_at = clock_timestamp(), held_link = NULL
    FROM admin_users u
   WHERE u.id = i.invited_by AND i.accepted_at IS NULL AND i.revoked_at IS NULL
     AND (u.deactivated_at IS NOT NULL OR u.role NOT IN ('admin', 'owner') OR (u.role = 'admin' AND i.role = 'admin'))
  RETURNING i.id, i.email, i.invited_by, u.deactivated_at IS NOT NULL AS deactivated
)
INSERT INTO audit_entries (actor_kind, action, target_type, target_id, details)
SELECT 'system', 'team-invitation.revoked', 'team-invitation', id::text,
       jsonb_build_object('email', email, 'inviterId', invited_by,
                          'because', CASE WHEN deactivated THEN 'inviter-deactivated' ELSE 'inviter-role-changed' END)
  FROM stale ORDER BY id;

-- Down Migration
-- Nothing to undo: revoked invitations stay revoked (their inviters could not send them now).
