/**
 * How the demo picker words an instant (docs/demo-slots.md#picking-a-time): on the visitor's clock
 * for the slot itself, on the host's beside it. In English, as the rest of the site is.
 */

const LOCALE = 'en-US';
const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone} ${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: zone })));
  return f;
}

/** The date on that zone's clock, as YYYY-MM-DD: what slots are grouped by. */
export function dayKey(at: Date, zone: string): string {
  const parts = format(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** "Tuesday, June 9": a day's heading. */
export const dayLabel = (at: Date, zone: string) =>
  format(zone, { weekday: 'long', month: 'long', day: 'numeric' }).format(at);

/** "10:00 AM". */
export const timeOf = (at: Date, zone: string) =>
  format(zone, { hour: 'numeric', minute: '2-digit' }).format(at);

/** "Tuesday, June 9, 2026 at 10:00 AM". */
export const fullDateTime = (at: Date, zone: string) =>
  format(zone, { dateStyle: 'full', timeStyle: 'short' }).format(at);

/** A zone as people read it: its place ("America/New_York" is "New York"; "UTC" stays). */
export const placeOf = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

/**
 * The host's time of an instant: "4:00 PM Berlin time", with the weekday when the host's date is
 * not the visitor's ("Wed 1:00 AM Berlin time").
 */
export function hostTime(at: Date, visitorZone: string, hostZone: string): string {
  const time = timeOf(at, hostZone);
  const otherDay = dayKey(at, hostZone) !== dayKey(at, visitorZone);
  const day = otherDay ? `${format(hostZone, { weekday: 'short' }).format(at)} ` : '';
  return `${day}${time} ${placeOf(hostZone)} time`;
}

/** Every zone the browser knows, with the visitor's own among them (an alias may not be listed). */
export function timeZones(own: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(own) ? all : [own, ...all];
}

/** The browser's own zone. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
