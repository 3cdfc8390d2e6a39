// npm run bench:booking — prospects booking demo slots at once (docs/demo-slots.md). A schedule
// with two hosts and a 90-day horizon already holding 1,000 bookings; then, for each open slot of
// one week (next week, weekdays 09:00-15:00 Berlin, 30 minutes with 15 minutes' buffer after, so
// adjacent slots exclude each other for one host), five prospects who sent a demo request book it
// all at once through the API; a prospect who loses picks a fresh slot of that week from the 409
// and tries again, up to five times. Before that saturation run, a steady one: one prospect a
// second booking the same week (the saturation run takes what is left open). The slot query (GET /api/demo-booking) is timed with no bookings
// and with the 1,000, in the same run. The last line:
//   booked: N of N double_booked: N conflicts: N slots_growth: R
// booked: bookings made in the week, of the most the week can hold once every prospect has tried
// (the week has no open slot left then); double_booked: pairs of one host's bookings whose times
// with buffers overlap (goal 0); conflicts: 409 answers (each must carry fresh slots);
// slots_growth: p95 of the slot query with the 1,000 bookings over p95 with none (goal <= 2).
import os from 'node:os';
import pg from 'pg';
import { Temporal } from 'temporal-polyfill';
import { percentile } from './lib/sampling.ts';
import { fmt, startApi, startDatabase } from './lib/stack.ts';

const PROSPECTS_PER_SLOT = 5;
const EXISTING = Number(process.env.BENCH_EXISTING_BOOKINGS ?? 1000);
const QUERY_SAMPLES = 60;
const TRIES = 5;
const STEADY_PROSPECTS = 20;
const PASSWORD = 'bench-admin-password';
const ZONE = 'Europe/Berlin';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

const db = await startDatabase();
const owner = new pg.Client({ connectionString: db.ownerUrl });
try {
  await owner.connect();
  const api = await startApi(db.url, {
    LEAD_RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: PASSWORD,
  });
  try {
    const login = await fetch(`${api.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: api.url },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const admin = cookieOf(login);
    const hosts = (
      await owner.query<{ id: string }>(
        `INSERT INTO admin_users (username, password_hash, role) VALUES ('host-two', 'x', 'member') RETURNING id::text`,
      )
    ).rows.map((r) => Number(r.id));
    hosts.unshift(
      Number((await owner.query(`SELECT id FROM admin_users WHERE username = 'admin'`)).rows[0].id),
    );
    const saved = await fetch(`${api.url}/api/demo-schedule`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: api.url, cookie: admin },
      body: JSON.stringify({
        timeZone: ZONE,
        weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '15:00' })),
        overrides: [],
        lengthMinutes: 30,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 15,
        minimumNoticeMinutes: 0,
        horizonDays: 90,
        dailyCap: null,
        hostIds: hosts,
      }),
    });
    if (saved.status !== 200)
      throw new Error(`the schedule was refused: ${saved.status} ${await saved.text()}`);

    /** A browser that sent a demo request wishing for `preferredDate`: its cookie. */
    const prospect = async (i: number, preferredDate: string) => {
      const res = await fetch(`${api.url}/api/demo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench Prospect ${i}`,
          email: `prospect${i}@example.com`,
          preferredDate,
          preferredTime: 'flexible',
        }),
      });
      if (res.status !== 201) throw new Error(`a demo request was refused: ${res.status}`);
      const cookie = cookieOf(res);
      if (!cookie.includes('demo_booking=')) throw new Error('no booking cookie on a demo request');
      return cookie;
    };
    const offer = async (cookie: string) => {
      const res = await fetch(`${api.url}/api/demo-booking?timeZone=${ZONE}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`the offer failed: ${res.status}`);
      return (await res.json()) as { slots: { start: string }[]; matchesWishes: boolean };
    };
    /** The slot query's times over QUERY_SAMPLES requests, one at a time. */
    const timeQuery = async (cookie: string) => {
      const ms: number[] = [];
      for (let i = 0; i < QUERY_SAMPLES + 5; i++) {
        const t0 = performance.now();
        await offer(cookie);
        if (i >= 5) ms.push(performance.now() - t0);
      }
      return ms;
    };

    const probe = await prospect(0, 'flexible');
    const emptyMs = await timeQuery(probe);

    // The 1,000 bookings: hourly on each host's clock 07:00-20:00, from two weeks ahead on, outside
    // the measured weeks (they are booked times all the same: the slot query reads every one).
    const today = Temporal.Now.plainDateISO(ZONE);
    const nextMonday = today.add({ days: 8 - today.dayOfWeek });
    const rows: [number, string, string][] = [];
    for (let d = 14; rows.length < EXISTING && d < 90; d++) {
      for (let h = 7; h < 20 && rows.length < EXISTING; h++) {
        for (const host of hosts) {
          if (rows.length >= EXISTING) break;
          const start = nextMonday
            .add({ days: d })
            .toZonedDateTime({ timeZone: ZONE, plainTime: { hour: h } });
          rows.push([host, start.toInstant().toString(), start.add({ minutes: 30 }).toInstant().toString()]);
        }
      }
    }
    await owner.query(
      `WITH leads AS (
         INSERT INTO demo_requests (name, email)
         SELECT 'Earlier Prospect ' || g, 'earlier' || g || '@example.com' FROM generate_series(1, $1::int) g
         RETURNING id
       ), numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM leads)
       INSERT INTO demo_bookings (lead_id, host_id, starts_at, ends_at, blocked, ics_uid, manage_token_hash)
       SELECT l.id, b.host, b.starts, b.ends, tstzrange(b.starts, b.ends + interval '15 minutes'),
              'bench-' || l.id || '@demo', sha256(('bench-' || l.id)::bytea)
         FROM unnest($2::bigint[], $3::timestamptz[], $4::timestamptz[]) WITH ORDINALITY AS b (host, starts, ends, n)
         JOIN numbered l ON l.n = b.n`,
      [rows.length, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
    );
    const loadedMs = await timeQuery(probe);
    const growth = percentile(loadedMs, 95) / Math.max(0.001, percentile(emptyMs, 95));
    console.log(
      `slot query (GET /api/demo-booking, 90 days, 2 hosts): p95 ${fmt(percentile(emptyMs, 95))} ms with no bookings, ${fmt(percentile(loadedMs, 95))} ms with ${rows.length}; load ${load()}`,
    );

    /** One prospect booking `start`, then fresh slots of the same week from each 409. */
    let conflicts = 0;
    let conflictsWithoutSlots = 0;
    const latencies: number[] = [];
    const book = async (cookie: string, start: string | undefined, week: (s: string) => boolean) => {
      let want = start;
      for (let tries = 0; want && tries < TRIES; tries++) {
        const t0 = performance.now();
        const res = await fetch(`${api.url}/api/demo-booking`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ start: want, timeZone: ZONE }),
        });
        latencies.push(performance.now() - t0);
        if (res.status === 201) return true;
        if (res.status !== 409) throw new Error(`a booking answered ${res.status}: ${await res.text()}`);
        conflicts += 1;
        const body = (await res.json()) as { slots?: { start: string }[] };
        if (!Array.isArray(body.slots)) conflictsWithoutSlots += 1;
        // Another prospect's pick: spread out, as people pick different times.
        const fresh = (body.slots ?? []).map((s) => s.start).filter(week);
        want = fresh[Math.floor(Math.random() * fresh.length)];
      }
      return false;
    };
    const inWeek = (monday: Temporal.PlainDate) => (s: string) => {
      const d = Temporal.Instant.from(s).toZonedDateTimeISO(ZONE).toPlainDate();
      return Temporal.PlainDate.compare(d, monday) >= 0 && monday.until(d).days < 7;
    };

    // Steady: one prospect a second, each picking the soonest open slot of next week; the
    // saturation run then takes what they left open.
    const steadyWeek = inWeek(nextMonday);
    let steadyBooked = 0;
    const steadyStarted = Date.now();
    for (let i = 0; i < STEADY_PROSPECTS; i++) {
      await sleep(steadyStarted + i * 1000 - Date.now());
      const cookie = await prospect(1000 + i, 'next-week');
      const slot = (await offer(cookie)).slots.map((s) => s.start).find(steadyWeek);
      if (await book(cookie, slot, steadyWeek)) steadyBooked += 1;
    }
    const steadyP95 = percentile(latencies, 95);
    const steadyConflicts = conflicts;
    latencies.length = 0;
    conflicts = 0;

    // Saturation: five prospects for each open slot of next week, all at once.
    const week = inWeek(nextMonday);
    const firstCookie = await prospect(2000, 'next-week');
    const weekSlots = (await offer(firstCookie)).slots.map((s) => s.start).filter(week);
    const cookies = [firstCookie];
    for (let i = 1; i < weekSlots.length * PROSPECTS_PER_SLOT; i++)
      cookies.push(await prospect(2000 + i, 'next-week'));
    const started = performance.now();
    const outcomes = await Promise.all(
      cookies.map((c, i) => book(c, weekSlots[Math.floor(i / PROSPECTS_PER_SLOT)], week)),
    );
    const seconds = (performance.now() - started) / 1000;
    const booked = outcomes.filter(Boolean).length;

    const { rows: check } = await owner.query<{ booked: number; doubled: number }>(
      `SELECT (SELECT count(*)::int FROM demo_bookings b
                WHERE b.status = 'confirmed' AND b.starts_at >= $1::timestamptz AND b.starts_at < $2::timestamptz) AS booked,
              (SELECT count(*)::int FROM demo_bookings a JOIN demo_bookings b
                  ON a.host_id = b.host_id AND a.id < b.id AND a.blocked && b.blocked
                WHERE a.status IN ('pending', 'confirmed') AND b.status IN ('pending', 'confirmed')) AS doubled`,
      [
        nextMonday.toZonedDateTime({ timeZone: ZONE }).toInstant().toString(),
        nextMonday.add({ days: 7 }).toZonedDateTime({ timeZone: ZONE }).toInstant().toString(),
      ],
    );
    const leftOpen = (await offer(await prospect(9999, 'next-week'))).slots.filter((s) =>
      week(s.start),
    ).length;
    const perHost = await owner.query<{ host_id: string; n: number }>(
      `SELECT host_id::text, count(*)::int AS n FROM demo_bookings
        WHERE status = 'confirmed' AND starts_at >= $1::timestamptz AND starts_at < $2::timestamptz GROUP BY host_id ORDER BY host_id`,
      [
        nextMonday.toZonedDateTime({ timeZone: ZONE }).toInstant().toString(),
        nextMonday.add({ days: 7 }).toZonedDateTime({ timeZone: ZONE }).toInstant().toString(),
      ],
    );

    console.log(
      `steady: ${STEADY_PROSPECTS} prospects at 1/s booked ${steadyBooked}, ${steadyConflicts} conflicts, booking p95 ${fmt(steadyP95)} ms; load ${load()}`,
    );
    console.log(
      `saturation: ${cookies.length} prospects (${PROSPECTS_PER_SLOT} for each of ${weekSlots.length} open slots of next week) at once in ${fmt(seconds)} s: booking p95 ${fmt(percentile(latencies, 95))} ms (${fmt(percentile(latencies, 95) / Math.max(0.001, steadyP95))}x the steady p95), ${conflictsWithoutSlots} conflicts without fresh slots; per host ${perHost.rows.map((r) => r.n).join(' + ')}; open slots left in the week: ${leftOpen}; ${os.cpus().length} cores, load ${load()}`,
    );
    console.log(
      `booked: ${check[0]!.booked} of ${check[0]!.booked + leftOpen} double_booked: ${check[0]!.doubled} conflicts: ${conflicts} slots_growth: ${fmt(growth, 2)}`,
    );
    if (steadyBooked + booked !== check[0]!.booked)
      console.log(
        `(the prospects counted ${steadyBooked + booked} bookings, the database ${check[0]!.booked})`,
      );
  } finally {
    await api.stop();
  }
} finally {
  await owner.end().catch(() => {});
  await db.stop();
}
