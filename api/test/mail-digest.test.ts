import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eraseLeads } from '../src/admin/privacy/erasure.repo.ts';
import type { Db } from '../src/db/pool.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { createLogger } from '../src/http/logger.ts';
import { startWorker, type Worker } from '../src/jobs/worker.ts';
import { DIGEST_LIST } from '../src/mail/digest.ts';
import { claimDigest, DIGEST_TEMPLATES } from '../src/mail/digest.repo.ts';
import { dispatch } from '../src/mail/queue.repo.ts';
import { FOLLOW_UP_TABLES } from './admin-helpers.ts';
import { startTestApp, type TestApp, truncate } from './harness.ts';
import { eventually, startSmtp, type TestSmtp } from './smtp.ts';

// Sales alerts and "assigned to you" emails by one rule about their recipient
// (docs/product.md#alert-digests): the first ALERTS_PER_MINUTE (10 by default, as here) of a clock
// minute to one recipient go one by one, the rest of that minute in one digest at its end, through a
// real SMTP server. No test waits for a real minute: the emails are put in the minute of the worker's
// clock (`now`), and the test moves that clock past the minute's end.

const SALES = ['sales@textflow.example'];
const N = 10;
let smtp: TestSmtp;
let t: TestApp;
let worker: Worker | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    leadRateLimitPerMinute: 0,
    smtpUrl: smtp.url,
    salesNotifyTo: SALES,
    mailFrom: 'TextFlow <hello@textflow.example>',
    publicUrl: 'https://textflow.example',
  });
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  smtp.release();
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  now = new Date();
  smtp.received.length = 0;
  smtp.setVerdict(() => 'accept');
  await truncate(t.db, `contact_submissions, demo_requests, ${FOLLOW_UP_TABLES}`);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

/** The worker's clock in these tests: a moment of this minute, until a test moves it on. */
let now: Date;
/** The clock passes the end of its minute. */
const endOfMinute = () => {
  now = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
};

const start = async () => {
  worker = await startWorker({ db: t.db, config: t.config, log: createLogger('silent') }, { now: () => now });
};

/**
 * Puts every email in the outbox (from id `fromId` on) into the clock minute of `at` (the test
 * clock's, unless told), a millisecond apart in the order of their ids, as if they had all come in it: the emails the test
 * makes one after another could otherwise straddle two real minutes.
 */
async function intoMinute(db: Db, at: Date = now, fromId = 0) {
  await db.query(
    `UPDATE mail_messages m
        SET created_at = date_trunc('minute', $1::timestamptz) + r.n * interval '1 millisecond'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM mail_messages WHERE id >= $2) r
      WHERE m.id = r.id`,
    [at, fromId],
  );
}

async function contacts(n: number, from = 0): Promise<number[]> {
  const ids: number[] = [];
  for (let i = from; i < from + n; i++) {
    const res = await t
      .request()
      .post('/api/contact')
      .send({
        name: `Burst ${i}`,
        email: `burst${i}@example.com`,
        company: `Co ${i}`,
        message: `A burst lead, number ${i}.`,
      });
    expect(res.status).toBe(201);
    ids.push(res.body.id as number);
  }
  return ids;
}

const toSales = () => smtp.received.filter((r) => r.to.includes(SALES[0]!));

/**
 * Waits until every sales alert's row says sent: the worker records a message sent a moment after
 * the SMTP server has taken it, so the test server's copy can come first.
 */
const alertsRecordedSent = () =>
  eventually(async () => {
    const { rows } = await t.db.query(
      `SELECT count(*)::int AS n FROM mail_messages WHERE template = 'sales-alert' AND status <> 'sent'`,
    );
    return rows[0].n === 0 ? true : undefined;
  });
const alertSubject = (i: number) => `New contact message: Burst ${i} (Co ${i})`;

describe('the dispatcher', () => {
  const undispatched = async () =>
    (
      await t.db.query(
        `SELECT template, count(*)::int AS n FROM mail_messages WHERE job_queued_at IS NULL GROUP BY template ORDER BY template`,
      )
    ).rows;

  const claim = () => claimDigest(t.db, 'sales-alert', { max: 1000, leaseSeconds: 120, now });

  it(`sends a recipient's first ${N} alerts of a minute one by one and leaves the rest to the digest, at the minute's end`, async () => {
    await contacts(N + 5);
    await intoMinute(t.db);
    // 15 acknowledgments and the first 10 alerts go to the job queue; the 11th to 15th wait.
    expect(await dispatch(t.db, 1000)).toBe(N + 5 + N);
    expect(await undispatched()).toEqual([{ template: 'sales-alert', n: 5 }]);
    // Judged once: each is marked due at the minute's end, and later rounds pass it by.
    const marked = await t.db.query(
      `SELECT count(*)::int AS n FROM mail_messages WHERE digest_due = date_trunc('minute', $1::timestamptz) + interval '1 minute'`,
      [now],
    );
    expect(marked.rows[0].n).toBe(5);
    // Their minute has not ended: the digest takes nothing yet.
    expect(await claim()).toEqual([]);
    // However long they wait, the dispatcher never sends them one by one, nor a later one.
    await contacts(1, N + 5);
    await intoMinute(t.db);
    expect(await dispatch(t.db, 1000)).toBe(1);
    expect(await undispatched()).toEqual([{ template: 'sales-alert', n: 6 }]);
    // The minute ends: the digest takes the 11th to 16th.
    endOfMinute();
    const taken = await claim();
    expect(taken).toHaveLength(6);
    // Without digests (email not configured, or digests paused) every alert goes like any message.
    await contacts(N + 2, 100);
    await intoMinute(t.db);
    expect(await dispatch(t.db, 1000, [])).toBe(2 * (N + 2));
    expect(await undispatched()).toEqual([]);
    // The jobs made here name rows the next test's TRUNCATE removes: its worker finds nothing to send.
  });

  it('counts each minute on its own, to the number ALERTS_PER_MINUTE sets', async () => {
    await contacts(5);
    await intoMinute(t.db, new Date(now.getTime() - 60_000));
    const { rows } = await t.db.query(`SELECT max(id)::int AS id FROM mail_messages`);
    await contacts(5, 5);
    await intoMinute(t.db, now, rows[0].id + 1);
    // Three a minute: each minute's first three alerts go one by one; the 4th and 5th of each wait.
    expect(await dispatch(t.db, 1000, DIGEST_TEMPLATES, true, 3)).toBe(10 + 3 + 3);
    expect(await undispatched()).toEqual([{ template: 'sales-alert', n: 4 }]);
    // Only the minute gone has ended: the digest takes its two.
    expect((await claim()).map((r) => r.created_at.getTime() < now.getTime() - 30_000)).toEqual([true, true]);
  });
});

describe('a minute of leads', () => {
  it(`sends the first ${N} alerts one by one, and the 11th to 15th in one digest once the minute ends`, async () => {
    const ids = await contacts(N + 5);
    await intoMinute(t.db);
    await start();
    // Each prospect's acknowledgment, and the first ten alerts, each on its own.
    await smtp.waitFor(N + 5 + N);
    expect(
      toSales()
        .map((r) => r.mail.subject)
        .sort(),
    ).toEqual(Array.from({ length: N }, (_, i) => alertSubject(i)).sort());
    const waiting = await t.db.query(
      `SELECT lead_id::int FROM mail_messages WHERE template = 'sales-alert' AND status = 'queued' ORDER BY id`,
    );
    expect(waiting.rows.map((r) => r.lead_id)).toEqual(ids.slice(N));

    // The worker's clock passes the minute's end: its digest goes, with the 11th to 15th.
    endOfMinute();
    await smtp.waitFor(N + 5 + N + 1);
    const digests = toSales().filter((r) => !r.mail.subject!.startsWith('New contact message'));
    expect(digests).toHaveLength(1);
    const digest = digests[0]!.mail;
    expect(digest.subject).toBe('5 new leads');
    expect(digest.messageId).toMatch(/^<sales-digest\.m\d+-m\d+\.n5@textflow\.example>$/);
    for (let i = N; i < N + 5; i++) expect(digest.text).toContain(alertSubject(i));
    expect(digest.text).not.toContain(alertSubject(N - 1));
    await alertsRecordedSent();
    const rows = await t.db.query(
      `SELECT lead_id::int, status, digest_message_id FROM mail_messages WHERE template = 'sales-alert' ORDER BY id`,
    );
    expect(rows.rows).toEqual(
      ids.map((id, i) => ({
        lead_id: id,
        status: 'sent',
        digest_message_id: i < N ? null : digest.messageId,
      })),
    );
    expect(toSales()).toHaveLength(N + 1);
  });

  it(
    `sends the sales team one digest listing the first ${DIGEST_LIST} leads past the ten and counting the rest, and acknowledges each prospect`,
    { timeout: 120_000 },
    async () => {
      const ids = await contacts(N + DIGEST_LIST + 3);
      const demo = await t.request().post('/api/demo').send({
        name: 'Demo Person',
        email: 'demo@example.com',
        company: 'Demo Co',
        preferredDate: 'tomorrow',
        preferredTime: 'morning',
      });
      expect(demo.status).toBe(201);
      await intoMinute(t.db);
      endOfMinute();
      await start();
      const total = ids.length + 1;
      const digested = total - N;
      // 2 x 214 emails through a real SMTP server: on a machine busy with other work that can take well
      // over the default 20 s.
      await smtp.waitFor(total + N + 1, 90_000);

      const alerts = toSales();
      expect(alerts).toHaveLength(N + 1);
      const digest = alerts.find((r) => r.mail.subject === `${digested} new leads`)!;
      expect(digest).toBeDefined();
      expect(digest.mail.messageId).toMatch(
        new RegExp(`^<sales-digest\\.m\\d+-m\\d+\\.n${digested}@textflow\\.example>$`),
      );
      const text = digest.mail.text!;
      for (const [i, id] of ids.entries()) {
        if (i < N || i >= N + DIGEST_LIST) continue;
        expect(text).toContain(alertSubject(i));
        expect(text).toContain(`https://textflow.example/admin/contacts/${id}`);
      }
      expect(text).toContain(`Email: burst${N}@example.com`);
      expect(text).not.toContain(`Burst ${N + DIGEST_LIST} `);
      expect(text).toContain('And 4 more, in the desk.');
      expect(digest.mail.html).toContain('href="https://textflow.example/admin"');

      // Every prospect still gets an acknowledgment of its own.
      const acks = smtp.received.filter((r) => !r.to.includes(SALES[0]!));
      expect(acks.map((r) => r.to[0]).sort()).toEqual(
        [...ids.map((_, i) => `burst${i}@example.com`), 'demo@example.com'].sort(),
      );

      // Each alert's row says it went out, and in which email; its lead's history too.
      await alertsRecordedSent();
      const rows = await t.db.query(
        `SELECT lead_kind, lead_id, status, digest_message_id, subject, recipients FROM mail_messages
        WHERE template = 'sales-alert' ORDER BY id`,
      );
      expect(rows.rows).toHaveLength(total);
      for (const r of rows.rows.slice(N)) {
        expect(r).toMatchObject({
          status: 'sent',
          digest_message_id: digest.mail.messageId,
          subject: `${digested} new leads`,
          recipients: SALES,
        });
      }
      const history = await t.db.query(
        `SELECT e.detail->>'text' AS text FROM lead_events e JOIN mail_messages m ON m.id = e.message_id
        WHERE m.template = 'sales-alert' AND m.lead_kind = 'contact' AND m.lead_id = $1 AND e.type = 'sent'`,
        [ids.at(-1)],
      );
      expect(history.rows).toEqual([{ text: `in a digest of ${digested} new leads, to ${SALES[0]}` }]);
    },
  );

  it('an erasure of one lead empties the digest on every alert that carried it, and only there', async () => {
    const ids = await contacts(N + 3);
    await intoMinute(t.db);
    endOfMinute();
    await start();
    await smtp.waitFor(N + 3 + N + 1);
    await worker?.stop();
    worker = undefined;
    const digest = await t.db.query<{ digest: string }>(
      `SELECT DISTINCT digest_message_id AS digest FROM mail_messages
        WHERE template = 'sales-alert' AND digest_message_id IS NOT NULL`,
    );
    expect(digest.rows).toHaveLength(1);

    const carried = ids.slice(N);
    await inTransaction(t.db, (db) =>
      eraseLeads(db, [{ kind: 'contact', id: carried[0]! }], [`burst${N}@example.com`], 'request'),
    );
    // The digest's text names every lead it carried: each of its rows loses it.
    const copies = await t.db.query(
      `SELECT lead_id, body_text, subject, recipients FROM mail_messages
        WHERE template = 'sales-alert' AND lead_id = ANY ($1::bigint[]) ORDER BY lead_id`,
      [carried],
    );
    expect(copies.rows).toEqual(
      carried.map((id) => ({ lead_id: id, body_text: null, subject: null, recipients: null })),
    );
    // The alerts that went one by one, and the other leads' acknowledgments, keep their content.
    const single = await t.db.query(
      `SELECT count(*)::int AS n FROM mail_messages
        WHERE template = 'sales-alert' AND lead_id = ANY ($1::bigint[]) AND body_text IS NOT NULL`,
      [ids.slice(0, N)],
    );
    expect(single.rows[0].n).toBe(N);
    const kept = await t.db.query(
      `SELECT lead_id FROM mail_messages
        WHERE template = 'acknowledgment' AND lead_id = ANY ($1::bigint[]) AND body_text IS NOT NULL
        ORDER BY lead_id`,
      [ids],
    );
    expect(kept.rows.map((r) => Number(r.lead_id))).toEqual(ids.filter((id) => id !== carried[0]));
  });

  it('sends the alerts one by one, each once, when the server refuses the digest', async () => {
    smtp.setVerdict((_to, mail) =>
      / new leads$/.test(mail.subject ?? '')
        ? { code: 552, message: '5.3.4 Message too big for us' }
        : 'accept',
    );
    const ids = await contacts(N + 3);
    await intoMinute(t.db);
    endOfMinute();
    await start();
    await smtp.waitFor(2 * ids.length);
    await eventually(async () => {
      const { rows } = await t.db.query(
        `SELECT count(*)::int AS n FROM mail_messages WHERE template = 'sales-alert' AND status = 'sent'`,
      );
      return rows[0].n === ids.length ? true : undefined;
    });
    const subjects = toSales().map((r) => r.mail.subject);
    expect(subjects.sort()).toEqual(ids.map((_, i) => alertSubject(i)).sort());
    const rows = await t.db.query(
      `SELECT status, digest_message_id FROM mail_messages WHERE template = 'sales-alert'`,
    );
    expect(rows.rows.every((r) => r.status === 'sent' && r.digest_message_id === null)).toBe(true);
    const retried = await t.db.query(
      `SELECT count(*)::int AS n FROM lead_events WHERE type = 'retrying' AND detail->>'text' LIKE '%digest%Message too big%'`,
    );
    expect(retried.rows[0].n).toBe(3);
    const said = await t.db.query(
      `SELECT DISTINCT detail->>'text' AS text FROM lead_events WHERE type = 'retrying' AND detail->>'text' LIKE '%digest%'`,
    );
    expect(said.rows).toEqual([
      {
        text: 'the digest of new leads could not be sent (552 5.3.4 Message too big for us); sending this alert on its own',
      },
    ]);
  });

  it('keeps making digests after the database failed one round', async () => {
    // A real failure of the statement that takes alerts for a digest, for as long as the trigger
    // stands; the sequence (not rolled back with it) counts the refusals.
    await t.db.query(`
      CREATE SEQUENCE digest_refusals;
      CREATE FUNCTION refuse_digest_claim() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM nextval('digest_refusals'); RAISE EXCEPTION 'the test refuses to give alerts to a digest'; END $$;
      CREATE TRIGGER refuse_digest_claim BEFORE UPDATE ON mail_messages FOR EACH ROW
        WHEN (OLD.job_queued_at IS NULL AND NEW.status = 'sending') EXECUTE FUNCTION refuse_digest_claim();`);
    try {
      await contacts(N + 2);
      await intoMinute(t.db);
      endOfMinute();
      await start();
      await smtp.waitFor(N + 2 + N);
      // Two rounds have failed (a second apart).
      await eventually(async () => {
        const { rows } = await t.db.query(`SELECT last_value, is_called FROM digest_refusals`);
        return rows[0].is_called && Number(rows[0].last_value) >= 2 ? true : undefined;
      });
      expect(toSales()).toHaveLength(N);
    } finally {
      await t.db.query(
        `DROP TRIGGER refuse_digest_claim ON mail_messages; DROP FUNCTION refuse_digest_claim(); DROP SEQUENCE digest_refusals`,
      );
    }
    await smtp.waitFor(N + 2 + N + 1);
    expect(toSales().filter((r) => r.mail.subject === '2 new leads')).toHaveLength(1);
  });
});

describe('a worker killed while it sends a digest', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

  /** The worker as its own process (the production lease and the database's clock), as mail-crash.test.ts runs it. */
  async function workerProcess(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/test/fixtures/worker-process.ts', '120'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        SMTP_URL: smtp.url,
        SALES_NOTIFY_TO: SALES.join(','),
        LOG_LEVEL: 'silent',
      },
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (l) => l === 'worker ready' && resolve());
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
    return child;
  }

  it(
    'loses none of its alerts and sends none twice: the next worker sends the digest once their lease ends',
    { timeout: 120_000 },
    async () => {
      const ids = await contacts(N + 3);
      // A minute to come: the acknowledgments and the first ten alerts go first, the digest waits.
      await intoMinute(t.db, new Date(Date.now() + 10 * 60_000));
      const first = await workerProcess();
      await smtp.waitFor(N + 3 + N);
      smtp.received.length = 0;
      // The minute ends (by the database's clock, which the worker process reads): the digest of the
      // 11th to 13th sits in the server's DATA phase when the worker dies.
      smtp.hold();
      await eventually(async () => {
        const { rowCount } = await t.db.query(
          `UPDATE mail_messages SET digest_due = clock_timestamp() - interval '1 second' WHERE digest_due IS NOT NULL`,
        );
        return rowCount === 3 ? true : undefined;
      });
      await eventually(async () => (smtp.held().some((m) => m.subject === '3 new leads') ? true : undefined));
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
      const opened = smtp.connections();
      await smtp.waitFor(0, 20_000, () => smtp.closedConnections() >= opened);
      smtp.release();
      await smtp.waitFor(0, 20_000, () => smtp.holding() === 0);
      // The server delivers nothing of a session whose client died.
      expect(smtp.received).toEqual([]);
      const taken = await t.db.query(
        `SELECT lead_id::int FROM mail_messages WHERE template = 'sales-alert' AND status = 'sending'
          AND lead_id = ANY ($1::bigint[]) ORDER BY id`,
        [ids.slice(N)],
      );
      expect(taken.rows.map((r) => r.lead_id)).toEqual(ids.slice(N));

      // Their lease runs out (as after two minutes) and the next worker's sweep gives them back.
      await t.db.query(
        `UPDATE mail_messages SET lease_until = clock_timestamp() - interval '1 second' WHERE status = 'sending'`,
      );
      await workerProcess();
      await eventually(async () => {
        const left = await t.db.query(`SELECT count(*)::int AS n FROM mail_messages WHERE status <> 'sent'`);
        return left.rows[0].n === 0 ? true : undefined;
      });
      // The digest of the other three, once, and nothing sent again.
      await smtp.waitFor(1);
      expect(smtp.received.map((r) => r.mail.subject)).toEqual(['3 new leads']);
      const digests = toSales().filter((r) => r.mail.subject === '3 new leads');
      expect(digests).toHaveLength(1);
      for (let i = N; i < N + 3; i++) expect(digests[0]!.mail.text).toContain(alertSubject(i));
      const rows = await t.db.query(
        `SELECT digest_message_id FROM mail_messages WHERE template = 'sales-alert' ORDER BY id`,
      );
      expect(rows.rows.map((r) => r.digest_message_id)).toEqual(
        ids.map((_, i) => (i < N ? null : digests[0]!.mail.messageId)),
      );
    },
  );
});

describe('a minute of assignments', () => {
  // Leads the automatic assignment shares among three people, 12 each in one minute: the two with
  // an address each get their own first ten one by one and one digest of their 11th and 12th (the
  // other's emails count nothing towards theirs); the one without has each email held, as always.
  let auto: TestApp;
  let people: { username: string; email: string | null }[];
  beforeAll(async () => {
    auto = await startTestApp({
      leadRateLimitPerMinute: 0,
      smtpUrl: smtp.url,
      salesNotifyTo: [],
      leadAutoAssign: 'least-open',
      mailFrom: 'TextFlow <hello@textflow.example>',
      publicUrl: 'https://textflow.example',
    });
    people = [
      { username: 'ana', email: 'ana@textflow.example' },
      { username: 'ben', email: 'ben@textflow.example' },
      { username: 'cy', email: null },
    ];
    for (const p of people) {
      await auto.db.query(
        `INSERT INTO admin_users (username, password_hash, role, email) VALUES ($1, 'not-a-usable-hash', 'member', $2)`,
        [p.username, p.email],
      );
    }
  });
  afterAll(() => auto.close());

  /** `n` contact messages the automatic assignment shares out in one minute, which ends before the worker starts; their ids. */
  async function assignedLeads(n: number, name: string): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await auto
        .request()
        .post('/api/contact')
        .send({
          name: `${name} ${i}`,
          email: `${name.toLowerCase()}${i}@example.com`,
          message: `Lead number ${i}.`,
        });
      expect(res.status).toBe(201);
      ids.push(res.body.id as number);
    }
    await intoMinute(auto.db);
    endOfMinute();
    worker = await startWorker(
      { db: auto.db, config: auto.config, log: createLogger('silent') },
      { now: () => now },
    );
    return ids;
  }

  it('sends each person their own first ten one by one and one digest of the rest of the minute, and each prospect its acknowledgment', async () => {
    const ids = await assignedLeads(36, 'Assigned');
    // 36 acknowledgments; for each of the two people with an address, ten emails and a digest.
    await smtp.waitFor(36 + 2 * (N + 1));
    // Each is recorded sent a moment after the server took it.
    await eventually(async () => {
      const { rows: left } = await auto.db.query(
        `SELECT count(*)::int AS n FROM mail_messages
          WHERE template = 'lead-assigned' AND params ->> 'email' IS NOT NULL AND status <> 'sent'`,
      );
      return left[0].n === 0 ? true : undefined;
    });

    const rows = await auto.db.query<{
      lead_id: number;
      status: string;
      digest_message_id: string | null;
      recipients: string[] | null;
      email: string | null;
    }>(
      `SELECT lead_id::int, status, digest_message_id, recipients, params ->> 'email' AS email
         FROM mail_messages WHERE template = 'lead-assigned' ORDER BY id`,
    );
    expect(rows.rows.map((r) => r.lead_id).sort((a, b) => a - b)).toEqual(ids);
    for (const person of people.filter((p) => p.email)) {
      const mine = rows.rows.filter((r) => r.email === person.email);
      expect(mine).toHaveLength(12);
      const got = smtp.received.filter((r) => r.to.includes(person.email!));
      expect(got).toHaveLength(N + 1);
      const singles = got.filter((r) => /^Assigned to you: contact message \d+$/.test(r.mail.subject!));
      expect(singles.map((r) => r.mail.subject).sort()).toEqual(
        mine
          .slice(0, N)
          .map((r) => `Assigned to you: contact message ${r.lead_id}`)
          .sort(),
      );
      const digest = got.find((r) => !singles.includes(r))!.mail;
      expect(digest.subject).toBe('2 leads assigned to you');
      expect(digest.messageId).toMatch(/^<assigned-digest\.m\d+-m\d+\.n2@textflow\.example>$/);
      for (const r of mine.slice(N)) {
        expect(digest.text).toContain(`Contact message ${r.lead_id}`);
        expect(digest.text).toContain(`https://textflow.example/admin/contacts/${r.lead_id}`);
        expect(r).toMatchObject({
          status: 'sent',
          digest_message_id: digest.messageId,
          recipients: [person.email],
        });
      }
      for (const r of mine.slice(0, N)) expect(r).toMatchObject({ status: 'sent', digest_message_id: null });
      expect(digest.text).toContain('Assigned by the automatic assignment');
      // Nothing of the prospects' details, as in the single email.
      expect(digest.text).not.toContain('@example.com');
      expect(digest.text).not.toMatch(/Assigned \d/);
      expect(digest.html).toContain('href="https://textflow.example/admin/contacts?assignee=me"');
      const history = await auto.db.query(
        `SELECT e.detail->>'text' AS text FROM lead_events e JOIN mail_messages m ON m.id = e.message_id
          WHERE m.template = 'lead-assigned' AND m.lead_id = $1 AND e.type = 'sent'`,
        [mine[N]!.lead_id],
      );
      expect(history.rows).toEqual([{ text: `in a digest of 2 leads assigned to you, to ${person.email}` }]);
    }
    // The account without an address: each of its emails held on its own.
    const held = rows.rows.filter((r) => r.email === null);
    expect(held).toHaveLength(12);
    await eventually(async () => {
      const { rows: statuses } = await auto.db.query(
        `SELECT DISTINCT status FROM mail_messages WHERE template = 'lead-assigned' AND params ->> 'email' IS NULL`,
      );
      return statuses.length === 1 && statuses[0].status === 'held' ? true : undefined;
    });
    // Every prospect still gets an acknowledgment of its own.
    const acks = smtp.received.filter((r) => r.to[0]!.startsWith('assigned'));
    expect(acks).toHaveLength(36);
  });

  it('sends the emails one by one, each once, when the server refuses a person’s digest', async () => {
    await truncate(auto.db, `contact_submissions, ${FOLLOW_UP_TABLES}`);
    smtp.setVerdict((_to, mail) =>
      / assigned to you$/.test(mail.subject ?? '')
        ? { code: 552, message: '5.3.4 Message too big for us' }
        : 'accept',
    );
    await assignedLeads(36, 'Refused');
    // 36 acknowledgments, and the 24 emails of the two people with an address, one by one.
    await smtp.waitFor(36 + 24);
    const rows = () =>
      auto.db.query(
        `SELECT status, digest_message_id FROM mail_messages
          WHERE template = 'lead-assigned' AND params ->> 'email' IS NOT NULL`,
      );
    await eventually(async () => ((await rows()).rows.every((r) => r.status === 'sent') ? true : undefined));
    const toPeople = smtp.received.filter((r) => r.to[0]!.endsWith('@textflow.example'));
    expect(
      toPeople.map((r) => r.mail.subject).every((s) => /^Assigned to you: contact message \d+$/.test(s!)),
    ).toBe(true);
    expect(toPeople).toHaveLength(24);
    expect((await rows()).rows).toHaveLength(24);
    expect((await rows()).rows.every((r) => r.digest_message_id === null)).toBe(true);
    const retried = await auto.db.query(
      `SELECT count(*)::int AS n FROM lead_events
        WHERE type = 'retrying' AND detail->>'text' LIKE 'the digest of leads assigned to you could not be sent%Message too big%'`,
    );
    expect(retried.rows[0].n).toBe(4);
  });
});
