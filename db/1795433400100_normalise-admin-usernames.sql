-- Up Migration

-- Usernames are stored in their one spelling (api/src/admin/auth/credential-rules.ts): ASCII
-- letters lower-cased, so sign-in compares them exactly instead of with PostgreSQL's lower(),
-- which folds some non-ASCII letters differently from the throttle's JavaScript. A name whose
-- lower-cased form another account already has is left as it is.
UPDATE admin_users u
   SET username = translate(u.username, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
 WHERE u.username ~ '[A-Z]'
   AND NOT EXISTS (
     SELECT 1 FROM admin_users o
      WHERE o.username = translate(u.username, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'));

-- Down Migration
-- The earlier spelling is not kept; lower-cased names sign in as before.
SELECT 1;
