import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../src/admin/privacy/retention.ts';
import { expectContract } from './contract.ts';
import { startMailApp, type MailApp } from './mail-app.ts';
import { describeHits, personNamed, scanDatabase, type Person } from './privacy-helpers.ts';
import { eventually } from './smtp.ts';
import { relayOutbox } from '../src/webhooks/relay.repo.ts';
import { createEndpoint, startWebhookApp } from './webhook-app.ts';
import { startReceiver, type Receiver } from './webhook-receivers.ts';

let app: MailApp;
let receiver: Receiver;

beforeAll(async () => {
  app = await startMailApp({
    webhookAllowHttp: true,
    webhookAllowPrivate: true,
    salesNotifyTo: ['sales@textflow.example'],
    // Every alert one by one, so that each intact lead's alert row keeps its own text to check: the
    // races here send more than ten a minute, and what an erasure does to a digest's copies is
    // mail-digest.test.ts's (docs/product.md#alert-digests).
    alertsPerMinute: 1000,
  });
  receiver = await startReceiver((_n, r) => ({ status: 200, body: r.body.slice(0, 300) }));
  await createEndpoint(app.admin, receiver);
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

const lead = (path: string, p: Person) =>
  app.t
    .request()
    .post(path)
    .send({
      name: p.name,
      email: p.email,
      phone: p.phone,
      company: p.company,
      message: `About ${p.company} today`,
    });

/** Waits until no email is queued or being sent, and no webhook waits to be delivered. */
const quiet = () =>
  eventually(async () => {
    const { rows } = await app.t.db.query(
      `SELECT (SELECT count(*) FROM mail_messages WHERE status IN ('queued', 'sending'))
            + (SELECT count(*) FROM webhook_outbox)
            + (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending') AS n`,
    );
    return Number(rows[0].n) === 0 ? true : undefined;
  }, 60_000);

/** Each of these people's leads is there with their name, and its sales alert went out naming them. */
async function intact(people: Person[]) {
  await quiet();
  for (const p of people) {
    const { rows } = await app.t.db.query(
      `SELECT c.name, c.phone, c.company, m.status, m.body_text
         FROM contact_submissions c
         JOIN mail_messages m ON m.lead_kind = 'contact' AND m.lead_id = c.id AND m.template = 'sales-alert'
        WHERE c.email = $1`,
      [p.email],
    );
    expect(rows, p.email).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: p.name, phone: p.phone, company: p.company, status: 'sent' });
    expect(rows[0].body_text).toContain(p.name);
  }
}

describe('erasure and retention racing the site and the worker', () => {
  it('an erasure racing new leads, a status change and the worker sending to the person loses no one else’s data', async () => {
    const dana = personNamed('Dana', 'Oakenshield');
    const demo = await lead('/api/demo', dana);
    await lead('/api/contact', dana);
    await quiet();

    // The worker is in the middle of sending Dana's newest emails when the erasure comes.
    app.smtp.hold();
    await lead('/api/get-started', dana);
    await eventually(async () => (app.smtp.holding() > 0 ? true : undefined));

    const others = Array.from({ length: 12 }, (_, i) => personNamed(`Racer${i}`, 'Hollowell'));
    const [erased, status, ...posted] = await Promise.all([
      app.admin.post('/api/admin/personal-data/erasure').send({ email: dana.email }),
      app.admin.patch(`/api/demos/${demo.body.id}`).send({ status: 'confirmed' }),
      ...others.map((p) => lead('/api/contact', p)),
    ]);
    app.smtp.release();
    expectContract('erasePersonalData', erased);
    expect(erased.status).toBe(200);
    expect(status.status).toBe(200);
    for (const res of posted) expect(res.status).toBe(201);

    await intact(others);
    expect(describeHits(await scanDatabase(app.t.db, dana))).toEqual([]);
    const { rows } = await app.t.db.query(`SELECT status, name FROM demo_requests WHERE id = $1`, [
      demo.body.id,
    ]);
    expect(rows[0]).toEqual({ status: 'confirmed', name: '' });
  });

  it('retention racing new leads and the worker leaves nothing of the expired person and loses no one else’s data', async () => {
    const fay = personNamed('Fay', 'Underhill');
    const old = await lead('/api/contact', fay);
    await quiet();
    await app.t.db.query(
      `UPDATE contact_submissions SET created_at = created_at - interval '40 days' WHERE id = $1`,
      [old.body.id],
    );
    const others = Array.from({ length: 12 }, (_, i) => personNamed(`Runner${i}`, 'Brightwater'));
    const [counts] = await Promise.all([
      runRetention(app.t.db, { ...app.t.config.retention, leadDays: 30 }, { batch: 1 }),
      ...others.map((p) => lead('/api/contact', p)),
    ]);
    expect(counts.leads).toBeGreaterThanOrEqual(1);
    await intact(others);
    expect(describeHits(await scanDatabase(app.t.db, fay))).toEqual([]);
  });
});

describe('an erasure racing the webhook relay', () => {
  it('cancels the delivery the relay was writing for the person’s event as the erasure came', async () => {
    const w = await startWebhookApp();
    const rcv = await startReceiver(() => ({ status: 204 }));
    const relay = await w.t.db.connect();
    try {
      await w.stopJobs(); // this test relays by hand
      await createEndpoint(w.admin, rcv);
      const eve = personNamed('Eve', 'Farrowdale');
      const posted = await w.t
        .request()
        .post('/api/contact')
        .send({ name: eve.name, email: eve.email, company: eve.company, message: 'About the engines' });
      expect(posted.status).toBe(201);

      // The relay has taken the lead's event from the outbox and written its delivery, not committed yet.
      await relay.query('BEGIN');
      expect(await relayOutbox(relay, 100)).toBe(1);
      const erasing = w.admin
        .post('/api/admin/personal-data/erasure')
        .send({ email: eve.email })
        .then((res) => res);
      await eventually(async () => {
        const { rows } = await w.t.db.query(
          `SELECT 1 FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%webhook_outbox%'`,
        );
        return rows.length > 0 ? true : undefined;
      });
      await relay.query('COMMIT');
      const erased = await erasing;
      expect(erased.status).toBe(200);

      const { rows } = await w.t.db.query(
        `SELECT d.status, e.data FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
          WHERE e.lead_kind = 'contact' AND e.lead_id = $1`,
        [posted.body.id],
      );
      expect(rows).toEqual([{ status: 'failed', data: null }]);
    } finally {
      relay.release();
      await rcv.close();
      await w.close();
    }
  });
});
