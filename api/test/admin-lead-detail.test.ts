import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, FOLLOW_UP_TABLES, signedIn, subscriberId } from './admin-helpers.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp, truncate } from './harness.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await startTestApp({ leadRateLimitPerMinute: 0 });
  await createAdmin(t);
  admin = await signedIn(t);
});
afterAll(() => t.close());
beforeEach(() =>
  truncate(
    t.db,
    `contact_submissions, demo_requests, get_started_requests, newsletter_subscribers, ${FOLLOW_UP_TABLES} RESTART IDENTITY`,
  ),
);

describe('changing leads', () => {
  it('changes a demo status and the change persists', async () => {
    const created = await t
      .request()
      .post('/api/demo')
      .send({ name: 'Demo Person', email: 'demo@example.com' });
    const res = await admin.patch(`/api/demos/${created.body.id}`).send({ status: 'confirmed' });
    expectContract('updateDemoRequest', res);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('confirmed');
    const list = await admin.get('/api/demos');
    expect(list.body.demos[0].status).toBe('confirmed');
  });

  it('changes a get-started status, and refuses a status from the other list', async () => {
    const created = await t
      .request()
      .post('/api/get-started')
      .send({ name: 'Start Person', email: 'start@example.com' });
    const ok = await admin.patch(`/api/get-started/${created.body.id}`).send({ status: 'contacted' });
    expectContract('updateGetStartedRequest', ok);
    expect(ok.body.status).toBe('contacted');
    const bad = await admin.patch(`/api/get-started/${created.body.id}`).send({ status: 'confirmed' });
    expectContract('updateGetStartedRequest', bad);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: '/status', message: 'Status must be one of pending, contacted, active, declined' },
    ]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const missing = await admin.patch('/api/demos/999999').send({ status: 'confirmed' });
    expectContract('updateDemoRequest', missing);
    expect(missing.status).toBe(404);
    expect((await admin.patch('/api/demos/abc').send({ status: 'confirmed' })).status).toBe(404);
    expect((await admin.patch('/api/demos/0').send({ status: 'confirmed' })).status).toBe(404);
  });

  it('deactivates a subscriber, records who did, and never reactivates one (only their confirmation does)', async () => {
    await t.request().post('/api/newsletter').send({ email: 'reader@example.com' });
    const id = await subscriberId(t, 'reader@example.com');
    await t.db.query(`UPDATE newsletter_subscribers SET status = 'active' WHERE id = $1`, [id]);
    const off = await admin.patch(`/api/newsletters/${id}`).send({ status: 'inactive' });
    expectContract('updateNewsletterSubscriber', off);
    expect(off.body).toMatchObject({ status: 'inactive', isActive: false });
    expect((await admin.get('/api/newsletters')).body.newsletters[0].status).toBe('inactive');
    for (const body of [{ isActive: true }, { status: 'active' }, { status: 'pending' }, {}]) {
      const on = await admin.patch(`/api/newsletters/${id}`).send(body);
      expectContract('updateNewsletterSubscriber', on);
      expect(on.status, JSON.stringify(body)).toBe('isActive' in body ? 409 : 400);
    }
    const history = await admin.get(`/api/leads/newsletter/${id}/history`);
    expectContract('getLeadHistory', history);
    expect(history.body.events.filter((e: { type: string }) => e.type === 'deactivated')).toEqual([
      expect.objectContaining({ actor: 'admin', detail: 'active → inactive' }),
    ]);
    const legacy = await admin.patch(`/api/newsletters/${id}`).send({ isActive: false });
    expect(legacy.body.status).toBe('inactive');
  });
});

describe('one lead', () => {
  it('reads each kind of lead whole by its id, and answers 404 for an id that does not exist', async () => {
    const created = {
      contact: await t.request().post('/api/contact').send({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        service: 'sms-ai',
        message: 'Tell me about your SMS plans',
      }),
      demo: await t.request().post('/api/demo').send({
        name: 'Grace Hopper',
        email: 'grace@example.com',
        preferredDate: 'tomorrow',
        preferredTime: 'morning',
      }),
      getStarted: await t
        .request()
        .post('/api/get-started')
        .send({ name: 'Alan Turing', email: 'alan@example.com', monthlyVolume: '1k-10k' }),
      newsletter: await t.request().post('/api/newsletter').send({ email: 'news@example.com' }),
    };
    const cases = [
      ['getContact', `/api/contacts/${created.contact.body.id}`, { name: 'Ada Lovelace', service: 'sms-ai' }],
      [
        'getDemoRequest',
        `/api/demos/${created.demo.body.id}`,
        { preferredDate: 'tomorrow', status: 'pending' },
      ],
      [
        'getGetStartedRequest',
        `/api/get-started/${created.getStarted.body.id}`,
        { monthlyVolume: '1k-10k', status: 'pending' },
      ],
      [
        'getNewsletterSubscriber',
        `/api/newsletters/${await subscriberId(t, 'news@example.com')}`,
        { email: 'news@example.com', status: 'pending' },
      ],
    ] as const;
    for (const [operation, path, fields] of cases) {
      const res = await admin.get(path);
      expectContract(operation, res);
      expect(res.status, path).toBe(200);
      expect(res.body).toMatchObject(fields);

      const missing = await admin.get(path.replace(/\d+$/, '999999'));
      expectContract(operation, missing);
      expect(missing.status).toBe(404);

      const signedOut = await t.request().get(path);
      expectContract(operation, signedOut);
      expect(signedOut.status).toBe(401);
    }
  });
});
