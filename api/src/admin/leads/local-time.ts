/**
 * The desk picks a demo's date and time as a person reads a clock in a place (an IANA zone); the
 * server stores the instant (docs/product.md#follow-up). Node's Intl knows every zone's offsets.
 */

/** True when Intl knows the zone (Europe/Berlin, America/New_York, UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading of `instant` in `zone`, as milliseconds of a UTC date with that reading. */
function wallClock(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/**
 * The instant at which clocks in `zone` show `date` `time`, or null when they never do (the hour
 * skipped when clocks go forward). In the hour repeated when they go back, the first one.
 */
export function zonedInstant(date: string, time: string, zone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  // Two rounds converge for every real offset; the earlier candidate wins in a repeated hour.
  const candidates = [wanted - 14 * 3600_000, wanted + 14 * 3600_000].map((probe) => {
    let guess = wanted - (wallClock(probe, zone) - probe);
    guess = wanted - (wallClock(guess, zone) - guess);
    return guess;
  });
  const hits = candidates.filter((c) => wallClock(c, zone) === wanted).sort((a, b) => a - b);
  return hits.length ? new Date(hits[0]!) : null;
}
