import type pg from 'pg';

/**
 * The two database roles (docs/operations.md#database-roles): the owner, as which migrations run
 * and which owns every table, function and schema they make, and the app's, which owns nothing and
 * has only what is granted here. Tables the app may read and add to but never change.
 */
const INSERT_ONLY = ['public.audit_entries'];
/**
 * The migrations' own bookkeeping: the app reads it (a start as the app role finds nothing to
 * migrate), never writes. REFERENCES (which lets nothing change) on node-pg-migrate's table, since
 * it looks for its primary key in information_schema, which hides the constraints of a table on
 * which one has SELECT alone.
 */
const READ_ONLY = ['public.pgmigrations', 'graphile_worker.migrations'];

type Queryable = pg.ClientBase;

/** The row-level security policy that lets the app role use graphile-worker's private tables. */
const APP_POLICY = 'lead_desk_app';

/** Any constant; held while the grants are made. */
const GRANT_LOCK = 7_300_114;

const userSchemas = async (c: Queryable) =>
  (
    await c.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`,
    )
  ).rows.map((r) => r.nspname);

/**
 * Grants `appRole` what the app needs in every schema, run by the owner after its migrations (in
 * one transaction, so no moment has the audit log writable). Default privileges make whatever a
 * later migration creates usable by the app at once; the grants on what exists cover objects made
 * before (or by graphile-worker's own migrations).
 */
export async function grantAppRole(c: Queryable, appRole: string): Promise<void> {
  // A policy made or changed here locks graphile-worker's job table whole (the first migration of
  // a database, or a new app role), which can meet a running worker's locks in the other order:
  // PostgreSQL then ends one side with a deadlock, and this side tries again. Grants given again
  // change no policy (migrate-beside-workers.test.ts).
  for (let attempt = 1; ; attempt++) {
    try {
      return await grantOnce(c, appRole);
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt === GRANT_ATTEMPTS) throw err;
    }
  }
}

const DEADLOCK = '40P01';
const GRANT_ATTEMPTS = 5;

async function grantOnce(c: Queryable, appRole: string): Promise<void> {
  const app = c.escapeIdentifier(appRole);
  const { rows } = await c.query<{ me: string }>('SELECT current_user AS me');
  const owner = c.escapeIdentifier(rows[0]!.me);
  await c.query('BEGIN');
  try {
    // Two processes granting the same object at once would fail ("tuple concurrently updated").
    await c.query('SELECT pg_advisory_xact_lock($1)', [GRANT_LOCK]);
    for (const sql of [
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} GRANT USAGE ON SCHEMAS TO ${app}`,
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app}`,
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} GRANT USAGE, SELECT ON SEQUENCES TO ${app}`,
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} GRANT EXECUTE ON FUNCTIONS TO ${app}`,
    ])
      await c.query(sql);
    for (const name of await userSchemas(c)) {
      const schema = c.escapeIdentifier(name);
      await c.query(`GRANT USAGE ON SCHEMA ${schema} TO ${app}`);
      await c.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${app}`);
      await c.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${app}`);
      // Only functions the owner owns: extensions' (pg_trgm's) stay as CREATE EXTENSION made them.
      const fns = await c.query<{ fn: string }>(
        `SELECT p.oid::regprocedure::text AS fn FROM pg_proc p
          WHERE p.pronamespace = $1::regnamespace AND p.proowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)`,
        [schema],
      );
      for (const { fn } of fns.rows) await c.query(`GRANT EXECUTE ON FUNCTION ${fn} TO ${app}`);
    }
    // graphile-worker keeps row-level security on its private tables, with no policy: only their
    // owner may see a row. The app role gets a policy that lets it use them (it has no other way in).
    // A policy is changed only when it is not the app's already: changing one locks its table whole,
    // which would wait for (and could deadlock with) the workers using the queue meanwhile.
    const secured = await c.query<{ t: string; policy: 'none' | 'other' | 'app' }>(
      `SELECT c.oid::regclass::text AS t,
              coalesce((SELECT CASE WHEN p.polroles = ARRAY[r.oid] THEN 'app' ELSE 'other' END
                          FROM pg_policy p, pg_roles r
                         WHERE p.polrelid = c.oid AND p.polname = $1 AND r.rolname = $2), 'none') AS policy
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relrowsecurity AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'`,
      [APP_POLICY, appRole],
    );
    for (const { t, policy } of secured.rows)
      if (policy === 'other') await c.query(`ALTER POLICY ${APP_POLICY} ON ${t} TO ${app}`);
      else if (policy === 'none')
        await c.query(`CREATE POLICY ${APP_POLICY} ON ${t} TO ${app} USING (true) WITH CHECK (true)`);
    for (const table of INSERT_ONLY)
      if (await exists(c, table)) await c.query(`REVOKE UPDATE, DELETE, TRUNCATE ON ${table} FROM ${app}`);
    for (const table of READ_ONLY)
      if (await exists(c, table)) {
        await c.query(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ${table} FROM ${app}`);
        await c.query(`GRANT REFERENCES ON ${table} TO ${app}`);
      }
    await c.query('COMMIT');
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  }
}

const exists = async (c: Queryable, table: string) =>
  (await c.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table])).rows[0]!.t !== null;

/**
 * As a superuser: the owner and the app role exist, log in with these passwords, have no power
 * over roles or databases, and the app is no member of the owner (it could become it).
 */
export async function ensureRoles(
  c: Queryable,
  roles: { owner: string; ownerPassword: string; app: string; appPassword: string },
): Promise<void> {
  for (const [name, password] of [
    [roles.owner, roles.ownerPassword],
    [roles.app, roles.appPassword],
  ] as const) {
    const { rowCount } = await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name]);
    await c.query(
      `${rowCount ? 'ALTER' : 'CREATE'} ROLE ${c.escapeIdentifier(name)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${c.escapeLiteral(password)}`,
    );
  }
  await c.query(`REVOKE ${c.escapeIdentifier(roles.owner)} FROM ${c.escapeIdentifier(roles.app)}`);
}

/**
 * As a superuser, connected to `database`: the owner role gets the database and everything in it
 * that another role made, the app role (which owned everything in earlier versions) or the
 * superuser (in versions before that), except extensions' members, which stay as CREATE EXTENSION
 * made them. Then `grantAppRole`, run by the owner, gives the app back what it needs.
 */
export async function handOverTo(c: Queryable, database: string, owner: string, app: string): Promise<void> {
  const to = c.escapeIdentifier(owner);
  await c.query(`ALTER DATABASE ${c.escapeIdentifier(database)} OWNER TO ${to}`);
  await c.query(`REASSIGN OWNED BY ${c.escapeIdentifier(app)} TO ${to}`);
  await c.query(`DO $$
    DECLARE r record;
    BEGIN
      FOR r IN SELECT n.nspname FROM pg_namespace n
                WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
                  AND n.nspname <> 'public' LOOP
        EXECUTE format('ALTER SCHEMA %I OWNER TO %I', r.nspname, ${c.escapeLiteral(owner)});
      END LOOP;
      FOR r IN SELECT c.oid::regclass AS name FROM pg_class c
                 JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
                  AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
                  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                                     AND d.objid = c.oid AND d.deptype IN ('e', 'i', 'a')) LOOP
        EXECUTE format('ALTER TABLE %s OWNER TO %I', r.name, ${c.escapeLiteral(owner)});
      END LOOP;
      FOR r IN SELECT p.oid::regprocedure AS name, p.prokind FROM pg_proc p
                 JOIN pg_namespace n ON n.oid = p.pronamespace
                WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
                  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
                                     AND d.objid = p.oid AND d.deptype = 'e') LOOP
        EXECUTE format('ALTER %s %s OWNER TO %I',
                       CASE r.prokind WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END, r.name,
                       ${c.escapeLiteral(owner)});
      END LOOP;
      FOR r IN SELECT t.oid::regtype AS name FROM pg_type t
                 JOIN pg_namespace n ON n.oid = t.typnamespace
                WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
                  AND (t.typtype IN ('e', 'd')
                       OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
                  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass
                                     AND d.objid = t.oid AND d.deptype = 'e') LOOP
        EXECUTE format('ALTER TYPE %s OWNER TO %I', r.name, ${c.escapeLiteral(owner)});
      END LOOP;
    END $$`);
}
