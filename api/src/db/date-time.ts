/**
 * The date-time rule of the API (docs/product.md#errors): what a client sends as a date and time is
 * a value PostgreSQL can hold, checked once for every date-time query parameter of the contract
 * (http/mount.ts) and for the cursors the server gives out.
 */

/**
 * A UTC timestamp PostgreSQL accepts: a real calendar date (JavaScript's Date takes 30 February
 * and rolls it over) from year 1 on (there is no year 0), so a forged cursor is a 400, not a 500.
 */
export function isRealTimestamp(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years below 100 as 19xx
  date.setUTCHours(hour, minute, second);
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

/**
 * An RFC 3339 date-time (`T`, `t` or a plain space between date and time; `Z` or an offset) as the
 * UTC instant PostgreSQL reads, fraction kept; undefined for anything PostgreSQL could not take: a
 * date that does not exist, an instant before year 1 or after 9999, another separator (ajv's
 * format takes any Unicode space), an offset beyond PostgreSQL's ±15:59 (RFC 3339 allows ±23:59).
 */
export function utcInstant(text: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(\.\d{1,9})?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/.exec(
    text,
  );
  if (!m || !isRealTimestamp(`${m[1]}T${m[2]}Z`)) return undefined;
  const [hours, minutes] = [Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (hours > 15 || minutes > 59) return undefined; // PostgreSQL's widest offset is ±15:59
  const date = new Date(`${m[1]}T${m[2]}Z`);
  date.setUTCMinutes(date.getUTCMinutes() - (m[4] === '-' ? -1 : 1) * (hours * 60 + minutes));
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999) return undefined;
  return `${date.toISOString().slice(0, 19)}${m[3] ?? ''}Z`;
}
