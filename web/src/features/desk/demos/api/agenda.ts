import type { components } from '@lead-desk/contract';
import { parameters } from '@lead-desk/contract/parameters';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { adminKey } from '../../shared/api/session.ts';

type S = components['schemas'];
export type DemoAgenda = S['DemoAgenda'];
export type AgendaDemo = S['DemoAgendaItem'];
/** The team's people, as the route passes them in (for the host filter). */
export type TeamMember = S['TeamMember'];

/** The agenda's place in the URL: the week's first date (today on the schedule's clock when none) and a host. */
export interface AgendaSearch {
  from?: string;
  hostId?: number;
}

/** The page shows a week at a time. */
export const AGENDA_DAYS = 7;
// The contract's own bounds: a week never reaches past them.
if (AGENDA_DAYS > parameters.AgendaDays.schema.maximum)
  throw new Error('A week is longer than the API shows');

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD date as UTC midnight's milliseconds, or NaN when it is no real date. */
function dayNumber(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return NaN;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years below 100 as 19xx
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
    ? d.getTime()
    : NaN;
}
// The dates the API takes: there is no year 0, and YYYY ends at 9999.
const FIRST = dayNumber('0001-01-01');
const LAST = dayNumber('9999-12-31');
const dateOf = (ms: number) => {
  const d = new Date(ms);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** Whether a week from this date lies within the dates the API shows (years 1 to 9999). */
export const isWeekStart = (date: string): boolean => {
  const n = dayNumber(date);
  return n >= FIRST && n + (AGENDA_DAYS - 1) * DAY_MS <= LAST;
};

/** The date `days` after (or before) this one, or undefined when that week is beyond the API's dates. */
export function weekFrom(date: string, days: number): string | undefined {
  const next = dateOf(dayNumber(date) + days * DAY_MS);
  return isWeekStart(next) ? next : undefined;
}

const asText = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : undefined);

/** The URL's search as the API takes it; a value it would refuse is dropped. */
export function parseAgendaSearch(raw: Record<string, unknown>): AgendaSearch {
  const from = asText(raw.from);
  const host = asText(raw.hostId);
  return {
    ...(from !== undefined && isWeekStart(from) ? { from } : {}),
    ...(host !== undefined && /^[1-9][0-9]{0,15}$/.test(host) && Number.isSafeInteger(Number(host))
      ? { hostId: Number(host) }
      : {}),
  };
}

/** The demos of the week the search names (docs/demo-slots.md#the-agenda). Its key starts with 'admin'. */
export const agendaQuery = (search: AgendaSearch) =>
  queryOptions({
    queryKey: [...adminKey, 'demo-agenda', search],
    queryFn: async (): Promise<DemoAgenda> =>
      (await api.GET('/api/demo-agenda', { params: { query: { ...search, days: AGENDA_DAYS } } })).data!,
    placeholderData: keepPreviousData,
  });
