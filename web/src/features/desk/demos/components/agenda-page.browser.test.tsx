import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import IslandProviders from '../../../../islands/providers.tsx';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { agendaQuery, type AgendaSearch, type DemoAgenda, type TeamMember } from '../api/agenda.ts';
import { AgendaPage } from './agenda-page.tsx';

// The demo agenda as a desk's browser shows it, without a server: days grouped with their demos,
// empty days, the host filter and the weeks kept in the search the route puts in the URL
// (docs/demo-slots.md#the-agenda). The walk against the real server is
// tests/e2e/desk-demo-agenda.own-server.spec.ts.

/** The API's answers by query string; what the page asked, in order. */
const api = vi.hoisted(() => {
  const real = globalThis.fetch.bind(globalThis);
  const state = {
    answer: undefined as ((url: URL) => unknown) | undefined,
    asked: [] as string[],
  };
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url, location.href);
    if (state.answer && url.pathname === '/api/demo-agenda') {
      state.asked.push(url.search);
      return new Response(JSON.stringify(state.answer(url)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return real(input, init);
  };
  return state;
});

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
  member(2, 'grace'),
  member(4, 'linus', { active: false, deactivatedAt: '2026-02-01T00:00:00.000Z' }),
];

const dates = (from: string) =>
  Array.from({ length: 7 }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000)).map((d) =>
    d.toISOString().slice(0, 10),
  );

/** A week of Berlin's agenda from Monday 19 October 2026, the week it leaves summer time. */
function week(from = '2026-10-19', hostId?: number): DemoAgenda {
  const demos: Record<string, DemoAgenda['days'][number]['demos']> = {
    '2026-10-20': [
      {
        leadId: 11,
        name: 'Pat Prospect',
        company: 'Acme',
        email: 'pat@example.com',
        startsAt: '2026-10-20T07:00:00.000Z',
        endsAt: '2026-10-20T07:30:00.000Z',
        status: 'confirmed',
        host: { id: 2, username: 'grace' },
        previousStartsAt: null,
      },
      {
        leadId: 12,
        name: '',
        company: '',
        email: '',
        startsAt: '2026-10-20T12:00:00.000Z',
        endsAt: '2026-10-20T12:30:00.000Z',
        status: 'pending',
        host: { id: 1, username: 'ada' },
        previousStartsAt: '2026-10-19T12:00:00.000Z',
      },
    ],
    // The first 02:30 of the fall-back night: it ends at 02:00, an hour of the other offset.
    '2026-10-25': [
      {
        leadId: 13,
        name: 'Sam Night',
        company: 'Owls Ltd',
        email: 'sam@example.com',
        startsAt: '2026-10-25T00:30:00.000Z',
        endsAt: '2026-10-25T01:00:00.000Z',
        status: 'confirmed',
        host: { id: 2, username: 'grace' },
        previousStartsAt: null,
      },
    ],
  };
  return {
    timeZone: 'Europe/Berlin',
    from,
    days: dates(from).map((date) => ({
      date,
      demos: (demos[date] ?? []).filter((d) => hostId === undefined || d.host.id === hostId),
    })),
  };
}

let mounted: { root: Root; host: HTMLElement } | undefined;
/** The page in a router of its own (its links are the router's), at `search`, this week's answer cached. */
function show(initial: AgendaSearch = {}) {
  const searches: AgendaSearch[] = [];
  api.asked = [];
  api.answer = (url) =>
    week(
      url.searchParams.get('from') ?? '2026-10-19',
      url.searchParams.has('hostId') ? Number(url.searchParams.get('hostId')) : undefined,
    );
  const client = createQueryClient();
  client.setQueryData(agendaQuery(initial).queryKey, week(initial.from, initial.hostId));
  function Harness() {
    const [search, setSearch] = useState(initial);
    return (
      <AgendaPage
        search={search}
        people={people}
        onSearch={(next) => {
          searches.push(next);
          setSearch(next);
        }}
      />
    );
  }
  const router = createRouter({
    routeTree: createRootRoute({ component: Harness }),
    history: createMemoryHistory({ initialEntries: ['/admin/agenda'] }),
  });
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  root.render(
    <IslandProviders>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </IslandProviders>,
  );
  mounted = { root, host };
  return searches;
}

afterEach(() => {
  mounted?.root.unmount();
  mounted?.host.remove();
  mounted = undefined;
});

const longDate = (date: string) =>
  new Intl.DateTimeFormat(undefined, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));
const berlin = (iso: string) =>
  new Intl.DateTimeFormat(undefined, {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
const zone = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { timeZone: 'Europe/Berlin', timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')!.value;

/** A day's section, by its heading. */
const day = (date: string) => page.getByRole('region', { name: longDate(date) });

describe('the demo agenda', () => {
  test('lists each day of the week under its heading, the empty ones saying so', async () => {
    show();
    await expect.element(page.getByRole('heading', { name: 'Demo agenda', level: 2 })).toBeVisible();
    await expect.element(page.getByText('Europe/Berlin')).toBeVisible();
    const headings = page.getByRole('heading', { level: 3 });
    await expect
      .poll(() => headings.elements().map((h) => h.textContent))
      .toEqual(dates('2026-10-19').map(longDate));
    for (const empty of ['2026-10-19', '2026-10-21', '2026-10-22', '2026-10-23', '2026-10-24'])
      await expect.element(day(empty).getByText('No demos')).toBeVisible();
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(`3 demos from ${longDate('2026-10-19')} to ${longDate('2026-10-25')}.`);

    // Tuesday's two demos, in order, each with its time on the schedule's clock and its zone.
    const tuesday = day('2026-10-20').getByRole('listitem');
    expect(tuesday.elements()).toHaveLength(2);
    const [first, second] = tuesday.elements() as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain(
      `${berlin('2026-10-20T07:00:00Z')}–${berlin('2026-10-20T07:30:00Z')} ${zone('2026-10-20T07:00:00Z')}`,
    );
    expect(first.textContent).toContain('Acme');
    expect(first.textContent).toContain('Host: grace');
    expect(first.textContent).toContain('Confirmed');
    const link = day('2026-10-20').getByRole('link', { name: 'Pat Prospect' });
    await expect.element(link).toHaveAttribute('href', '/admin/demos/11');
    // An erased prospect's demo still takes the host's time; its link says whose name is gone.
    await expect
      .element(day('2026-10-20').getByRole('link', { name: 'Name erased' }))
      .toHaveAttribute('href', '/admin/demos/12');
    expect(second.textContent).toContain('Pending');
    expect(second.textContent).toContain('Moved from');
    // Across the change of offset, both ends name theirs.
    const night = day('2026-10-25').getByRole('listitem').element();
    expect(zone('2026-10-25T00:30:00Z')).not.toBe(zone('2026-10-25T01:00:00Z'));
    expect(night.textContent).toContain(
      `${berlin('2026-10-25T00:30:00Z')} ${zone('2026-10-25T00:30:00Z')}–${berlin('2026-10-25T01:00:00Z')} ${zone('2026-10-25T01:00:00Z')}`,
    );
  });

  test('filters by host through the search, keeping the week, and back to all hosts', async () => {
    const searches = show({ from: '2026-10-19' });
    const select = page.getByRole('combobox', { name: 'Host' });
    await expect.element(select).toHaveValue('');
    expect([...(select.element() as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'All hosts',
      'ada',
      'grace',
      'linus (deactivated)',
    ]);
    await userEvent.selectOptions(select, 'grace');
    expect(searches.at(-1)).toEqual({ from: '2026-10-19', hostId: 2 });
    await expect.element(page.getByRole('status')).toHaveTextContent(/^2 demos for grace from/);
    expect(api.asked.at(-1)).toBe('?from=2026-10-19&hostId=2&days=7');
    await expect
      .element(day('2026-10-20').getByRole('link', { name: 'Name erased' }))
      .not.toBeInTheDocument();
    await expect.element(day('2026-10-20').getByRole('link', { name: 'Pat Prospect' })).toBeVisible();

    await userEvent.selectOptions(select, 'All hosts');
    expect(searches.at(-1)).toEqual({ from: '2026-10-19' });
    await expect.element(page.getByRole('status')).toHaveTextContent(/^3 demos from/);
  });

  test('moves a week at a time and back to this week, the host kept', async () => {
    const searches = show({ hostId: 1 });
    const thisWeek = page.getByRole('button', { name: 'This week' });
    await expect.element(thisWeek).toBeDisabled();
    await page.getByRole('button', { name: 'Next week' }).click();
    expect(searches.at(-1)).toEqual({ from: '2026-10-26', hostId: 1 });
    await expect.element(page.getByRole('heading', { name: longDate('2026-10-26') })).toBeVisible();
    await expect.element(page.getByRole('status')).toHaveTextContent(/^No demos for ada from/);
    await expect.element(thisWeek).toBeEnabled();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await page.getByRole('button', { name: 'Previous week' }).click();
    expect(searches.at(-1)).toEqual({ from: '2026-10-12', hostId: 1 });
    await expect.element(page.getByRole('heading', { name: longDate('2026-10-12') })).toBeVisible();
    await thisWeek.click();
    expect(searches.at(-1)).toEqual({ hostId: 1 });
    expect(api.asked).toEqual([
      '?from=2026-10-26&hostId=1&days=7',
      '?from=2026-10-19&hostId=1&days=7',
      '?from=2026-10-12&hostId=1&days=7',
    ]);
  });

  test('offers no week beyond the last date there is', async () => {
    show({ from: '9999-12-25' });
    await expect.element(page.getByRole('button', { name: 'Next week' })).toBeDisabled();
    await expect.element(page.getByRole('button', { name: 'Previous week' })).toBeEnabled();
  });
});
