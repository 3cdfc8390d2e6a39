import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../src/admin/privacy/retention.ts';
import { createMetrics } from '../src/metrics/metrics.ts';
import { expectContract } from './contract.ts';
import { startMailApp, type MailApp } from './mail-app.ts';
import { describeHits, personNamed, scanDatabase, type Hit, type Person } from './privacy-helpers.ts';
import { eventually } from './smtp.ts';
import { createEndpoint } from './webhook-app.ts';
import { startReceiver, type Receiver } from './webhook-receivers.ts';

let app: MailApp;
let admin: supertest.Agent;
let receiver: Receiver;

beforeAll(async () => {
  app = await startMailApp({
    webhookAllowHttp: true,
    webhookAllowPrivate: true,
    webhookRetryScheduleMs: [300, 300],
    salesNotifyTo: ['sales@textflow.example'],
    // Every alert one by one: the people here leave more than ten leads a minute, and each lead's
    // follow-up is waited for before its data is read; what an erasure does to a digest's copies
    // is mail-digest.test.ts's (docs/product.md#alert-digests).
    alertsPerMinute: 1000,
  });
  admin = app.admin;
  // A CRM-like receiver that answers with what it got: response excerpts hold the person too.
  receiver = await startReceiver((_n, r) => ({ status: 200, body: r.body.slice(0, 300) }));
  await createEndpoint(admin, receiver, {
    events: [
      'lead.created',
      'lead.status_changed',
      'demo.scheduled',
      'newsletter.confirmed',
      'newsletter.unsubscribed',
      'person.erased',
    ],
  });
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

const post = (path: string, body: Record<string, unknown>) => app.t.request().post(path).send(body);

interface Leads {
  contact: number;
  demo: number;
  getStarted: number;
}

/**
 * What the visitor's browser sends with every lead besides the form (docs/product.md#attribution),
 * holding the person as campaign tools do: their address in utm_content and utm_term, and the
 * rest of them in every other value the contract lets through.
 */
const attributionOf = (p: Person) => ({
  landingPage: `/welcome/${p.email}`,
  referrer: `https://${p.handle}.example`,
  utmSource: p.company,
  utmMedium: p.phone,
  utmCampaign: p.name,
  utmTerm: `${p.name} <${p.email}>`,
  utmContent: p.email,
});

/**
 * A contact message, a demo request and a get-started request from this person (the address as
 * typed), with the person in every field a client can send: each form's text fields, the
 * attribution, the proof-of-work field (not a solution: nothing of it may stay) and the
 * Idempotency-Key. A submission with the honeypot filled in carries them too (nothing is stored).
 */
async function leaveLeads(p: Person, typedEmail = p.email): Promise<Leads> {
  const person = {
    name: p.name,
    email: typedEmail,
    phone: p.phone,
    company: p.company,
    ...attributionOf(p),
    altcha: Buffer.from(JSON.stringify({ from: p.name, email: p.email })).toString('base64'),
  };
  const send = (path: string, body: Record<string, unknown>) =>
    app.t.request().post(path).set('Idempotency-Key', `${path}:${p.email}`).send(body);
  const contact = await send('/api/contact', { ...person, message: `Please call ${p.name} back soon.` });
  const demo = await send('/api/demo', { ...person, message: `Demo for ${p.company}` });
  const getStarted = await send('/api/get-started', { ...person, message: `Reach ${p.phone}` });
  for (const res of [contact, demo, getStarted]) expect(res.status, JSON.stringify(res.body)).toBe(201);
  const bot = await post('/api/contact', {
    ...person,
    message: `Written by ${p.name} for a bot`,
    website: `${p.name} ${p.email}`,
  });
  expect(bot.status).toBe(202);
  return { contact: contact.body.id, demo: demo.body.id, getStarted: getStarted.body.id };
}

/** Waits until nothing about these leads waits to be sent or delivered. */
async function settled(kinds: string[], ids: number[]) {
  await eventually(async () => {
    const { rows } = await app.t.db.query(
      `SELECT (SELECT count(*) FROM mail_messages
                WHERE (lead_kind, lead_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))
                  AND status IN ('queued', 'sending'))::int AS mail,
              (SELECT count(*) FROM webhook_outbox)::int
            + (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS hooks`,
      [kinds, ids],
    );
    return rows[0].mail === 0 && rows[0].hooks === 0 ? true : undefined;
  }, 30_000);
}

const refsOf = (l: Leads) => [
  { kind: 'contact', id: l.contact },
  { kind: 'demo', id: l.demo },
  { kind: 'get-started', id: l.getStarted },
];

const tokenIn = (html: string, path: string) =>
  new URL(
    new RegExp(`href="([^"]+${path}\\?token=[^"]+)"`).exec(html)![1]!.replaceAll('&amp;', '&'),
  ).searchParams.get('token');

/** Everything a person can leave: the three kinds of lead, a confirmed subscription, a demo invitation, notes. */
async function leaveEverything(p: Person, typedEmail?: string) {
  const leads = await leaveLeads(p, typedEmail);
  const subscribed = await app.t
    .request()
    .post('/api/newsletter')
    .set('Idempotency-Key', `newsletter:${p.email}`)
    .send({ email: p.email, consent: 'newsletter-v1' });
  expect(subscribed.status).toBe(202);
  const confirmation = await eventually(async () =>
    app.smtp.received.find((r) => r.to.includes(p.email) && /confirm/i.test(String(r.mail.subject))),
  );
  const confirmed = await post('/api/newsletter/confirm', {
    token: tokenIn(String(confirmation.mail.html), '/newsletter/confirm'),
  });
  expect(confirmed.status).toBe(200);
  const invitation = await admin.put(`/api/demos/${leads.demo}/invitation`).send({
    date: `${new Date().getUTCFullYear() + 1}-07-01`,
    time: '15:30',
    timeZone: 'Europe/Berlin',
    durationMinutes: 45,
    meetingUrl: 'https://meet.example.com/textflow-demo',
  });
  expect(invitation.status, JSON.stringify(invitation.body)).toBe(200);
  for (const [kind, id] of [
    ['contact', leads.contact],
    ['demo', leads.demo],
  ] as const) {
    const note = await admin
      .post(`/api/leads/${kind}/${id}/notes`)
      .send({ text: `Spoke with ${p.name} of ${p.company}, call ${p.phone} or write ${p.email}.` });
    expect(note.status).toBe(201);
  }
  const subscriber = (
    await app.t.db.query<{ id: number }>('SELECT id FROM newsletter_subscribers WHERE email = $1', [p.email])
  ).rows[0]!.id;
  const refs = [...refsOf(leads), { kind: 'newsletter', id: subscriber }];
  await settled(
    refs.map((r) => r.kind),
    refs.map((r) => r.id),
  );
  return { leads, subscriber, refs };
}

type Export = {
  email: string | null;
  leads: Record<'contact' | 'demo' | 'get-started', { id: number; attribution: { utmSource: string } }[]>;
  newsletter: { subscriber: { id: number } | null; consents: { id: number }[] };
  emails: { id: number }[];
  demoInvitations: { demoId: number }[];
  webhookDeliveries: { id: number; event: string; lead: { kind: string; id: number } }[];
  notes: { note: { id: number } }[];
  timeline: { id: number }[];
  auditEntries: { action: string }[];
  suspectedSpam: { kind: string; id: number }[];
  idempotencyKeys: { key: string }[];
};

/** The scan's hits the export does not account for: each row found must be an item of the export. */
function missingFromExport(hits: Hit[], e: Export): string[] {
  const ids = (items: { id: number }[]) => new Set(items.map((i) => Number(i.id)));
  const covered: Record<string, (row: Record<string, unknown>) => boolean> = {
    contact_submissions: (r) => ids(e.leads.contact).has(Number(r.id)),
    demo_requests: (r) => ids(e.leads.demo).has(Number(r.id)),
    get_started_requests: (r) => ids(e.leads['get-started']).has(Number(r.id)),
    newsletter_subscribers: (r) => e.newsletter.subscriber?.id === Number(r.id),
    newsletter_consents: (r) => ids(e.newsletter.consents).has(Number(r.id)),
    mail_messages: (r) => ids(e.emails).has(Number(r.id)),
    lead_events: (r) => ids(e.timeline).has(Number(r.id)),
    lead_notes: (r) => e.notes.some((n) => n.note.id === Number(r.id)),
    webhook_events: (r) =>
      e.webhookDeliveries.some((d) => d.lead.kind === r.lead_kind && d.lead.id === Number(r.lead_id)),
    webhook_attempts: (r) => ids(e.webhookDeliveries).has(Number(r.delivery_id)),
    acknowledgment_counts: (r) => r.recipient === e.email,
    suspected_spam: (r) => e.suspectedSpam.some((h) => h.kind === r.lead_kind && h.id === Number(r.id)),
    idempotency_keys: (r) => e.idempotencyKeys.some((k) => k.key === r.key),
    // The day's counts by source: the source is an exported lead's.
    lead_daily_counts: (r) =>
      Object.values(e.leads).some((ls) => ls.some((l) => l.attribution.utmSource === r.source)),
  };
  return describeHits(hits.filter((h) => !(h.schema === 'public' && covered[h.table]?.(h.row))));
}

describe('a person’s data', () => {
  it('exports everything held about a person, then erases it from every column of every table', async () => {
    const ada = personNamed('Ada', 'Quillfeather');
    const bob = personNamed('Bob', 'Marchbanks');
    const other = await leaveEverything(bob);
    const mine = await leaveEverything(ada, 'Ada.Quillfeather@Example.ORG');
    // A lead typed with another address, from the link of a campaign sent to hers: hers too.
    const forwarded = await post('/api/contact', {
      name: 'Cid Forwarder',
      email: 'cid.forwarder@example.net',
      message: 'Saw this in a newsletter.',
      utmSource: 'newsletter',
      utmContent: ada.email,
    });
    expect(forwarded.status).toBe(201);

    const before = await scanDatabase(app.t.db, ada);
    const tables = new Set(before.map((h) => h.table));
    for (const t of [
      'contact_submissions',
      'demo_requests',
      'get_started_requests',
      'newsletter_subscribers',
    ])
      expect(tables).toContain(t);
    for (const t of ['mail_messages', 'webhook_events', 'webhook_attempts', 'lead_notes', 'lead_events'])
      expect(tables).toContain(t);

    // Found by the address as typed anywhere (case and spaces aside), and by one of the leads.
    const found = await admin
      .get('/api/admin/personal-data')
      .query({ email: ' ADA.Quillfeather@example.org ' });
    expectContract('findPersonalData', found);
    expect(found.status).toBe(200);
    const byLead = await admin
      .get('/api/admin/personal-data')
      .query({ leadKind: 'get-started', leadId: mine.leads.getStarted });
    expectContract('findPersonalData', byLead);
    expect(byLead.body.leads).toEqual(found.body.leads);

    const exported = await admin.get('/api/admin/personal-data/export').query({ email: ada.email });
    expectContract('exportPersonalData', exported);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="personal-data-/);
    const e = exported.body as Export;
    expect(e.email).toBe(ada.email);
    expect(e.leads.contact.map((l) => l.id)).toEqual([mine.leads.contact, forwarded.body.id]);
    expect(e.idempotencyKeys.map((k) => k.key)).toEqual(
      expect.arrayContaining([`/api/contact:${ada.email}`, `newsletter:${ada.email}`]),
    );
    expect(e.leads.demo.map((l) => l.id)).toEqual([mine.leads.demo]);
    expect(e.leads['get-started'].map((l) => l.id)).toEqual([mine.leads.getStarted]);
    expect(e.newsletter.subscriber?.id).toBe(mine.subscriber);
    expect(e.newsletter.consents).toHaveLength(1);
    expect(e.demoInvitations.map((i) => i.demoId)).toEqual([mine.leads.demo]);
    expect(e.notes).toHaveLength(2);
    expect(e.emails.length).toBeGreaterThanOrEqual(7); // 3 alerts, 3 acknowledgments, confirmation, invitation
    expect(e.webhookDeliveries.map((d) => `${d.event} ${d.lead.kind}`)).toEqual(
      expect.arrayContaining(
        ['contact', 'demo', 'get-started', 'newsletter'].map((k) => `lead.created ${k}`),
      ),
    );
    expect(e.auditEntries.map((a) => a.action)).toEqual(
      expect.arrayContaining(['demo-invitation.sent', 'note.created']),
    );
    expect(missingFromExport(before, e)).toEqual([]);

    const erased = await admin
      .post('/api/admin/personal-data/erasure')
      .send({ email: 'ada.quillfeather@EXAMPLE.org' });
    expectContract('erasePersonalData', erased);
    expect(erased.status).toBe(200);
    expect(erased.body.leads).toEqual(
      expect.arrayContaining([...mine.refs, { kind: 'contact', id: forwarded.body.id }]),
    );
    expect(erased.body.leads).toHaveLength(5);

    expect(describeHits(await scanDatabase(app.t.db, ada))).toEqual([]);

    // Nothing of Bob went: his leads, subscription, email bodies and notes are all there.
    const bobs = await admin.get('/api/admin/personal-data').query({ email: bob.email });
    expect(bobs.status).toBe(200);
    expect(bobs.body.leads.contact[0]).toMatchObject({
      id: other.leads.contact,
      name: bob.name,
      phone: bob.phone,
    });
    expect(bobs.body.newsletter.subscriber).toMatchObject({ status: 'active' });
    expect(bobs.body.notes.map((n: { note: { text: string } }) => n.note.text)).toHaveLength(2);
    expect(bobs.body.notes.every((n: { note: { text: string } }) => n.note.text.includes(bob.name))).toBe(
      true,
    );
    expect(
      bobs.body.emails.filter((m: { text: string | null }) => m.text?.includes(bob.name)).length,
    ).toBeGreaterThan(0);

    // What was about her is not sent again: her webhook deliveries refuse a redelivery.
    const redeliver = await admin.post(`/api/webhook-deliveries/${e.webhookDeliveries[0]!.id}/redeliver`);
    expectContract('redeliverWebhook', redeliver);
    expect(redeliver.status).toBe(409);

    // The leads stay for the counts, without the person; she is not found again by her address.
    const lead = await admin.get(`/api/demos/${mine.leads.demo}`);
    expect(lead.body).toMatchObject({
      id: mine.leads.demo,
      name: '',
      email: '',
      status: 'confirmed',
      invitation: null,
    });
    const again = await admin.get('/api/admin/personal-data').query({ email: ada.email });
    expectContract('findPersonalData', again);
    expect(again.status).toBe(404);

    // Connected tools hear of it with the lead ids and nothing personal.
    const notice = await eventually(async () =>
      receiver.received.find((r) => r.payload.type === 'person.erased'),
    );
    expect(notice.contractError).toBeNull();
    expect(notice.payload.data).toEqual({ leads: erased.body.leads, reason: 'request' });

    // The audit log names the steps and the lead ids, never the address.
    const audit = await admin.get('/api/audit-entries').query({ action: 'person.erased' });
    expect(audit.body.entries[0].details).toEqual({ leads: erased.body.leads });
    const exports = await admin.get('/api/audit-entries').query({ action: 'personal-data.exported' });
    expect(exports.body.entries).toHaveLength(1);

    // A later sign-up from the address is a new, pending one with a fresh consent.
    expect((await post('/api/newsletter', { email: ada.email })).status).toBe(202);
    const fresh = await app.t.db.query(
      `SELECT s.id, s.status, (SELECT count(*) FROM newsletter_consents c WHERE c.subscriber_id = s.id)::int AS consents
         FROM newsletter_subscribers s WHERE email = $1`,
      [ada.email],
    );
    expect(fresh.rows[0]).toMatchObject({ status: 'pending', consents: 1 });
    expect(fresh.rows[0].id).not.toBe(mine.subscriber);
  });

  it('finds a person in a lead’s attribution by the whole address only, through its index', async () => {
    const ada = personNamed('Ada', 'Attributed');
    const lead = (name: string, attribution: Record<string, string>) =>
      post('/api/contact', {
        name,
        email: `${name.toLowerCase().replace(/ /g, '.')}@example.net`,
        message: 'From a campaign link.',
        ...attribution,
      });
    const term = await lead('Term Reader', { utmTerm: ada.email });
    const page = await lead('Campaign Reader', { utmCampaign: `spring ${ada.email.toUpperCase()} promo` });
    const longer = await lead('Longer Address', { utmContent: `x${ada.email}.uk` });
    for (const r of [term, page, longer]) expect([r.status, r.body.detail]).toEqual([201, undefined]);

    const found = await admin.get('/api/admin/personal-data').query({ email: ada.email });
    expect(found.status).toBe(200);
    const ids = (found.body.leads.contact as { id: number }[]).map((l) => l.id);
    expect(ids).toEqual([term.body.id, page.body.id]);

    // The lookup can use the index of the attribution's addresses (its expression is the query's).
    for (const table of ['contact_submissions', 'demo_requests', 'get_started_requests']) {
      const plan = await app.t.db.query(
        `BEGIN; SET LOCAL enable_seqscan = off;
         EXPLAIN SELECT id FROM ${table} WHERE email = 'x@example.org' OR lead_attribution_addresses(landing_page,
           referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content) @> ARRAY['x@example.org'];
         COMMIT;`,
      );
      const lines = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }[])
        .flatMap((r) => r.rows ?? [])
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(lines).toContain(`${table}_attribution_addresses`);
    }
  });

  it('corrects a lead’s name, email, phone and company, recording only which fields changed', async () => {
    const cleo = personNamed('Cleo', 'Fairweather');
    const leads = await leaveLeads(cleo);
    const res = await admin
      .patch(`/api/leads/contact/${leads.contact}/personal-data`)
      .send({ name: '  Cleo Fairweather-Smith ', email: ' Cleo.FS@Example.org', phone: cleo.phone });
    expectContract('correctLeadPersonalData', res);
    expect(res.body).toEqual({ lead: { kind: 'contact', id: leads.contact }, changed: ['name', 'email'] });
    const lead = await admin.get(`/api/contacts/${leads.contact}`);
    expect(lead.body).toMatchObject({ name: 'Cleo Fairweather-Smith', email: 'cleo.fs@example.org' });
    const audit = await admin.get('/api/audit-entries').query({ action: 'lead.corrected' });
    expect(audit.body.entries[0]).toMatchObject({
      target: { type: 'contact', id: String(leads.contact) },
      changes: { name: {}, email: {} },
    });
    expect(JSON.stringify(audit.body.entries[0])).not.toContain('Smith');

    const bad = await admin.patch(`/api/leads/newsletter/1/personal-data`).send({ name: 'A Name' });
    expectContract('correctLeadPersonalData', bad);
    expect(bad.status).toBe(400);
    const invalid = await admin
      .patch(`/api/leads/contact/${leads.contact}/personal-data`)
      .send({ email: 'nope' });
    expectContract('correctLeadPersonalData', invalid);
    expect(invalid.status).toBe(400);
  });

  it('erasing a person also removes a lead of theirs held as suspected spam', async () => {
    const hal = personNamed('Hal', 'Brantwood');
    await leaveLeads(hal);
    await app.t.db.query(
      `INSERT INTO suspected_spam (lead_kind, id, created_at, reason, fields)
       VALUES ('contact', 987001, now(), 'missing', jsonb_build_object('name', $1::text, 'email', $2::text))`,
      [hal.name, hal.email],
    );
    const held = () =>
      app.t.db.query(`SELECT 1 FROM suspected_spam WHERE fields ->> 'email' = $1`, [hal.email]);
    expect((await held()).rows).toHaveLength(1);
    const erased = await admin.post('/api/admin/personal-data/erasure').send({ email: hal.email });
    expect(erased.status).toBe(200);
    expect((await held()).rows).toHaveLength(0);
  });

  it('finds, exports and erases a person held only as suspected spam', async () => {
    const ida = personNamed('Ida', 'Thornbury');
    // Held as the lead's statement holds one (docs/product.md#spam): the lead's columns as JSON.
    await app.t.db.query(
      `INSERT INTO suspected_spam (lead_kind, id, created_at, reason, fields)
       VALUES ('demo', 987002, now(), 'invalid', jsonb_build_object(
         'name', $1::text, 'email', $2::text, 'phone', $3::text, 'company', $4::text,
         'message', 'Call ' || $1, 'utm_content', $2, 'referrer', 'https://' || $5, 'spam_check', 'invalid'))`,
      [ida.name, ida.email, ida.phone, ida.company, `${ida.handle}.example`],
    );
    const found = await admin.get('/api/admin/personal-data').query({ email: ida.email.toUpperCase() });
    expectContract('findPersonalData', found);
    expect(found.status).toBe(200);
    expect(found.body.suspectedSpam).toEqual([
      expect.objectContaining({
        kind: 'demo',
        id: 987002,
        reason: 'invalid',
        fields: expect.objectContaining({ name: ida.name, email: ida.email }),
      }),
    ]);
    const byLead = await admin.get('/api/admin/personal-data').query({ leadKind: 'demo', leadId: 987002 });
    expect(byLead.status).toBe(200);
    expect(byLead.body.email).toBe(ida.email);
    const exported = await admin.get('/api/admin/personal-data/export').query({ email: ida.email });
    expectContract('exportPersonalData', exported);
    expect(exported.body.suspectedSpam).toHaveLength(1);

    const erased = await admin.post('/api/admin/personal-data/erasure').send({ email: ida.email });
    expectContract('erasePersonalData', erased);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ leads: [], suspectedSpam: 1 });
    expect(describeHits(await scanDatabase(app.t.db, ida))).toEqual([]);
    const again = await admin.get('/api/admin/personal-data').query({ email: ida.email });
    expect(again.status).toBe(404);
  });

  it('retention erases a lead past its age from every column of every table, and records the run', async () => {
    const dora = personNamed('Dora', 'Pennyworth');
    const eve = personNamed('Eve', 'Lindqvist');
    const old = await leaveLeads(dora);
    const recent = await leaveLeads(eve);
    await settled(
      refsOf(old)
        .concat(refsOf(recent))
        .map((r) => r.kind),
      refsOf(old)
        .concat(refsOf(recent))
        .map((r) => r.id),
    );
    await app.t.db.query(
      `UPDATE contact_submissions SET created_at = created_at - interval '400 days' WHERE id = $1;`,
      [old.contact],
    );
    for (const [table, id] of [
      ['demo_requests', old.demo],
      ['get_started_requests', old.getStarted],
    ] as const)
      await app.t.db.query(
        `UPDATE ${table} SET created_at = created_at - interval '400 days' WHERE id = $1`,
        [id],
      );
    expect((await scanDatabase(app.t.db, dora)).length).toBeGreaterThan(0);

    const metrics = createMetrics(app.t.db);
    const counts = await runRetention(
      app.t.db,
      { ...app.t.config.retention, leadDays: 365 },
      { batch: 2, metrics },
    );
    expect(counts.leads).toBe(3);
    expect(describeHits(await scanDatabase(app.t.db, dora))).toEqual([]);
    // Eve's leads are recent: all there.
    const eves = await admin.get('/api/admin/personal-data').query({ email: eve.email });
    expect(eves.body.leads.contact).toHaveLength(1);
    expect(eves.body.leads.contact[0].name).toBe(eve.name);

    const run = await admin.get('/api/audit-entries').query({ action: 'retention.ran' });
    expect(run.body.entries[0]).toMatchObject({ actor: { kind: 'system' }, details: { leads: 3 } });
    expect(await metrics.registry.getSingleMetricAsString('leaddesk_retention_rows_total')).toMatch(
      /leaddesk_retention_rows_total\{what="leads"\} 3/,
    );
  });

  it('runs retention as a graphile-worker job', async () => {
    await app.t.db.query(`SELECT graphile_worker.add_job('retention')`);
    await eventually(async () => {
      const { rows } = await app.t.db.query(
        `SELECT count(*)::int AS n FROM audit_entries WHERE action = 'retention.ran'`,
      );
      return rows[0].n >= 2 ? true : undefined;
    });
  });

  it('shows the retention settings to admins', async () => {
    const res = await admin.get('/api/admin/retention');
    expectContract('getRetentionSettings', res);
    expect(res.body).toEqual({
      leadDays: null,
      unconfirmedDays: 7,
      emailDays: 90,
      webhookDays: 30,
      auditDays: 730,
    });
  });
});
