#!/usr/bin/env bash
# The Docker stack's database roles (docs/operations.md#database-roles), made by the `db` service:
#   leaddesk_owner  owns the database and everything in it; the API's migrations run as it
#   leaddesk_app    the API's and the worker's; owns nothing, has what the migrations grant it
# Neither is a superuser (`leaddesk`, POSTGRES_USER, stays the operator's). Their passwords are the
# generated secrets db-owner-password and db-app-password. Everything another role owns (a database
# of an earlier version: the superuser owned it all) is handed to the owner.
#
# As an init script of a new database (mounted into /docker-entrypoint-initdb.d) it runs the SQL
# with psql; docker-compose.yml's entrypoint runs `lead-desk-roles.sh sql` into PostgreSQL's
# single-user mode on every start of an existing one, before the server starts.
set -eu

lead_desk_roles_sql() {
  local dir=/run/lead-desk-secrets owner_pw app_pw
  owner_pw=$(cat "$dir/db-owner-password")
  app_pw=$(cat "$dir/db-app-password")
  # Generated as letters and digits: safe inside an SQL literal as they are.
  case "$owner_pw$app_pw" in *[!A-Za-z0-9]* | '')
    echo 'lead-desk-roles: the role passwords must be letters and digits' >&2
    return 1
    ;;
  esac
  # Statements end with a semicolon and an empty line (single-user mode's -j), none inside one.
  cat << SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'leaddesk_owner') THEN CREATE ROLE leaddesk_owner; END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'leaddesk_app') THEN CREATE ROLE leaddesk_app; END IF;
END \$\$;

ALTER ROLE leaddesk_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '$owner_pw';

ALTER ROLE leaddesk_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '$app_pw';

REVOKE leaddesk_owner FROM leaddesk_app;

ALTER DATABASE leaddesk OWNER TO leaddesk_owner;

DO \$\$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.nspname FROM pg_namespace n
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname NOT IN ('information_schema', 'public')
              AND n.nspowner <> 'leaddesk_owner'::regrole LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO leaddesk_owner', r.nspname);
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
              AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND c.relowner <> 'leaddesk_owner'::regrole
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                                 AND d.objid = c.oid AND d.deptype IN ('e', 'i', 'a')) LOOP
    EXECUTE format('ALTER TABLE %s OWNER TO leaddesk_owner', r.name);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS name, p.prokind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
              AND p.proowner <> 'leaddesk_owner'::regrole
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
                                 AND d.objid = p.oid AND d.deptype = 'e') LOOP
    EXECUTE format('ALTER %s %s OWNER TO leaddesk_owner',
                   CASE r.prokind WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END, r.name);
  END LOOP;
  FOR r IN SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
            WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
              AND t.typowner <> 'leaddesk_owner'::regrole
              AND (t.typtype IN ('e', 'd')
                   OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass
                                 AND d.objid = t.oid AND d.deptype = 'e') LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO leaddesk_owner', r.name);
  END LOOP;
END \$\$;

SQL
}

if [ "${1:-}" = sql ]; then
  lead_desk_roles_sql
else
  lead_desk_roles_sql | psql -v ON_ERROR_STOP=1 -q --no-psqlrc --username "$POSTGRES_USER" --dbname "$POSTGRES_DB"
fi
