import type { components } from '@lead-desk/contract';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { toaster } from '../../../components/toaster.tsx';
import IslandProviders from '../../../islands/providers.tsx';
import { getQueryClient } from '../../../lib/query-client.ts';
import DemoTimePicker from './demo-time-picker.tsx';
import LeadForm from './lead-form.tsx';

// The demo form's "Pick an exact time" as a visitor's browser runs it, without a server
// (docs/demo-slots.md#picking-a-time): the times by day on the visitor's clock with the host's, a
// change of zone, a time taken meanwhile, a booking. The walk against the real server is
// tests/e2e/site-demo-booking.spec.ts.

type S = components['schemas'];

/**
 * The API as these tests want it to answer, as in lead-form.browser.test.tsx: the client's fetch is
 * taken before any module reads it. Requests outside /api/ go on, and so does the spam challenge.
 */
const api = vi.hoisted(() => {
  const real = globalThis.fetch.bind(globalThis);
  const state = {
    answer: undefined as ((req: Request) => Promise<Response> | Response) | undefined,
    requests: [] as Request[],
  };
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const { pathname } = new URL(req.url, location.href);
    if (state.answer && pathname.startsWith('/api/') && pathname !== '/api/spam-challenge') {
      state.requests.push(req.clone());
      return Promise.resolve(state.answer(req));
    }
    return real(input, init);
  };
  return state;
});

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
const problem = (status: number, body: object) =>
  json(status, { type: 'about:blank', title: 'Problem', status, ...body }, 'application/problem+json');

const slot = (start: string): S['DemoSlot'] => ({
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
});
// On a New York visitor's clock: Monday, January 7, 2030 at 10:00 and 11:00 AM and 11:00 PM (5:00
// AM Tuesday in Berlin), Tuesday, January 8 at 10:00 AM.
const slots = [
  slot('2030-01-07T15:00:00.000Z'),
  slot('2030-01-07T16:00:00.000Z'),
  slot('2030-01-08T04:00:00.000Z'),
  slot('2030-01-08T15:00:00.000Z'),
];
const offer = (over: Partial<S['DemoBookingOffer']> = {}): S['DemoBookingOffer'] => ({
  hostTimeZone: 'Europe/Berlin',
  timeZone: 'America/New_York',
  lengthMinutes: 30,
  matchesWishes: true,
  slots,
  booking: null,
  ...over,
});
const booking = (start: string): S['DemoBooking'] => ({
  ...slot(start),
  hostTimeZone: 'Europe/Berlin',
  host: 'admin',
});

/** Answers the offer with `get` (by the zone asked in) and a booking with `post`. */
function answer(
  get: (timeZone: string | null) => Response | Promise<Response>,
  post: (body: S['DemoBookingInput']) => Response | Promise<Response> = () => problem(500, {}),
) {
  api.answer = async (req) => {
    const url = new URL(req.url, location.href);
    if (url.pathname === '/api/demo') return json(201, { id: 7, createdAt: new Date().toISOString() });
    if (url.pathname !== '/api/demo-booking') return problem(404, { detail: 'Not here' });
    if (req.method === 'GET') return get(url.searchParams.get('timeZone'));
    return post((await req.json()) as S['DemoBookingInput']);
  };
}

const offersAsked = () =>
  api.requests
    .filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/demo-booking')
    .map((r) => new URL(r.url).searchParams.get('timeZone'));
const bookings = () =>
  Promise.all(
    api.requests
      .filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/demo-booking')
      .map((r) => r.clone().json() as Promise<S['DemoBookingInput']>),
  );

// The page's one notices region, as the first island of a page mounts it (islands/providers.tsx).
const noticesHost = document.body.appendChild(document.createElement('div'));
const noticesRoot = createRoot(noticesHost);
noticesRoot.render(<IslandProviders>{null}</IslandProviders>);

let mounted: { root: Root; host: HTMLElement } | undefined;
function show(content: ReactNode) {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  root.render(<IslandProviders>{content}</IslandProviders>);
  mounted = { root, host };
}

afterEach(() => {
  mounted?.root.unmount();
  mounted?.host.remove();
  mounted = undefined;
  toaster.remove();
  api.answer = undefined;
  api.requests = [];
  sessionStorage.clear();
});
afterAll(() => noticesRoot.unmount());

const picker = page.getByRole('region', { name: 'Pick an exact time' });
const day = (name: string) => picker.getByRole('group', { name });
// Times as ICU words them: the space before AM/PM may be a narrow one.
const time = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);

async function sendDemoForm() {
  const form = page.getByRole('form', { name: 'Book your demo' });
  await form.getByLabelText('Full Name *').fill('Pat Prospect');
  await form.getByLabelText('Email Address *').fill('pat@example.com');
  await form.getByRole('button', { name: 'Schedule Demo' }).click();
  await expect.element(page.getByRole('heading', { name: 'Demo Scheduled!' })).toBeVisible();
}

describe('under the demo form’s closing screen', () => {
  test('the times are offered once the form has succeeded, on the browser’s clock', async () => {
    answer(() => json(200, offer()));
    show(<LeadForm kind="demo" />);
    expect(offersAsked()).toEqual([]);
    await sendDemoForm();
    await expect.element(picker).toBeVisible();
    expect(offersAsked()).toEqual([Intl.DateTimeFormat().resolvedOptions().timeZone]);
    // The closing screen is as it was, above the picker.
    await expect.element(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await expect.element(picker.getByLabelText('Your time zone')).toBeVisible();
  });

  test('a 404 (no schedule, or nothing this browser may pick) adds nothing to the screen', async () => {
    answer(() => problem(404, { detail: 'There is no demo request of this browser to pick a time for.' }));
    show(<LeadForm kind="demo" />);
    await sendDemoForm();
    // The picker's code has come and its question been answered: nothing is to come.
    const asked = () =>
      getQueryClient()
        .getQueryCache()
        .findAll({ queryKey: ['demo-booking'] })[0]?.state.status;
    await expect.poll(asked, { timeout: 10_000 }).toBe('error');
    await expect.element(picker).not.toBeInTheDocument();
    await expect.element(page.getByText('Pick an exact time')).not.toBeInTheDocument();
    await expect.element(page.getByRole('heading', { name: 'Demo Scheduled!' })).toBeVisible();
    expect(offersAsked()).toHaveLength(1);
  });
});

describe('the picker', () => {
  test('groups the times by the visitor’s day, the host’s time beside each', async () => {
    answer(() => json(200, offer()));
    show(<DemoTimePicker timeZone="America/New_York" />);
    await expect.element(day('Monday, January 7')).toBeVisible();
    await expect.element(picker.getByLabelText('Your time zone')).toHaveValue('America/New_York');
    const monday = day('Monday, January 7').getByRole('button');
    expect(monday.all().map((b) => b.element().textContent)).toEqual([
      expect.stringMatching(time('10:00 AM · 4:00 PM Berlin time')),
      expect.stringMatching(time('11:00 AM · 5:00 PM Berlin time')),
      // The host's day is the next one: it is named.
      expect.stringMatching(time('11:00 PM · Tue 5:00 AM Berlin time')),
    ]);
    // Each time's name says it in full.
    await expect
      .element(
        day('Monday, January 7').getByRole('button', {
          name: time('Monday, January 7, 2030 at 10:00 AM, 4:00 PM Berlin time'),
        }),
      )
      .toBeVisible();
    await expect
      .element(
        day('Tuesday, January 8').getByRole('button', {
          name: time('Tuesday, January 8, 2030 at 10:00 AM, 4:00 PM Berlin time'),
        }),
      )
      .toBeVisible();
    expect(day('Tuesday, January 8').getByRole('button').all()).toHaveLength(1);
    expect(offersAsked()).toEqual(['America/New_York']);
    await expect.element(picker.getByText(/No time matches your wishes/)).not.toBeInTheDocument();
  });

  test('says when no time matches the wishes', async () => {
    answer(() => json(200, offer({ matchesWishes: false })));
    show(<DemoTimePicker timeZone="America/New_York" />);
    await expect
      .element(picker.getByText('No time matches your wishes; these are the soonest open times.'))
      .toBeVisible();
  });

  test('a change of zone asks for that zone’s times and shows them on its clock', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answer(async (timeZone) => {
      if (timeZone !== 'Asia/Tokyo') return json(200, offer());
      await held;
      return json(200, offer({ timeZone, slots: [slot('2030-01-08T01:00:00.000Z')] }));
    });
    show(<DemoTimePicker timeZone="America/New_York" />);
    await expect.element(day('Monday, January 7')).toBeVisible();
    await picker.getByLabelText('Your time zone').selectOptions('Asia/Tokyo');
    await expect.poll(offersAsked).toEqual(['America/New_York', 'Asia/Tokyo']);
    // Until the zone's answer, the times on screen wait on its clock, not to be pressed.
    await expect.element(picker.getByRole('button').first()).toBeDisabled();
    release();
    await expect.element(day('Tuesday, January 8')).toBeVisible();
    await expect
      .element(
        picker.getByRole('button', {
          name: time('Tuesday, January 8, 2030 at 10:00 AM, 2:00 AM Berlin time'),
        }),
      )
      .toBeEnabled();
    expect(picker.getByRole('button').all()).toHaveLength(1);
    await expect.element(picker.getByLabelText('Your time zone')).toHaveValue('Asia/Tokyo');
  });

  test('a zone whose times cannot be had goes back, with a notice, the times kept', async () => {
    answer((timeZone) =>
      timeZone === 'Asia/Tokyo' ? problem(503, { detail: 'Try again shortly.' }) : json(200, offer()),
    );
    show(<DemoTimePicker timeZone="America/New_York" />);
    await expect.element(day('Monday, January 7')).toBeVisible();
    await picker.getByLabelText('Your time zone').selectOptions('Asia/Tokyo');
    await expect.element(page.getByText('Error loading the times')).toBeVisible();
    await expect.element(page.getByText('Try again shortly.')).toBeVisible();
    await expect.element(picker.getByLabelText('Your time zone')).toHaveValue('America/New_York');
    await expect.element(day('Monday, January 7').getByRole('button').first()).toBeEnabled();
  });

  test('a press books the time at once: the confirmation replaces the picker and takes the focus', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answer(
      () => json(200, offer()),
      async (body) => {
        await held;
        return json(201, booking(body.start));
      },
    );
    show(<DemoTimePicker timeZone="America/New_York" />);
    await day('Monday, January 7').getByRole('button').first().click();
    // While it is on its way, no other time can be pressed.
    for (const button of picker.getByRole('button').all()) await expect.element(button).toBeDisabled();
    release();
    const confirmation = picker.getByText(
      time(
        'Your demo is booked for Monday, January 7, 2030 at 10:00 AM (4:00 PM Berlin time for your host).',
      ),
    );
    await expect.element(confirmation).toBeVisible();
    await expect.element(confirmation).toHaveFocus();
    expect(await bookings()).toEqual([{ start: slots[0]!.start, timeZone: 'America/New_York' }]);
    expect(picker.getByRole('button').all()).toHaveLength(0);
    await expect.element(picker.getByLabelText('Your time zone')).not.toBeInTheDocument();
  });

  test('a time taken meanwhile: the server’s words are announced, the times open now shown in place', async () => {
    const fresh = [slots[1]!, slot('2030-01-09T15:00:00.000Z')];
    answer(
      () => json(200, offer()),
      () =>
        problem(409, {
          title: 'Conflict',
          detail: 'That time was just taken. Please pick another.',
          slots: fresh,
          booking: null,
        }),
    );
    show(<DemoTimePicker timeZone="America/New_York" />);
    await day('Monday, January 7').getByRole('button').first().click();
    const status = picker.getByRole('status');
    await expect.element(status).toHaveTextContent('That time was just taken. Please pick another.');
    await expect.element(day('Wednesday, January 9')).toBeVisible();
    expect(picker.getByRole('button').all()).toHaveLength(2);
    await expect
      .element(
        picker.getByRole('button', {
          name: time('Monday, January 7, 2030 at 10:00 AM, 4:00 PM Berlin time'),
        }),
      )
      .not.toBeInTheDocument();
    await expect.element(picker.getByRole('button').first()).toBeEnabled();
    // The time pressed is gone: the focus goes to the picker's heading, not to the page's start.
    await expect.element(picker.getByRole('heading', { name: 'Pick an exact time' })).toHaveFocus();
    // Another press books, and the refusal's words go.
    answer(
      () => json(200, offer()),
      () => json(201, booking(slots[1]!.start)),
    );
    await day('Monday, January 7').getByRole('button').first().click();
    await expect
      .element(picker.getByText(/^Your demo is booked for Monday, January 7, 2030 at 11:00/))
      .toHaveFocus();
    await expect.element(status).not.toBeInTheDocument();
  });

  test('a request booked already (409 with its booking) shows that booking', async () => {
    answer(
      () => json(200, offer()),
      () =>
        problem(409, {
          title: 'Conflict',
          detail: 'Your demo is booked already.',
          slots: [],
          booking: booking(slots[3]!.start),
        }),
    );
    show(<DemoTimePicker timeZone="America/New_York" />);
    await day('Monday, January 7').getByRole('button').first().click();
    await expect
      .element(
        picker.getByText(
          time(
            'Your demo is booked for Tuesday, January 8, 2030 at 10:00 AM (4:00 PM Berlin time for your host).',
          ),
        ),
      )
      .toHaveFocus();
  });

  test('any other failure is a notice, and everything stays to press again', async () => {
    answer(
      () => json(200, offer()),
      () => problem(503, { detail: 'The service is briefly unavailable. Please try again shortly.' }),
    );
    show(<DemoTimePicker timeZone="America/New_York" />);
    const first = day('Monday, January 7').getByRole('button').first();
    await first.click();
    await expect.element(page.getByText('Error booking your demo')).toBeVisible();
    await expect
      .element(page.getByText('The service is briefly unavailable. Please try again shortly.'))
      .toBeVisible();
    await expect.element(first).toBeEnabled();
    await expect.element(first).toHaveFocus();
    expect(picker.getByRole('button').all()).toHaveLength(4);
  });

  test('an offer already booked shows the booking', async () => {
    answer(() => json(200, offer({ slots: [], booking: booking(slots[0]!.start) })));
    show(<DemoTimePicker timeZone="America/New_York" />);
    await expect.element(picker.getByText(/^Your demo is booked for Monday, January 7, 2030/)).toBeVisible();
  });
});
