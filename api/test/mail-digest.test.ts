import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eraseLeads } from '../src/admin/privacy/erasure.repo.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { createLogger } from '../src/http/logger.ts';
import { startWorker, type Worker } from '../src/jobs/worker.ts';
import { DIGEST_LIST } from '../src/mail/digest.ts';
import { dispatch } from '../src/mail/queue.repo.ts';
import { FOLLOW_UP_TABLES } from './admin-helpers.ts';
import { startTestApp, type TestApp, truncate } from './harness.ts';
import { eventually, startSmtp, type TestSmtp } from './smtp.ts';

// Sales alerts during a burst of leads go out as one digest (docs/product.md#alert-digests),
// through a real SMTP server. The leads arrive before the worker starts, so the burst is there
// when it first looks.

const SALES = ['sales@textflow.example'];
const DIGEST_AT = 5;
let smtp: TestSmtp;
let t: TestApp;
let worker: Worker | undefined;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({
    leadRateLimitPerMinute: 0,
    smtpUrl: smtp.url,
    salesNotifyTo: SALES,
    alertDigestAt: DIGEST_AT,
    mailFrom: 'TextFlow <hello@textflow.example>',
    publicUrl: 'https://textflow.example',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  smtp.setVerdict(() => 'accept');
  await truncate(t.db, `contact_submissions, demo_requests, ${FOLLOW_UP_TABLES}`);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

const start = async () => {
  worker = await startWorker({ db: t.db, config: t.config, log: createLogger('silent') });
};

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

describe('the dispatcher', () => {
  const undispatched = async () =>
    (
      await t.db.query(
        `SELECT template, count(*)::int AS n FROM mail_messages WHERE job_queued_at IS NULL GROUP BY template ORDER BY template`,
      )
    ).rows;

  it(`leaves the alerts to the digest once ${DIGEST_AT} wait, and only then`, async () => {
    await contacts(DIGEST_AT);
    // Acknowledgments go to the job queue; the alerts stay for the digest.
    expect(await dispatch(t.db, 1000, DIGEST_AT)).toBe(DIGEST_AT);
    expect(await undispatched()).toEqual([{ template: 'sales-alert', n: DIGEST_AT }]);
    // Without digests, or with fewer alerts waiting than the mark, alerts go like any message.
    expect(await dispatch(t.db, 1000, DIGEST_AT + 1)).toBe(DIGEST_AT);
    expect(await undispatched()).toEqual([]);
    await contacts(2, DIGEST_AT);
    expect(await dispatch(t.db, 1000, null)).toBe(4);
    expect(await undispatched()).toEqual([]);
    // The jobs made here name rows the next test's TRUNCATE removes: its worker finds nothing to send.
  });
});

describe('a burst of leads', () => {
  it(
    `sends the sales team one digest listing the first ${DIGEST_LIST} leads and counting the rest, and acknowledges each prospect`,
    { timeout: 120_000 },
    async () => {
      const ids = await contacts(DIGEST_LIST + 3);
      const demo = await t.request().post('/api/demo').send({
        name: 'Demo Person',
        email: 'demo@example.com',
        company: 'Demo Co',
        preferredDate: 'tomorrow',
        preferredTime: 'morning',
      });
      expect(demo.status).toBe(201);
      await start();
      const total = ids.length + 1;
      // 205 emails through a real SMTP server: on a machine busy with other work that can take well
      // over the default 20 s (a run beside the compose test delivered 80 by then).
      await smtp.waitFor(total + 1, 90_000);

      const alerts = toSales();
      expect(alerts).toHaveLength(1);
      const digest = alerts[0]!;
      expect(digest.mail.subject).toBe(`${total} new leads`);
      expect(digest.mail.messageId).toMatch(
        new RegExp(`^<sales-digest\\.m\\d+-m\\d+\\.n${total}@textflow\\.example>$`),
      );
      const text = digest.mail.text!;
      for (const [i, id] of ids.slice(0, DIGEST_LIST).entries()) {
        expect(text).toContain(`New contact message: Burst ${i} (Co ${i})`);
        expect(text).toContain(`https://textflow.example/admin/contacts/${id}`);
      }
      expect(text).toContain('Email: burst0@example.com');
      expect(text).not.toContain(`Burst ${DIGEST_LIST}`);
      expect(text).toContain('And 4 more, in the desk.');
      expect(digest.mail.html).toContain('href="https://textflow.example/admin"');

      // Every prospect still gets an acknowledgment of its own.
      const acks = smtp.received.filter((r) => !r.to.includes(SALES[0]!));
      expect(acks.map((r) => r.to[0]).sort()).toEqual(
        [...ids.map((_, i) => `burst${i}@example.com`), 'demo@example.com'].sort(),
      );

      // Each alert's row says it went out, and in which email; its lead's history too.
      const rows = await t.db.query(
        `SELECT lead_kind, lead_id, status, digest_message_id, subject, recipients FROM mail_messages
        WHERE template = 'sales-alert' ORDER BY id`,
      );
      expect(rows.rows).toHaveLength(total);
      for (const r of rows.rows) {
        expect(r).toMatchObject({
          status: 'sent',
          digest_message_id: digest.mail.messageId,
          subject: `${total} new leads`,
          recipients: SALES,
        });
      }
      const history = await t.db.query(
        `SELECT e.detail->>'text' AS text FROM lead_events e JOIN mail_messages m ON m.id = e.message_id
        WHERE m.template = 'sales-alert' AND m.lead_kind = 'contact' AND m.lead_id = $1 AND e.type = 'sent'`,
        [ids.at(-1)],
      );
      expect(history.rows).toEqual([{ text: `in a digest of ${total} new leads, to ${SALES[0]}` }]);
    },
  );

  it('an erasure of one lead empties the digest on every alert that carried it, and only there', async () => {
    const ids = await contacts(DIGEST_AT);
    await start();
    await smtp.waitFor(DIGEST_AT + 1);
    await worker?.stop();
    worker = undefined;
    const digest = await t.db.query<{ digest: string }>(
      `SELECT DISTINCT digest_message_id AS digest FROM mail_messages
        WHERE template = 'sales-alert' AND digest_message_id IS NOT NULL`,
    );
    expect(digest.rows).toHaveLength(1);

    await inTransaction(t.db, (db) =>
      eraseLeads(db, [{ kind: 'contact', id: ids[0]! }], ['burst0@example.com'], 'request'),
    );
    // The digest's text names every lead it carried: each of its rows loses it.
    const copies = await t.db.query(
      `SELECT lead_id, body_text, subject, recipients FROM mail_messages
        WHERE template = 'sales-alert' AND lead_id = ANY ($1::bigint[]) ORDER BY lead_id`,
      [ids],
    );
    expect(copies.rows).toEqual(
      ids.map((id) => ({ lead_id: id, body_text: null, subject: null, recipients: null })),
    );
    // The other leads' own emails (their acknowledgments) keep their content.
    const kept = await t.db.query(
      `SELECT lead_id FROM mail_messages
        WHERE template = 'acknowledgment' AND lead_id = ANY ($1::bigint[]) AND body_text IS NOT NULL
        ORDER BY lead_id`,
      [ids],
    );
    expect(kept.rows.map((r) => Number(r.lead_id))).toEqual(ids.slice(1));
  });

  it(`sends alerts one by one when fewer than ${DIGEST_AT} wait`, async () => {
    await contacts(DIGEST_AT - 1);
    await start();
    await smtp.waitFor(2 * (DIGEST_AT - 1));
    const subjects = toSales().map((r) => r.mail.subject);
    expect(subjects.sort()).toEqual(
      Array.from({ length: DIGEST_AT - 1 }, (_, i) => `New contact message: Burst ${i} (Co ${i})`).sort(),
    );
  });

  it('sends the alerts one by one, each once, when the server refuses the digest', async () => {
    smtp.setVerdict((_to, mail) =>
      / new leads$/.test(mail.subject ?? '')
        ? { code: 552, message: '5.3.4 Message too big for us' }
        : 'accept',
    );
    const ids = await contacts(DIGEST_AT + 2);
    await start();
    await smtp.waitFor(2 * ids.length);
    await new Promise((r) => setTimeout(r, 300));
    const subjects = toSales().map((r) => r.mail.subject);
    expect(subjects.sort()).toEqual(ids.map((_, i) => `New contact message: Burst ${i} (Co ${i})`).sort());
    const rows = await t.db.query(
      `SELECT status, digest_message_id FROM mail_messages WHERE template = 'sales-alert'`,
    );
    expect(rows.rows.every((r) => r.status === 'sent' && r.digest_message_id === null)).toBe(true);
    const retried = await t.db.query(
      `SELECT count(*)::int AS n FROM lead_events WHERE type = 'retrying' AND detail->>'text' LIKE '%digest%Message too big%'`,
    );
    expect(retried.rows[0].n).toBe(ids.length);
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
    // A real failure of the statement that takes alerts for a digest, for as long as the trigger stands.
    await t.db.query(`
      CREATE FUNCTION refuse_digest_claim() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the test refuses to give alerts to a digest'; END $$;
      CREATE TRIGGER refuse_digest_claim BEFORE UPDATE ON mail_messages FOR EACH ROW
        WHEN (OLD.job_queued_at IS NULL AND NEW.status = 'sending') EXECUTE FUNCTION refuse_digest_claim();`);
    try {
      await contacts(DIGEST_AT);
      await start();
      await smtp.waitFor(DIGEST_AT);
      // Rounds come a second apart: at least one has failed by now.
      await new Promise((r) => setTimeout(r, 1500));
      expect(toSales()).toEqual([]);
    } finally {
      await t.db.query(
        `DROP TRIGGER refuse_digest_claim ON mail_messages; DROP FUNCTION refuse_digest_claim()`,
      );
    }
    await smtp.waitFor(DIGEST_AT + 1);
    expect(toSales().map((r) => r.mail.subject)).toEqual([`${DIGEST_AT} new leads`]);
  });
});

describe('a burst of assignments', () => {
  // Leads the automatic assignment shares among three people: two with an address get one digest
  // each of the leads assigned to them; the one without has each email held, as always.
  let auto: TestApp;
  let people: { username: string; email: string | null }[];
  beforeAll(async () => {
    auto = await startTestApp({
      leadRateLimitPerMinute: 0,
      smtpUrl: smtp.url,
      salesNotifyTo: [],
      alertDigestAt: DIGEST_AT,
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

  /** `n` contact messages the automatic assignment shares out, then the worker starts; their ids. */
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
    worker = await startWorker({ db: auto.db, config: auto.config, log: createLogger('silent') });
    return ids;
  }

  it('sends each person one digest of the leads assigned to them, and each prospect its acknowledgment', async () => {
    const ids = await assignedLeads(12, 'Assigned');
    await smtp.waitFor(12 + 2);

    const rows = await auto.db.query<{
      lead_id: number;
      status: string;
      digest_message_id: string | null;
      recipients: string[] | null;
      email: string | null;
    }>(
      `SELECT lead_id::int, status, digest_message_id, recipients, params ->> 'email' AS email
         FROM mail_messages WHERE template = 'lead-assigned' ORDER BY lead_id`,
    );
    expect(rows.rows.map((r) => r.lead_id)).toEqual(ids);
    for (const person of people.filter((p) => p.email)) {
      const mine = rows.rows.filter((r) => r.email === person.email);
      expect(mine).toHaveLength(4);
      const got = smtp.received.filter((r) => r.to.includes(person.email!));
      expect(got).toHaveLength(1);
      const digest = got[0]!.mail;
      expect(digest.subject).toBe('4 leads assigned to you');
      expect(digest.messageId).toMatch(/^<assigned-digest\.m\d+-m\d+\.n4@textflow\.example>$/);
      for (const r of mine) {
        expect(digest.text).toContain(`Contact message ${r.lead_id}`);
        expect(digest.text).toContain(`https://textflow.example/admin/contacts/${r.lead_id}`);
        expect(r).toMatchObject({
          status: 'sent',
          digest_message_id: digest.messageId,
          recipients: [person.email],
        });
      }
      expect(digest.text).toContain('Assigned by the automatic assignment');
      // Nothing of the prospects' details, as in the single email.
      expect(digest.text).not.toContain('@example.com');
      expect(digest.text).not.toMatch(/Assigned \d/);
      expect(digest.html).toContain('href="https://textflow.example/admin/contacts?assignee=me"');
      const history = await auto.db.query(
        `SELECT e.detail->>'text' AS text FROM lead_events e JOIN mail_messages m ON m.id = e.message_id
          WHERE m.template = 'lead-assigned' AND m.lead_id = $1 AND e.type = 'sent'`,
        [mine[0]!.lead_id],
      );
      expect(history.rows).toEqual([{ text: `in a digest of 4 leads assigned to you, to ${person.email}` }]);
    }
    // The account without an address: each of its emails held on its own, as without a burst.
    const held = rows.rows.filter((r) => r.email === null);
    expect(held).toHaveLength(4);
    await eventually(async () => {
      const { rows: statuses } = await auto.db.query(
        `SELECT DISTINCT status FROM mail_messages WHERE template = 'lead-assigned' AND params ->> 'email' IS NULL`,
      );
      return statuses.length === 1 && statuses[0].status === 'held' ? true : undefined;
    });
    // Every prospect still gets an acknowledgment of its own.
    const acks = smtp.received.filter((r) => r.to[0]!.startsWith('assigned'));
    expect(acks).toHaveLength(12);
  });

  it('sends the emails one by one, each once, when the server refuses a person’s digest', async () => {
    await truncate(auto.db, `contact_submissions, ${FOLLOW_UP_TABLES}`);
    smtp.setVerdict((_to, mail) =>
      / assigned to you$/.test(mail.subject ?? '')
        ? { code: 552, message: '5.3.4 Message too big for us' }
        : 'accept',
    );
    await assignedLeads(9, 'Refused');
    // Nine acknowledgments, and the six emails of the two people with an address, one by one.
    await smtp.waitFor(9 + 6);
    await new Promise((r) => setTimeout(r, 300));
    const toPeople = smtp.received.filter((r) => r.to[0]!.endsWith('@textflow.example'));
    expect(
      toPeople.map((r) => r.mail.subject).every((s) => /^Assigned to you: contact message \d+$/.test(s!)),
    ).toBe(true);
    expect(toPeople).toHaveLength(6);
    const rows = await auto.db.query(
      `SELECT status, digest_message_id FROM mail_messages
        WHERE template = 'lead-assigned' AND params ->> 'email' IS NOT NULL`,
    );
    expect(rows.rows).toHaveLength(6);
    expect(rows.rows.every((r) => r.status === 'sent' && r.digest_message_id === null)).toBe(true);
    const retried = await auto.db.query(
      `SELECT count(*)::int AS n FROM lead_events
        WHERE type = 'retrying' AND detail->>'text' LIKE 'the digest of leads assigned to you could not be sent%Message too big%'`,
    );
    expect(retried.rows[0].n).toBe(6);
  });
});
