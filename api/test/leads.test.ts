import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { contact, countRows, emptyLeadTables, endpoints } from './lead-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 0 });
});
afterAll(() => t.close());
beforeEach(() => emptyLeadTables(t));

const count = (table: string) => countRows(t, table);

describe('creating leads', () => {
  it('stores a contact message trimmed, with a lower-cased email and empty-string defaults', async () => {
    const res = await t.request().post('/api/contact').send({
      name: '  Ada Lovelace ',
      email: ' Ada@Example.COM ',
      message: '  Please call me about SMS.  ',
    });
    expectContract('createContact', res);
    expect(res.status).toBe(201);
    expect(res.body.id).toBeGreaterThan(0);
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    const { rows } = await t.db.query('SELECT * FROM contact_submissions');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.body.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '',
      company: '',
      service: '',
      message: 'Please call me about SMS.',
    });
    expect(rows[0].created_at.toISOString()).toBe(res.body.createdAt);
  });

  it('stores every field of a contact message', async () => {
    const res = await t
      .request()
      .post('/api/contact')
      .send({ ...contact, phone: '+1 555 0100', company: 'Analytical Engines', service: 'data-lookups' });
    expect(res.status).toBe(201);
    const { rows } = await t.db.query('SELECT phone, company, service FROM contact_submissions');
    expect(rows[0]).toEqual({ phone: '+1 555 0100', company: 'Analytical Engines', service: 'data-lookups' });
  });

  it('stores a demo request as pending with its options', async () => {
    const res = await t.request().post('/api/demo').send({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '555',
      company: 'Navy',
      preferredDate: 'next-week',
      preferredTime: 'afternoon',
      message: 'Voice agents please',
    });
    expectContract('createDemoRequest', res);
    expect(res.status).toBe(201);
    const { rows } = await t.db.query('SELECT * FROM demo_requests');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      preferred_date: 'next-week',
      preferred_time: 'afternoon',
      message: 'Voice agents please',
      status: 'pending',
    });
  });

  it('stores a get-started request as pending with its options', async () => {
    const res = await t.request().post('/api/get-started').send({
      name: 'Alan Turing',
      email: 'alan@example.com',
      service: 'all',
      monthlyVolume: '1m+',
    });
    expectContract('createGetStartedRequest', res);
    expect(res.status).toBe(201);
    const { rows } = await t.db.query('SELECT * FROM get_started_requests');
    expect(rows[0]).toMatchObject({ service: 'all', monthly_volume: '1m+', message: '', status: 'pending' });
  });

  it('stores a new subscriber as pending (double opt-in) and answers 202 without telling anything about it', async () => {
    const first = await t.request().post('/api/newsletter').send({ email: 'News@Example.com' });
    expectContract('subscribeNewsletter', first);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ accepted: true });
    const { rows } = await t.db.query('SELECT email, status FROM newsletter_subscribers');
    expect(rows).toEqual([{ email: 'news@example.com', status: 'pending' }]);
  });
});

describe('the honeypot', () => {
  it.each(endpoints)('accepts a bot submission on $path with 202 and stores nothing', async (e) => {
    const res = await t
      .request()
      .post(e.path)
      .send({ ...e.valid, website: 'http://spam.example' });
    expectContract(e.op, res);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: true });
    expect(await count(e.table)).toBe(0);
  });

  it('treats an empty honeypot as a person', async () => {
    const res = await t
      .request()
      .post('/api/contact')
      .send({ ...contact, website: '' });
    expect(res.status).toBe(201);
  });
});

describe('idempotent retries', () => {
  it.each(endpoints)(
    'a retry with the same key on $path answers the first answer and stores nothing new',
    async (e) => {
      const first = await t.request().post(e.path).set('Idempotency-Key', 'key-1').send(e.valid);
      const retry = await t.request().post(e.path).set('Idempotency-Key', 'key-1').send(e.valid);
      expectContract(e.op, retry);
      expect(first.status).toBe(e.created);
      expect(retry.status).toBe(e.created);
      expect(retry.body).toEqual(first.body);
      expect(await count(e.table)).toBe(1);
    },
  );

  it('a key reused for a different body is 422 and stores nothing', async () => {
    await t.request().post('/api/contact').set('Idempotency-Key', 'key-2').send(contact);
    const res = await t
      .request()
      .post('/api/contact')
      .set('Idempotency-Key', 'key-2')
      .send({ ...contact, name: 'Someone Else' });
    expectContract('createContact', res);
    expect(res.status).toBe(422);
    expect(await count('contact_submissions')).toBe(1);
  });

  it('the same key on two endpoints stores both', async () => {
    await t.request().post('/api/contact').set('Idempotency-Key', 'shared').send(contact);
    const demo = await t
      .request()
      .post('/api/demo')
      .set('Idempotency-Key', 'shared')
      .send(endpoints[1]!.valid);
    expect(demo.status).toBe(201);
    expect(await count('contact_submissions')).toBe(1);
    expect(await count('demo_requests')).toBe(1);
  });

  it.each(endpoints)(
    '20 concurrent requests with one key on $path store one lead and all get its answer',
    async (e) => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.request().post(e.path).set('Idempotency-Key', 'burst').send(e.valid),
        ),
      );
      for (const a of answers) expectContract(e.op, a);
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([e.created]));
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(await count(e.table)).toBe(1);
    },
  );

  it('rejects an Idempotency-Key longer than 255 characters', async () => {
    const res = await t.request().post('/api/contact').set('Idempotency-Key', 'k'.repeat(256)).send(contact);
    expectContract('createContact', res);
    expect(res.status).toBe(400);
    expect(await count('contact_submissions')).toBe(0);
  });
});

describe('concurrency', () => {
  it('stores 50 concurrent submissions exactly once each', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `Concurrent ${i}`);
    const answers = await Promise.all(
      names.map((name) =>
        t
          .request()
          .post('/api/contact')
          .send({ ...contact, name }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 201));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(50);
    const { rows } = await t.db.query<{ name: string }>('SELECT name FROM contact_submissions ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual([...names].sort());
  });
});
