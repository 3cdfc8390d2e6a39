import type { Db } from '../../db/pool.ts';

/**
 * The contacts, demos and get-started requests of the chart's 30 days by source
 * (docs/product.md#attribution), from the daily counters (count-leads-by-source migration).
 */
const SOURCES_SQL = `
  SELECT source, sum(n)::int AS leads
    FROM lead_daily_counts
   WHERE lead_table IN ('contact_submissions', 'demo_requests', 'get_started_requests')
     AND day >= (now() AT TIME ZONE 'UTC')::date - 29
   GROUP BY source
  HAVING sum(n) > 0
   ORDER BY leads DESC, source
   LIMIT 10`;

/** The desk's overview: the four counts, the 10 newest leads, 30 days of leads per day and by source. */
export async function overview(db: Db) {
  const [counts, recent, daily, sources] = await Promise.all([
    db.query<{ lead_table: string; n: number }>(
      `SELECT lead_table, sum(n)::bigint AS n FROM lead_counts GROUP BY lead_table`,
    ),
    db.query<{
      type: 'contact' | 'demo' | 'get-started';
      id: number;
      name: string;
      email: string;
      created_at: Date;
    }>(
      `SELECT * FROM (
         (SELECT 'contact' AS type, id, name, email, created_at FROM contact_submissions ORDER BY created_at DESC, id DESC LIMIT 10)
         UNION ALL
         (SELECT 'demo', id, name, email, created_at FROM demo_requests ORDER BY created_at DESC, id DESC LIMIT 10)
         UNION ALL
         (SELECT 'get-started', id, name, email, created_at FROM get_started_requests ORDER BY created_at DESC, id DESC LIMIT 10)
       ) recent
       ORDER BY created_at DESC, type, id DESC
       LIMIT 10`,
    ),
    db.query<{ day: string; contacts: number; demos: number; get_started: number }>(
      `WITH days AS (
         SELECT d::date AS day FROM generate_series(
           (now() AT TIME ZONE 'UTC')::date - 29, (now() AT TIME ZONE 'UTC')::date, interval '1 day') d
       )
       SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
              coalesce(sum(c.n) FILTER (WHERE c.lead_table = 'contact_submissions'), 0)::int AS contacts,
              coalesce(sum(c.n) FILTER (WHERE c.lead_table = 'demo_requests'), 0)::int AS demos,
              coalesce(sum(c.n) FILTER (WHERE c.lead_table = 'get_started_requests'), 0)::int AS get_started
         FROM days
         LEFT JOIN lead_daily_counts c ON c.day = days.day
          AND c.lead_table IN ('contact_submissions', 'demo_requests', 'get_started_requests')
        GROUP BY days.day
        ORDER BY days.day`,
    ),
    db.query<{ source: string; leads: number }>(SOURCES_SQL),
  ]);
  const count = (table: string) => counts.rows.find((r) => r.lead_table === table)?.n ?? 0;
  return {
    counts: {
      contacts: count('contact_submissions'),
      demos: count('demo_requests'),
      getStarted: count('get_started_requests'),
      newsletters: count('newsletter_subscribers:active'),
    },
    recent: recent.rows.map((r) => ({
      type: r.type,
      id: r.id,
      name: r.name,
      email: r.email,
      createdAt: r.created_at.toISOString(),
    })),
    sources: sources.rows,
    daily: daily.rows.map((r) => ({
      date: r.day,
      contacts: r.contacts,
      demos: r.demos,
      getStarted: r.get_started,
    })),
  };
}
