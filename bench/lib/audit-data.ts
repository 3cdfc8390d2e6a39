// Fills the audit log for npm run bench:admin: two years of desk work by the accounts already in
// the database (the benchmark's team), generated inside PostgreSQL, so a million entries take
// seconds.
import pg from 'pg';

/**
 * What a sales team's desk records, most common first, with the share of entries each takes: status
 * changes, sign-ins and notes make up most of it; exports and webhook changes are rare.
 */
const ACTIONS: [action: string, share: number][] = [
  ['lead.status-changed', 0.36],
  ['session.signed-in', 0.16],
  ['note.created', 0.16],
  ['session.signed-out', 0.1],
  ['demo-invitation.sent', 0.06],
  ['demo-invitation.moved', 0.03],
  ['mail.resent', 0.03],
  ['session.sign-in-failed', 0.03],
  ['note.deleted', 0.02],
  ['demo-invitation.cancelled', 0.015],
  ['leads.exported', 0.01],
  ['webhook.redelivered', 0.008],
  ['second-factor.enrolled', 0.002],
  ['webhook.changed', 0.002],
  ['audit.exported', 0.001],
  ['webhook.secret-rotated', 0.001],
];

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

/**
 * `rows` entries, oldest first (ids grow with time, as appended entries do), spread over the last
 * two years; each action's actor, target and changed fields as the desk writes them. Loaded as a
 * restore would: secondary indexes dropped, one INSERT, indexes rebuilt, VACUUM ANALYZE.
 */
export async function loadAuditEntries(url: string, rows: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SELECT setseed(0.5)`);
    const [{ people }] = (
      await client.query<{ people: number }>(`SELECT count(*)::int AS people FROM admin_users`)
    ).rows as [{ people: number }];
    if (people === 0) throw new Error('the audit entries need the accounts whose work they record');
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
         FROM pg_index i WHERE i.indrelid = 'audit_entries'::regclass AND NOT i.indisprimary`,
    );
    for (const ix of indexes) await client.query(`DROP INDEX ${ix.name}`);
    // Each action's upper bound in [0, 1): an entry whose random number falls below it and above
    // the previous one's is that action (the last bound is left out: it takes the rest).
    const total = ACTIONS.reduce((sum, [, share]) => sum + share, 0);
    const bounds = ACTIONS.slice(0, -1).reduce<number[]>(
      (acc, [, share]) => [...acc, (acc.at(-1) ?? 0) + share / total],
      [],
    );
    await client.query(
      `INSERT INTO audit_entries
         (at, actor_kind, actor_id, ip, user_agent, request_id, action, target_type, target_id, changes, details)
       SELECT now() - interval '730 days' * (1 - g::float8 / $1),
              CASE WHEN action = 'session.sign-in-failed' THEN 'anonymous' ELSE 'account' END,
              CASE WHEN action = 'session.sign-in-failed' THEN NULL ELSE person END,
              ('10.' || (person % 250) || '.' || floor(r2 * 250)::int || '.' || (1 + floor(r3 * 250)::int))::inet,
              ($5::text[])[1 + person % cardinality($5::text[])],
              md5(g::text),
              action,
              CASE WHEN action LIKE 'session.%' OR action LIKE 'second-factor.%' THEN 'account'
                   WHEN action IN ('leads.exported') THEN kind
                   WHEN action = 'audit.exported' THEN 'audit-log'
                   WHEN action LIKE 'webhook.%' THEN 'webhook-endpoint'
                   WHEN action = 'mail.resent' THEN 'mail-message'
                   WHEN action LIKE 'demo-invitation.%' THEN 'demo'
                   ELSE kind END,
              CASE WHEN action LIKE 'session.%' OR action LIKE 'second-factor.%' THEN person::text
                   WHEN action IN ('leads.exported', 'audit.exported') THEN NULL
                   WHEN action LIKE 'webhook.%' THEN (1 + floor(r2 * 20)::int)::text
                   ELSE (1 + floor(r2 * 1000000)::int)::text END,
              CASE action
                WHEN 'lead.status-changed' THEN jsonb_build_object('status',
                  jsonb_build_object('from', 'pending', 'to', (ARRAY['contacted', 'confirmed', 'declined'])[1 + floor(r3 * 3)::int]))
                WHEN 'demo-invitation.moved' THEN '{"startsAt": {}}'::jsonb
                ELSE '{}'::jsonb END,
              CASE action
                WHEN 'session.sign-in-failed' THEN jsonb_build_object('username', 'someone-' || person)
                WHEN 'leads.exported' THEN '{"filters": {"status": "pending"}}'::jsonb
                ELSE '{}'::jsonb END
         FROM (
           SELECT g, r2, r3,
                  ($3::text[])[(SELECT count(*) FROM unnest($4::float8[]) b WHERE b < r1) + 1] AS action,
                  team.ids[1 + floor(r2 * $2)::int] AS person,
                  (ARRAY['contact', 'demo', 'get-started'])[1 + floor(r3 * 3)::int] AS kind
             FROM (SELECT g, random() AS r1, random() AS r2, random() AS r3
                     FROM generate_series(1, $1) g OFFSET 0) x,
                  (SELECT array_agg(id ORDER BY id) AS ids FROM admin_users) team
         ) e
        ORDER BY g`,
      [rows, people, ACTIONS.map(([a]) => a), bounds, USER_AGENTS],
    );
    for (const ix of indexes) await client.query(ix.def);
    await client.query(`VACUUM ANALYZE audit_entries`);
  } finally {
    await client.end();
  }
}

/** The id of one member of the team, for the "who" filter. */
export async function personId(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `SELECT min(id)::int AS id FROM admin_users WHERE role = 'member'`,
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}
