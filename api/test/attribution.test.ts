import { describe, expect, it } from 'vitest';
import { expectContract } from './contract.ts';
import { createEndpoint, useWebhookApp } from './webhook-app.ts';
import { expectAllValid, waitFor } from './webhook-receivers.ts';

const fx = useWebhookApp({ alsoEmpty: ['contact_submissions', 'demo_requests', 'get_started_requests'] });

const spring = {
  landingPage: '/pricing',
  referrer: 'https://news.example.org',
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: 'spring-sale',
  utmTerm: 'sms api',
  utmContent: 'banner',
};
const none = {
  landingPage: '',
  referrer: '',
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  utmTerm: '',
  utmContent: '',
};
const contact = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me back.' };

async function send(path: string, body: object) {
  const res = await fx.app.t.request().post(path).send(body);
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe('attribution (docs/product.md#attribution)', () => {
  it('is stored with every kind of lead, shown on its page, and empty when not sent', async () => {
    const ids = {
      contacts: await send('/api/contact', { ...contact, ...spring }),
      demos: await send('/api/demo', { name: 'Grace Hopper', email: 'g@example.com', ...spring }),
      'get-started': await send('/api/get-started', {
        name: 'Alan Turing',
        email: 'a@example.com',
        ...spring,
      }),
    };
    const ops = {
      contacts: 'getContact',
      demos: 'getDemoRequest',
      'get-started': 'getGetStartedRequest',
    } as const;
    for (const [path, id] of Object.entries(ids)) {
      const res = await fx.app.admin.get(`/api/${path}/${id}`);
      expectContract(ops[path as keyof typeof ops], res);
      expect(res.body.attribution).toEqual(spring);
    }
    const plain = await send('/api/contact', contact);
    expect((await fx.app.admin.get(`/api/contacts/${plain}`)).body.attribution).toEqual(none);
  });

  it('comes with a form post as hidden fields too', async () => {
    const res = await fx.app.t
      .request()
      .post('/api/contact')
      .type('form')
      .send({ ...contact, utmSource: 'ads', utmCampaign: 'launch', landingPage: '/' });
    expect(res.status).toBe(303);
    const list = await fx.app.admin.get('/api/contacts');
    expect(list.body.contacts[0].attribution).toMatchObject({
      utmSource: 'ads',
      utmCampaign: 'launch',
      landingPage: '/',
    });
  });

  it('refuses a full referrer address, a landing page off the site and over-long values, with nothing stored', async () => {
    for (const bad of [
      { referrer: 'https://news.example.org/article?id=7' },
      { landingPage: 'https://evil.example/' },
      { landingPage: '/pricing?utm_source=x' },
      { utmCampaign: 'x'.repeat(201) },
    ]) {
      const res = await fx.app.t
        .request()
        .post('/api/contact')
        .send({ ...contact, ...bad });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe(`/${Object.keys(bad)[0]}`);
    }
    const { rows } = await fx.app.t.db.query('SELECT count(*)::int AS n FROM contact_submissions');
    expect(rows[0].n).toBe(0);
  });

  it('filters every list and export by source and by campaign', async () => {
    await send('/api/contact', { ...contact, ...spring });
    await send('/api/contact', { ...contact, referrer: 'https://search.example.com' });
    await send('/api/contact', { ...contact, utmSource: 'newsletter', utmCampaign: 'autumn' });
    await send('/api/contact', contact);
    const names = async (query: Record<string, string>) => {
      const res = await fx.app.admin.get('/api/contacts').query(query);
      expectContract('listContacts', res);
      return res.body.contacts.map(
        (c: { attribution: typeof none }) => c.attribution.utmCampaign || c.attribution.referrer || '-',
      );
    };
    expect(await names({ source: 'newsletter' })).toEqual(['autumn', 'spring-sale']);
    expect(await names({ source: 'search.example.com' })).toEqual(['https://search.example.com']);
    expect(await names({ source: 'direct' })).toEqual(['-']);
    expect(await names({ campaign: 'spring-sale' })).toEqual(['spring-sale']);
    expect(await names({ source: 'newsletter', campaign: 'autumn' })).toEqual(['autumn']);
    const total = await fx.app.admin.get('/api/contacts').query({ source: 'newsletter' });
    expect(total.body.total).toBe(2);

    const csv = await fx.app.admin
      .get('/api/contacts/export')
      .query({ campaign: 'spring-sale' })
      .buffer(true);
    expect(csv.status).toBe(200);
    const [header, line, end] = csv.text.split('\r\n');
    expect(header).toContain('Landing Page,Referrer,UTM Source,UTM Medium,UTM Campaign,UTM Term,UTM Content');
    expect(line).toContain('/pricing,https://news.example.org,newsletter,email,spring-sale,sms api,banner');
    expect(end).toBe('');
  });

  it("counts the chart's 30 days of leads by source on the overview, as the leads say", async () => {
    await send('/api/contact', { ...contact, ...spring });
    await send('/api/demo', { name: 'Grace Hopper', email: 'g@example.com', utmSource: 'newsletter' });
    const later = await send('/api/get-started', { name: 'Alan Turing', email: 'a@example.com' });
    const referred = await send('/api/contact', { ...contact, referrer: 'https://search.example' });
    await fx.app.t.db.query(
      `INSERT INTO contact_submissions (name, email, message, utm_source, created_at)
       VALUES ('Old Lead', 'old@example.com', 'From last season.', 'newsletter', now() - interval '31 days')`,
    );
    const sources = async () => {
      const res = await fx.app.admin.get('/api/admin/overview');
      expectContract('getAdminOverview', res);
      return res.body.sources as { source: string; leads: number }[];
    };
    expect(await sources()).toEqual([
      { source: 'newsletter', leads: 2 },
      { source: 'direct', leads: 1 },
      { source: 'search.example', leads: 1 },
    ]);
    // A manual fix that changes a lead's source moves it; a deleted lead leaves its count.
    await fx.app.t.db.query(`UPDATE get_started_requests SET utm_source = 'partner' WHERE id = $1`, [later]);
    await fx.app.t.db.query('DELETE FROM contact_submissions WHERE id = $1', [referred]);
    expect(await sources()).toEqual([
      { source: 'newsletter', leads: 2 },
      { source: 'partner', leads: 1 },
    ]);
    // The counters say what the leads themselves say.
    const { rows } = await fx.app.t.db.query<{ source: string; leads: number }>(
      `SELECT source, count(*)::int AS leads FROM (
         SELECT lead_source(utm_source, referrer) AS source, created_at FROM contact_submissions
         UNION ALL SELECT lead_source(utm_source, referrer), created_at FROM demo_requests
         UNION ALL SELECT lead_source(utm_source, referrer), created_at FROM get_started_requests) l
        WHERE (created_at AT TIME ZONE 'UTC')::date >= (now() AT TIME ZONE 'UTC')::date - 29
        GROUP BY source ORDER BY leads DESC, source`,
    );
    expect(rows).toEqual(await sources());
  });

  it('goes out in the lead.created webhook payload', async () => {
    await createEndpoint(fx.app.admin, fx.receiver, { events: ['lead.created'] });
    await fx.app.startJobs();
    const id = await send('/api/contact', { ...contact, ...spring });
    await waitFor('the lead.created request', () => fx.receiver.received[0]);
    expectAllValid(fx.receiver);
    expect(fx.receiver.received[0]!.payload.data.lead).toMatchObject({ id, attribution: spring });
  });
});
