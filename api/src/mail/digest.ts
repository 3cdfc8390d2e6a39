import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import { kindBySlug } from '../leads/lead-kinds.ts';
import type { WorkerMetrics } from '../metrics/metrics.ts';
import { alertTitle, deskUrlOf, messageIdDomain } from './compose.ts';
import { claimDigest, recordDigest, releaseDigest, type DigestRow } from './digest.repo.ts';
import { fieldsOf, type PersonLead } from './lead-text.ts';
import { leadsOf } from './mail.repo.ts';
import { renderParts, view } from './render.ts';
import { SalesDigest, type DigestLead } from './templates/sales-digest.tsx';
import { send } from './transport.ts';

/** Leads a digest lists one by one; the rest it counts (docs/product.md#alert-digests). */
export const DIGEST_LIST = 200;
/** Alerts one digest takes at most; more waiting make the next digest follow at once. */
export const DIGEST_MAX = 5000;
/** After a digest could not be sent, alerts go one by one for this long. */
const PAUSE_AFTER_FAILURE_MS = 60_000;

export interface DigestDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'mailFrom' | 'salesNotifyTo'>;
  log: Logger;
  metrics: WorkerMetrics | undefined;
  transport: Transporter;
  leaseSeconds: number;
}

export interface AlertDigests {
  /** What the dispatcher leaves alerts for the digest at (queue.repo.ts); null = it sends them all. */
  digestAt(): number | null;
  stop(): Promise<void>;
}

const count = (n: number) => n.toLocaleString('en-US');
const clock = (d: Date) => d.toISOString().slice(11, 19);

/** One lead's lines in a digest: its alert's title, and its fields but the name and company, on one line. */
function digestLead(kind: DigestRow['lead_kind'], lead: PersonLead, publicUrl: string): DigestLead {
  const summary = fieldsOf(kind, lead)
    .filter((f) => f.label !== 'Name' && f.label !== 'Company' && f.value !== '—')
    .map((f) => `${f.label}: ${f.value.length > 140 ? `${f.value.slice(0, 139)}…` : f.value}`)
    .join(' · ');
  return {
    title: alertTitle(kind, lead),
    summary,
    deskUrl: deskUrlOf(publicUrl, kind, lead.id),
  };
}

/** The digest of these alerts: what it says, to whom, and its Message-ID (the same for the same rows). */
async function composeDigest(d: DigestDeps, rows: DigestRow[]) {
  const { publicUrl, mailFrom, salesNotifyTo } = d.config;
  const listed = rows.slice(0, DIGEST_LIST);
  const leads = await leadsOf(d.db, listed);
  const lines = listed.flatMap((r) => {
    const lead = leads.get(r.lead_kind)?.get(r.lead_id) as PersonLead | undefined;
    return lead ? [digestLead(r.lead_kind, lead, publicUrl)] : [];
  });
  const first = rows[0]!;
  const last = rows.at(-1)!;
  const kinds = [...new Set(rows.map((r) => r.lead_kind))];
  const rest = rows.length - listed.length;
  const title = `${count(rows.length)} new leads`;
  const parts = await renderParts(
    view(
      SalesDigest,
      {
        title,
        intro:
          `${count(rows.length)} leads arrived between ${clock(first.created_at)} and ${clock(last.created_at)} UTC. ` +
          'While leads arrive this fast, their alerts come together, one email a second; one by one again once it calms down.',
        leads: lines,
        more: `And ${count(rest)} more, in the desk.`,
        hasMore: rest > 0,
        listUrl:
          kinds.length === 1 ? `${publicUrl}/admin/${kindBySlug(kinds[0]!)!.deskPath}` : `${publicUrl}/admin`,
      },
      ['hasMore'],
    ),
  );
  return {
    messageId: `<sales-digest.m${first.id}-m${last.id}.n${rows.length}@${messageIdDomain(mailFrom)}>`,
    from: mailFrom,
    to: salesNotifyTo,
    subject: title,
    ...parts,
  };
}

/**
 * Sales alerts during a burst of leads (docs/product.md#alert-digests): once a second, when at
 * least `at` alerts wait, one digest email takes them all, and the dispatcher leaves alerts to it
 * meanwhile. Runs beside the dispatcher in every worker, outside graphile-worker's jobs, so that
 * the in-process worker's hold (foreground.ts) does not hold the alerts: one email a second costs
 * the API next to nothing. A digest that cannot be sent gives its alerts back to be sent one by
 * one, and digests pause for a minute.
 */
export function startAlertDigests(d: DigestDeps, at: number, everyMs = 1000): AlertDigests {
  let running = true;
  let pausedUntil = 0;
  let wake: (() => void) | undefined;

  async function once(): Promise<number> {
    const rows = await claimDigest(d.db, at, DIGEST_MAX, d.leaseSeconds);
    if (rows.length === 0) return 0;
    let reason: string;
    try {
      const m = await composeDigest(d, rows);
      const sent = await send(d.transport, { ...m, headers: {} });
      if (sent.kind === 'sent') {
        const recorded = await recordDigest(d.db, rows, {
          messageId: m.messageId,
          sender: m.from,
          recipients: m.to,
          subject: m.subject,
          text: `This alert went out in a digest of ${count(rows.length)} new leads (${m.messageId}).`,
          smtpResponse: sent.response,
          detail: `in a digest of ${count(rows.length)} new leads, to ${m.to.join(', ')}`,
        });
        d.metrics?.emails.inc({ outcome: 'sent', template: 'sales-alert' }, recorded);
        return rows.length;
      }
      reason = sent.reason;
    } catch (err) {
      reason = err instanceof Error ? err.message : String(err);
    }
    d.log.warn(
      { alerts: rows.length, reason },
      'a digest of alerts could not be sent: sending them one by one',
    );
    pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
    await releaseDigest(d.db, rows, reason);
    d.metrics?.emails.inc({ outcome: 'retried', template: 'sales-alert' }, rows.length);
    return 0;
  }

  const loop = (async () => {
    while (running) {
      let taken = 0;
      if (Date.now() >= pausedUntil) {
        taken = await once().catch((err: unknown) => {
          d.log.warn({ err }, 'could not make a digest of alerts');
          return 0;
        });
      }
      if (taken < DIGEST_MAX && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, everyMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  })();

  return {
    digestAt: () => (running && Date.now() >= pausedUntil ? at : null),
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
