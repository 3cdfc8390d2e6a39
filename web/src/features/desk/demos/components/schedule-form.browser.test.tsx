import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { toaster } from '../../../../components/toaster.tsx';
import IslandProviders from '../../../../islands/providers.tsx';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { scheduleQuery, type DemoSchedule, type TeamMember } from '../api/schedule.ts';
import { SchedulePage } from './schedule-page.tsx';

// The demo schedule's form as an admin's browser runs it, without a server: adding and removing
// hours, the desk's own checks, and the server's 400 put back at its fields (docs/demo-slots.md#the-schedules-desk-page).
// The walk against the real server is tests/e2e/desk-demo-schedule.spec.ts.

/** The API as each test wants it to answer; the client's fetch is taken before any module reads it. */
const api = vi.hoisted(() => {
  const real = globalThis.fetch.bind(globalThis);
  const state = {
    answer: undefined as ((req: Request) => Promise<Response> | Response) | undefined,
    requests: [] as { method: string; body: unknown }[],
  };
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    if (state.answer && new URL(req.url, location.href).pathname.startsWith('/api/')) {
      const text = await req.clone().text();
      state.requests.push({ method: req.method, body: text ? JSON.parse(text) : undefined });
      return state.answer(req);
    }
    return real(input, init);
  };
  return state;
});

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
const refused = (errors: { path: string; message: string }[]) =>
  json(
    400,
    {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: `The schedule was not saved: ${errors[0]!.message}.`,
      errors,
    },
    'application/problem+json',
  );

const member = (id: number, username: string, more: Partial<TeamMember> = {}): TeamMember => ({
  id,
  username,
  role: 'member',
  createdAt: '2026-01-01T00:00:00.000Z',
  email: null,
  active: true,
  deactivatedAt: null,
  assignedLeads: 0,
  openLeads: 0,
  ...more,
});
const people = [
  member(1, 'ada', { role: 'owner' }),
  member(2, 'grace', { role: 'admin' }),
  member(3, 'vera', { role: 'viewer' }),
  member(4, 'linus', { active: false, deactivatedAt: '2026-02-01T00:00:00.000Z' }),
];
const saved: DemoSchedule = {
  timeZone: 'Europe/Berlin',
  weekly: [
    { weekday: 1, start: '09:00', end: '12:00' },
    { weekday: 1, start: '13:00', end: '24:00' },
  ],
  overrides: [{ date: '2026-12-24', intervals: [] }],
  lengthMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 240,
  horizonDays: 30,
  dailyCap: null,
  hostIds: [2, 4],
};

// The page's one notices region, as the first island of a page mounts it (islands/providers.tsx).
const noticesHost = document.body.appendChild(document.createElement('div'));
const noticesRoot = createRoot(noticesHost);
noticesRoot.render(<IslandProviders>{null}</IslandProviders>);

let mounted: { root: Root; host: HTMLElement } | undefined;
/** The page as the route shows it, its loader's answer already in the cache. */
function show(schedule: DemoSchedule | null) {
  const client = createQueryClient();
  client.setQueryData(scheduleQuery.queryKey, {
    schedule,
    updatedAt: schedule ? '2026-11-30T10:00:00.000Z' : null,
  });
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  root.render(
    <IslandProviders>
      <QueryClientProvider client={client}>
        <SchedulePage people={people} />
      </QueryClientProvider>
    </IslandProviders>,
  );
  mounted = { root, host };
}

afterEach(() => {
  mounted?.root.unmount();
  mounted?.host.remove();
  mounted = undefined;
  toaster.remove();
  api.answer = undefined;
  api.requests = [];
});
afterAll(() => noticesRoot.unmount());

const form = () => page.getByRole('form', { name: 'Demo schedule' });
const day = (name: string) => form().getByRole('group', { name, exact: true });
const save = () => form().getByRole('button', { name: 'Save schedule' }).click();

describe('the schedule form', () => {
  test('a new schedule: weekdays 09:00–17:00; hours are added and removed, each day on its own', async () => {
    show(null);
    await expect.element(page.getByText(/Without a schedule, prospects leave their wishes/)).toBeVisible();
    await expect.element(day('Monday').getByLabelText('Start')).toHaveValue('09:00');
    await expect.element(day('Monday').getByLabelText('End')).toHaveValue('17:00');
    await expect.element(day('Saturday').getByText('Closed')).toBeVisible();
    // A closed day's first hours are a working day's; the focus is on their start.
    await day('Saturday').getByRole('button', { name: 'Add hours' }).click();
    await expect.element(day('Saturday').getByLabelText('Start')).toHaveValue('09:00');
    await expect.element(day('Saturday').getByLabelText('Start')).toHaveFocus();
    await expect.element(day('Saturday').getByText('Closed')).not.toBeInTheDocument();
    // More hours start empty, to be typed.
    await day('Saturday').getByRole('button', { name: 'Add hours' }).click();
    await expect.poll(() => day('Saturday').getByLabelText('Start').all()).toHaveLength(2);
    await expect.element(day('Saturday').getByLabelText('Start').nth(1)).toHaveValue('');
    await expect.element(day('Saturday').getByLabelText('Start').nth(1)).toHaveFocus();
    // Removing one keeps the other, and the focus goes to Add hours.
    await day('Saturday').getByRole('button', { name: 'Remove Saturday hours 1' }).click();
    await expect.poll(() => day('Saturday').getByLabelText('Start').all()).toHaveLength(1);
    await expect.element(day('Saturday').getByLabelText('Start')).toHaveValue('');
    await expect.element(day('Saturday').getByRole('button', { name: 'Add hours' })).toHaveFocus();
    await day('Saturday').getByRole('button', { name: 'Remove Saturday hours 1' }).click();
    await expect.element(day('Saturday').getByText('Closed')).toBeVisible();
    // Sunday and the rest are as they were.
    await expect.element(day('Sunday').getByText('Closed')).toBeVisible();
    expect(day('Friday').getByLabelText('Start').all()).toHaveLength(1);
  });

  test('overlapping hours on one day are refused at the later interval, and the message goes once they do not', async () => {
    api.answer = () => json(200, { schedule: saved, updatedAt: '2026-12-01T10:00:00.000Z' });
    show(null);
    await form().getByText('grace (Admin)').click();
    await day('Tuesday').getByRole('button', { name: 'Add hours' }).click();
    await userEvent.fill(day('Tuesday').getByLabelText('Start').nth(1), '16:00');
    await userEvent.fill(day('Tuesday').getByLabelText('End').nth(1), '18:00');
    await save();
    const later = day('Tuesday').getByLabelText('Start').nth(1);
    await expect.element(later).toHaveAttribute('aria-invalid', 'true');
    await expect.element(later).toHaveAccessibleErrorMessage(/Overlaps another interval on Tuesday/);
    await expect.element(later).toHaveFocus();
    await expect.element(day('Tuesday').getByLabelText('Start').first()).not.toHaveAttribute('aria-invalid');
    expect(api.requests).toHaveLength(0);
    // Moving the earlier interval's end is enough: the day is checked again.
    await userEvent.fill(day('Tuesday').getByLabelText('End').first(), '16:00');
    await expect.element(day('Tuesday').getByText(/Overlaps another interval/)).not.toBeInTheDocument();
    await save();
    await expect.element(page.getByText('Demo schedule saved')).toBeVisible();
    expect(api.requests).toHaveLength(1);
    const body = api.requests[0]!.body as DemoSchedule;
    expect(body.weekly.filter((h) => h.weekday === 2)).toEqual([
      { weekday: 2, start: '09:00', end: '16:00' },
      { weekday: 2, start: '16:00', end: '18:00' },
    ]);
    expect(body.hostIds).toEqual([2]);
  });

  test('the server’s 400 is shown at the fields its pointers name, and nothing typed is lost', async () => {
    show(null);
    // The body's weekly intervals are Monday's, Tuesday's, Wednesday's two, Thursday's, Friday's:
    // /weekly/3 is Wednesday's second, not Thursday's.
    await day('Wednesday').getByRole('button', { name: 'Add hours' }).click();
    await userEvent.fill(day('Wednesday').getByLabelText('Start').nth(1), '18:00');
    await userEvent.fill(day('Wednesday').getByLabelText('End').nth(1), '20:00');
    await form().getByRole('button', { name: 'Add date override' }).click();
    await userEvent.fill(form().getByLabelText(/^Date\W*$/), '2026-12-24');
    await form().getByText('grace (Admin)').click();
    await form().getByText('ada (Owner)').click();
    api.answer = () =>
      refused([
        { path: '/hostIds/1', message: 'Must be an active member, admin or owner of the team' },
        { path: '/overrides/0/date', message: '2026-12-24 is overridden twice' },
        { path: '/weekly/3/end', message: 'The end must be after the start' },
      ]);
    await save();
    const end = day('Wednesday').getByLabelText('End').nth(1);
    await expect.element(end).toHaveAccessibleErrorMessage(/The end must be after the start/);
    await expect.element(end).toHaveAttribute('aria-invalid', 'true');
    await expect.element(day('Thursday').getByLabelText('End')).not.toHaveAttribute('aria-invalid');
    await expect
      .element(form().getByLabelText(/^Date\W*$/))
      .toHaveAccessibleErrorMessage(/2026-12-24 is overridden twice/);
    // A host's pointer says its place among the hosts ticked: the second was ada's.
    await expect
      .element(form().getByText('ada (Owner): Must be an active member, admin or owner of the team'))
      .toBeVisible();
    // The first of them on the page has the focus.
    await expect.element(end).toHaveFocus();
    // What was sent is what was typed, and it is all still there.
    const body = api.requests[0]!.body as DemoSchedule;
    expect(body.weekly[3]).toEqual({ weekday: 3, start: '18:00', end: '20:00' });
    expect(body.overrides).toEqual([{ date: '2026-12-24', intervals: [] }]);
    expect(body.hostIds).toEqual([2, 1]);
    await expect.element(day('Wednesday').getByLabelText('Start').nth(1)).toHaveValue('18:00');
    await expect.element(end).toHaveValue('20:00');
    await expect.element(form().getByLabelText(/^Date\W*$/)).toHaveValue('2026-12-24');
    await expect.element(form().getByLabelText('ada (Owner)')).toBeChecked();
  });

  test('a saved schedule fills the form: midnight as 00:00, a day off, a deactivated host that can be unticked', async () => {
    show(saved);
    await expect.element(page.getByText(/Last saved/)).toBeVisible();
    await expect.element(form().getByLabelText('Time zone')).toHaveValue('Europe/Berlin');
    await expect.element(day('Monday').getByLabelText('End').nth(1)).toHaveValue('00:00');
    await expect.element(form().getByLabelText('Day off')).toBeChecked();
    await expect.element(form().getByLabelText('Buffer after (minutes)')).toHaveValue(10);
    await expect.element(form().getByLabelText('Daily cap (demos per host)')).toHaveValue(null);
    const linus = form().getByLabelText('linus (deactivated: takes no demos)');
    await expect.element(linus).toBeChecked();
    // A viewer is no host; nor is a deactivated account the schedule does not have.
    await expect.element(form().getByText(/^vera/)).not.toBeInTheDocument();
    await form().getByText('linus (deactivated: takes no demos)').click();
    api.answer = () =>
      json(200, { schedule: { ...saved, hostIds: [2] }, updatedAt: '2026-12-01T10:00:00.000Z' });
    await save();
    await expect.element(page.getByText('Demo schedule saved')).toBeVisible();
    const body = api.requests[0]!.body as DemoSchedule;
    expect(body.weekly).toEqual(saved.weekly);
    expect(body.overrides).toEqual(saved.overrides);
    expect(body.hostIds).toEqual([2]);
    // Until saved again, the unticked host stays offered.
    await expect.element(linus).not.toBeChecked();
  });

  test('Remove schedule asks first; Cancel goes back to the button', async () => {
    show(saved);
    await page.getByRole('button', { name: 'Remove schedule' }).click();
    const ask = page.getByRole('group', { name: 'Remove the demo schedule?' });
    await expect.element(ask.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(ask).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Remove schedule' })).toHaveFocus();
    expect(api.requests).toHaveLength(0);
    api.answer = () => new Response(null, { status: 204 });
    await page.getByRole('button', { name: 'Remove schedule' }).click();
    await ask.getByRole('button', { name: 'Remove schedule' }).click();
    await expect.element(page.getByText('Demo schedule removed')).toBeVisible();
    await expect.element(page.getByText(/Without a schedule, prospects leave their wishes/)).toBeVisible();
    expect(api.requests.map((r) => r.method)).toEqual(['DELETE']);
    // A new form: the removed schedule's values do not stay.
    await expect.element(day('Monday').getByLabelText('End')).toHaveValue('17:00');
  });
});
