import { setTimeout as pause } from 'node:timers/promises';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { Logger } from '../http/logger.ts';
import { kindBySlug } from '../leads/lead-kinds.ts';
import type { WorkerMetrics } from '../metrics/metrics.ts';
import { messageIdDomain } from './addresses.ts';
import { alertTitle, deskUrlOf } from './compose.ts';
import {
  claimDigest,
  recordDigest,
  releaseDigest,
  type DigestRow,
  type DigestSent,
  type DigestTemplate,
} from './digest.repo.ts';
import { fieldsOf, type PersonLead } from './lead-text.ts';
import { leadsOf } from './mail.repo.ts';
import { renderParts, view } from './render.ts';
import { LeadDigest, type DigestLead } from './templates/lead-digest.tsx';
import { send } from './transport.ts';

/** Leads a digest lists one by one; the rest it counts (docs/product.md#alert-digests). */
export const DIGEST_LIST = 200;
/** Emails one round of digests of a template takes at most; more waiting make the next round follow at once. */
export const DIGEST_MAX = 5000;
/** After a digest could not be sent, that template's emails go one by one for this long. */
const PAUSE_AFTER_FAILURE_MS = 60_000;

export interface DigestDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'mailFrom' | 'salesNotifyTo' | 'alertsPerMinute'>;
  log: Logger;
  metrics: WorkerMetrics | undefined;
  transport: Transporter;
  leaseSeconds: number;
  /** The worker's clock, which says when a minute has ended (tests move it); unset: the database's. */
  now?: () => Date;
}

export interface Digests {
  /** The templates whose emails past a recipient's share of a minute the dispatcher leaves to digests now (queue.repo.ts). */
  digested(): DigestTemplate[];
  stop(): Promise<void>;
}

const count = (n: number) => n.toLocaleString('en-US');
const clock = (d: Date) => d.toISOString().slice(11, 19);
const span = (rows: DigestRow[]) =>
  `between ${clock(rows[0]!.created_at)} and ${clock(rows.at(-1)!.created_at)} UTC`;
const listUrlOf = (publicUrl: string, rows: DigestRow[], query = '') => {
  const kinds = [...new Set(rows.map((r) => r.lead_kind))];
  return kinds.length === 1
    ? `${publicUrl}/admin/${kindBySlug(kinds[0]!)!.deskPath}${query}`
    : `${publicUrl}/admin`;
};

/** One lead's lines in a digest of alerts: its alert's title, and its fields but the name and company, on one line. */
function alertLead(kind: DigestRow['lead_kind'], lead: PersonLead, publicUrl: string): DigestLead {
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

/** What a digest says and to whom (its Message-ID is the same for the same rows), and what its rows record. */
interface Composed extends Omit<DigestSent, 'smtpResponse' | 'text'> {
  html: string;
  text: string;
  /** What each carried email's row shows as its text. */
  rowText: string;
}

/** The sales team's digest of these alerts. */
async function alertDigest(d: DigestDeps, rows: DigestRow[]): Promise<Composed> {
  const { publicUrl, mailFrom, salesNotifyTo } = d.config;
  const listed = rows.slice(0, DIGEST_LIST);
  const leads = await leadsOf(d.db, listed);
  const lines = listed.flatMap((r) => {
    const lead = leads.get(r.lead_kind)?.get(r.lead_id) as PersonLead | undefined;
    return lead ? [alertLead(r.lead_kind, lead, publicUrl)] : [];
  });
  const title = `${count(rows.length)} new ${rows.length === 1 ? 'lead' : 'leads'}`;
  const messageId = `<sales-digest.m${rows[0]!.id}-m${rows.at(-1)!.id}.n${rows.length}@${messageIdDomain(mailFrom)}>`;
  const parts = await renderParts(
    view(LeadDigest, {
      title,
      intro:
        `${count(rows.length)} more ${rows.length === 1 ? 'lead' : 'leads'} arrived ${span(rows)}. ` +
        `The first ${count(d.config.alertsPerMinute)} alerts of a minute come one by one; the rest of that minute come together, in one email at its end.`,
      leads: lines,
      more: `And ${count(rows.length - listed.length)} more, in the desk.`,
      hasMore: rows.length > listed.length,
      listUrl: listUrlOf(publicUrl, rows),
    }),
  );
  return {
    messageId,
    sender: mailFrom,
    recipients: salesNotifyTo,
    subject: title,
    html: parts.html,
    text: parts.text,
    rowText: `This alert went out in a digest of ${count(rows.length)} new leads (${messageId}).`,
    detail: `in a digest of ${count(rows.length)} new leads, to ${salesNotifyTo.join(', ')}`,
  };
}

/**
 * One person's digest of the leads assigned to them: each lead's kind and number, who assigned
 * it and the link to its page, nothing of the prospect's details (as the single email).
 */
async function assignedDigest(d: DigestDeps, rows: DigestRow[]): Promise<Composed> {
  const { publicUrl, mailFrom } = d.config;
  const listed = rows.slice(0, DIGEST_LIST);
  const n = rows.length;
  const title = `${count(n)} ${n === 1 ? 'lead' : 'leads'} assigned to you`;
  const messageId = `<assigned-digest.m${rows[0]!.id}-m${rows.at(-1)!.id}.n${n}@${messageIdDomain(mailFrom)}>`;
  const parts = await renderParts(
    view(LeadDigest, {
      title,
      intro:
        `${count(n)} more ${n === 1 ? 'lead was' : 'leads were'} assigned to you ${span(rows)}. ` +
        `The first ${count(d.config.alertsPerMinute)} of these emails in a minute come one by one; the rest of that minute come together, in one email at its end.`,
      leads: listed.map((r) => {
        const noun = kindBySlug(r.lead_kind)!.noun;
        return {
          title: `${noun[0]!.toUpperCase()}${noun.slice(1)} ${r.lead_id}`,
          summary: `Assigned by ${r.by ?? 'the automatic assignment'}`,
          deskUrl: deskUrlOf(publicUrl, r.lead_kind, r.lead_id),
        };
      }),
      more: `And ${count(n - listed.length)} more, under "Mine" in the desk.`,
      hasMore: n > listed.length,
      listUrl: listUrlOf(publicUrl, rows, '?assignee=me'),
    }),
  );
  return {
    messageId,
    sender: mailFrom,
    recipients: [rows[0]!.email!],
    subject: title,
    html: parts.html,
    text: parts.text,
    rowText: `This email went out in a digest of ${count(n)} leads assigned to you (${messageId}).`,
    detail: `in a digest of ${count(n)} leads assigned to you, to ${rows[0]!.email!}`,
  };
}

/** Rows by recipient and the clock minute they were created in, each group in the order of its ids. */
function byMinute(rows: DigestRow[], recipient: (r: DigestRow) => string): DigestRow[][] {
  const groups = new Map<string, DigestRow[]>();
  for (const r of rows) {
    const key = `${recipient(r)} ${Math.floor(r.created_at.getTime() / 60_000)}`;
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.values()];
}

/** A template's digests: who gets which rows, and what each says. */
const KINDS: Record<
  DigestTemplate,
  {
    groups: (rows: DigestRow[]) => DigestRow[][];
    compose: typeof alertDigest;
    /** What the digest carried, and what one of its emails is, for a history that says it went alone. */
    what: string;
    one: string;
  }
> = {
  // One digest per minute to the sales team.
  'sales-alert': {
    groups: (rows) => byMinute(rows, () => ''),
    compose: alertDigest,
    what: 'new leads',
    one: 'alert',
  },
  // One digest per person assigned and minute.
  'lead-assigned': {
    groups: (rows) => byMinute(rows, (r) => r.email!),
    compose: assignedDigest,
    what: 'leads assigned to you',
    one: 'email',
  },
};

/**
 * Sales alerts and "assigned to you" emails past a recipient's first ALERTS_PER_MINUTE of a minute
 * (docs/product.md#alert-digests): once a second, digests take those of minutes that have ended
 * (one per minute to the sales team; one per person assigned and minute), which the dispatcher
 * leaves to them. Runs beside the dispatcher in every worker, outside graphile-worker's jobs. A
 * digest that cannot be sent gives its emails back to be sent one by one, and that template's
 * digests pause for a minute. `templates`: those that have someone to go to.
 */
export function startDigests(d: DigestDeps, templates: DigestTemplate[], everyMs = 1000): Digests {
  let running = true;
  const pausedUntil = new Map<DigestTemplate, number>(templates.map((t) => [t, 0]));
  const active = () => templates.filter((t) => Date.now() >= pausedUntil.get(t)!);
  // A pause between rounds that `stop` ends at once.
  const ending = new AbortController();
  const sleep = (ms: number) => pause(ms, undefined, { signal: ending.signal }).catch(() => undefined);

  async function sendOne(template: DigestTemplate, rows: DigestRow[]): Promise<number> {
    const { what, one, compose } = KINDS[template];
    let reason: string;
    try {
      const m = await compose(d, rows);
      const sent = await send(d.transport, {
        messageId: m.messageId,
        from: m.sender,
        to: m.recipients,
        subject: m.subject,
        html: m.html,
        text: m.text,
        headers: {},
      });
      if (sent.kind === 'sent') {
        const recorded = await recordDigest(d.db, rows, {
          messageId: m.messageId,
          sender: m.sender,
          recipients: m.recipients,
          subject: m.subject,
          text: m.rowText,
          smtpResponse: sent.response,
          detail: m.detail,
        });
        d.metrics?.emails.inc({ outcome: 'sent', template }, recorded);
        return rows.length;
      }
      reason = sent.reason;
    } catch (err) {
      reason = err instanceof Error ? err.message : String(err);
    }
    d.log.warn(
      { template, emails: rows.length, reason },
      'a digest could not be sent: sending its emails one by one',
    );
    pausedUntil.set(template, Date.now() + PAUSE_AFTER_FAILURE_MS);
    await releaseDigest(
      d.db,
      rows,
      reason,
      `the digest of ${what} could not be sent (${reason}); sending this ${one} on its own`,
    );
    d.metrics?.emails.inc({ outcome: 'retried', template }, rows.length);
    return 0;
  }

  /** One round: each template's emails left to digests whose minute has ended; answers the most one took. */
  async function once(): Promise<number> {
    let most = 0;
    for (const template of active()) {
      const rows = await claimDigest(d.db, template, {
        max: DIGEST_MAX,
        leaseSeconds: d.leaseSeconds,
        now: d.now?.(),
      });
      if (rows.length === 0) continue;
      most = Math.max(most, rows.length);
      await Promise.all(KINDS[template].groups(rows).map((group) => sendOne(template, group)));
    }
    return most;
  }

  const loop = (async () => {
    while (running) {
      // A round the database failed (recording or giving back a digest) is logged; the next comes.
      const taken = await once().catch((err: unknown) => {
        d.log.warn({ err }, 'could not make a digest');
        return 0;
      });
      if (taken < DIGEST_MAX && running) {
        await sleep(everyMs);
      }
    }
  })();

  return {
    digested: () => (running ? active() : []),
    async stop() {
      running = false;
      ending.abort();
      await loop;
    },
  };
}
