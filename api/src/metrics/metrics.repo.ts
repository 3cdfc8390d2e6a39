import type { Db } from '../db/pool.ts';

/** Lead counts from the counters the lead tables' triggers keep (newsletter: active ones). */
export async function leadCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<{ lead_table: string; n: number }>(
    `SELECT lead_table, sum(n)::bigint AS n FROM lead_counts GROUP BY lead_table`,
  );
  const n = (t: string) => rows.find((r) => r.lead_table === t)?.n ?? 0;
  return {
    contact: n('contact_submissions'),
    demo: n('demo_requests'),
    'get-started': n('get_started_requests'),
    newsletter: n('newsletter_subscribers:active'),
  };
}

export async function jobQueueDepth(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<{ ready: number; scheduled: number; running: number }>(
    `SELECT count(*) FILTER (WHERE locked_at IS NULL AND run_at <= now() AND attempts < max_attempts)::int AS ready,
            count(*) FILTER (WHERE locked_at IS NULL AND run_at > now() AND attempts < max_attempts)::int AS scheduled,
            count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS running
       FROM graphile_worker.jobs`,
  );
  return rows[0]!;
}

/** Unsent emails by status, from the outbox's small partial index (sent ones are not in it). */
export async function deliveryCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM mail_messages WHERE status <> 'sent' GROUP BY status`,
  );
  const out: Record<string, number> = { queued: 0, sending: 0, failed: 0, held: 0 };
  for (const r of rows) out[r.status] = r.n;
  return out;
}
