import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@lead-desk/contract';
import { loadSchedule } from '../src/demos/schedule.repo.ts';
import { expectContract } from './contract.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { signedIn, type SignedIn } from './admin-helpers.ts';
import { createTeam } from './team-helpers.ts';
import type { Role } from '../src/contract/load.ts';

// The demo schedule in the desk (docs/demo-slots.md#the-schedule): set up, changed and removed by
// admins as a whole, every refusal a 400 naming its field, every change in the audit log.

type DemoSchedule = components['schemas']['DemoSchedule'];

let t: TestApp;
let team: Record<Role, number>;
let admin: SignedIn;
/** The audit log keeps every entry: a test reads those after this id. */
let auditSince = 0;

const schedule = (over: Partial<DemoSchedule> = {}): DemoSchedule => ({
  timeZone: 'Europe/Berlin',
  weekly: [
    { weekday: 1, start: '13:00', end: '17:00' },
    { weekday: 1, start: '09:00', end: '12:00' },
    { weekday: 5, start: '09:00', end: '24:00' },
  ],
  overrides: [
    { date: '2099-12-24', intervals: [] },
    { date: '2099-12-23', intervals: [{ start: '10:00', end: '11:00' }] },
  ],
  lengthMinutes: 30,
  bufferBeforeMinutes: 5,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 120,
  horizonDays: 30,
  dailyCap: 4,
  hostIds: [team.member, team.admin],
  ...over,
});

const auditEntries = async () =>
  (
    await t.db.query<{
      action: string;
      target_type: string;
      changes: Record<string, unknown>;
      details: object;
    }>(
      `SELECT action, target_type, changes, details FROM audit_entries
        WHERE action LIKE 'demo-schedule.%' AND id > $1 ORDER BY id`,
      [auditSince],
    )
  ).rows;

beforeAll(async () => {
  t = await startTestApp();
  team = await createTeam(t);
  admin = await signedIn(t, 'admin');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query('TRUNCATE demo_schedule, demo_schedule_hours, demo_schedule_overrides, demo_hosts');
  auditSince = (await t.db.query('SELECT coalesce(max(id), 0)::int AS n FROM audit_entries')).rows[0].n;
});

describe('the demo schedule in the desk', () => {
  it('is none until an admin sets one up, then reads back in stored order', async () => {
    const none = await admin.get('/api/demo-schedule');
    expectContract('getDemoSchedule', none);
    expect(none.body).toEqual({ schedule: null, updatedAt: null });

    const saved = await admin.put('/api/demo-schedule').send(schedule());
    expectContract('saveDemoSchedule', saved);
    expect(saved.status).toBe(200);
    const expected = {
      ...schedule(),
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '17:00' },
        { weekday: 5, start: '09:00', end: '24:00' },
      ],
      overrides: [
        { date: '2099-12-23', intervals: [{ start: '10:00', end: '11:00' }] },
        { date: '2099-12-24', intervals: [] },
      ],
      hostIds: [team.admin, team.member].sort((a, b) => a - b),
    };
    expect(saved.body.schedule).toEqual(expected);

    const read = await admin.get('/api/demo-schedule');
    expectContract('getDemoSchedule', read);
    expect(read.body).toEqual(saved.body);

    // The slot computation reads the same schedule.
    const forSlots = await loadSchedule(t.db, Date.parse('2099-12-01T00:00:00Z'));
    expect(forSlots).toMatchObject({
      timeZone: 'Europe/Berlin',
      weekly: {
        1: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
        5: [{ start: '09:00', end: '24:00' }],
      },
      overrides: { '2099-12-23': [{ start: '10:00', end: '11:00' }], '2099-12-24': [] },
      lengthMin: 30,
      bufferBeforeMin: 5,
      bufferAfterMin: 10,
      minNoticeMin: 120,
      horizonDays: 30,
      dailyCap: 4,
    });

    expect(await auditEntries()).toEqual([
      {
        action: 'demo-schedule.changed',
        target_type: 'demo-schedule',
        details: { created: true },
        changes: expect.objectContaining({
          timeZone: {},
          weekly: {},
          hostIds: { from: [], to: [team.admin, team.member].sort((a, b) => a - b) },
        }),
      },
    ]);
  });

  it('records only what a change changed, and nothing when nothing did', async () => {
    await admin.put('/api/demo-schedule').send(schedule());
    const first = await admin.get('/api/demo-schedule');
    const same = await admin.put('/api/demo-schedule').send(schedule());
    expect(same.status).toBe(200);
    expect(same.body.updatedAt).toBe(first.body.updatedAt);

    const changed = await admin
      .put('/api/demo-schedule')
      .send(schedule({ lengthMinutes: 45, hostIds: [team.member, team.owner] }));
    expectContract('saveDemoSchedule', changed);
    expect(changed.body.schedule.hostIds).toEqual([team.owner, team.member].sort((a, b) => a - b));
    const entries = await auditEntries();
    expect(entries).toHaveLength(2);
    expect(entries[1]!.changes).toEqual({
      lengthMinutes: {},
      hostIds: {
        from: [team.admin, team.member].sort((a, b) => a - b),
        to: [team.owner, team.member].sort((a, b) => a - b),
      },
    });
  });

  it('names the zone as the time-zone database spells it', async () => {
    const saved = await admin.put('/api/demo-schedule').send(schedule({ timeZone: 'america/new_york' }));
    expect(saved.status).toBe(200);
    expect(saved.body.schedule.timeZone).toBe('America/New_York');
  });

  it.each([
    [
      'an unknown zone',
      { timeZone: 'Mars/Olympus_Mons' },
      [
        {
          path: '/timeZone',
          message: 'Unknown time zone "Mars/Olympus_Mons": use an IANA name such as Europe/Berlin',
        },
      ],
    ],
    [
      'an interval ending before it starts',
      { weekly: [{ weekday: 2, start: '12:00', end: '09:00' }] },
      [{ path: '/weekly/0/end', message: 'The end must be after the start' }],
    ],
    [
      'an interval holding no whole demo',
      { weekly: [{ weekday: 2, start: '09:00', end: '09:20' }] },
      [{ path: '/weekly/0', message: '09:00–09:20 is shorter than one demo (30 minutes)' }],
    ],
    [
      'intervals of one weekday that overlap (the later one is named)',
      {
        weekly: [
          { weekday: 3, start: '11:00', end: '14:00' },
          { weekday: 4, start: '11:00', end: '14:00' },
          { weekday: 3, start: '09:00', end: '12:00' },
        ],
      },
      [{ path: '/weekly/0', message: 'Overlaps another interval on Wednesday' }],
    ],
    [
      'two intervals inside a longer one',
      {
        weekly: [
          { weekday: 2, start: '09:00', end: '17:00' },
          { weekday: 2, start: '10:00', end: '11:00' },
          { weekday: 2, start: '12:00', end: '13:00' },
        ],
      },
      [
        { path: '/weekly/1', message: 'Overlaps another interval on Tuesday' },
        { path: '/weekly/2', message: 'Overlaps another interval on Tuesday' },
      ],
    ],
    [
      'a date overridden twice, and overlapping hours on an override',
      {
        overrides: [
          { date: '2099-01-05', intervals: [] },
          {
            date: '2099-01-05',
            intervals: [
              { start: '09:00', end: '11:00' },
              { start: '10:30', end: '12:00' },
            ],
          },
        ],
      },
      [
        { path: '/overrides/1/date', message: '2099-01-05 is overridden twice' },
        { path: '/overrides/1/intervals/1', message: 'Overlaps another interval on 2099-01-05' },
      ],
    ],
  ])('refuses %s with a 400 naming the field, and keeps what was saved', async (_name, over, errors) => {
    await admin.put('/api/demo-schedule').send(schedule());
    const before = await admin.get('/api/demo-schedule');
    const res = await admin.put('/api/demo-schedule').send(schedule(over as Partial<DemoSchedule>));
    expectContract('saveDemoSchedule', res);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
    expect(res.body.detail).toBe(`The schedule was not saved: ${errors[0]!.message}.`);
    expect((await admin.get('/api/demo-schedule')).body).toEqual(before.body);
  });

  it('lets intervals touch', async () => {
    const res = await admin.put('/api/demo-schedule').send(
      schedule({
        weekly: [
          { weekday: 2, start: '09:00', end: '12:00' },
          { weekday: 2, start: '12:00', end: '13:00' },
        ],
      }),
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ['the contract', { lengthMinutes: 5 }, '/lengthMinutes', 'Demo length must be 10 to 240 minutes'],
    [
      'the contract',
      { weekly: [{ weekday: 8, start: '09:00', end: '10:00' }] },
      '/weekly/0/weekday',
      'Weekday must be 1 (Monday) to 7 (Sunday)',
    ],
    [
      'the contract',
      { weekly: [{ weekday: 1, start: '9:00', end: '10:00' }] },
      '/weekly/0/start',
      'Times must be HH:MM (24-hour)',
    ],
    ['the contract', { hostIds: [] }, '/hostIds', 'Choose at least one host'],
    ['the contract', { dailyCap: 0 }, '/dailyCap', 'Daily cap must be 1 to 100 demos, or none'],
  ])('refuses what %s does not allow: %j', async (_by, over, path, message) => {
    const res = await admin.put('/api/demo-schedule').send(schedule(over as Partial<DemoSchedule>));
    expectContract('saveDemoSchedule', res);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path, message });
    expect((await admin.get('/api/demo-schedule')).body.schedule).toBeNull();
  });

  it('takes as hosts only active accounts that work leads; one deactivated since may stay', async () => {
    const viewer = await admin
      .put('/api/demo-schedule')
      .send(schedule({ hostIds: [team.member, team.viewer, 987654] }));
    expectContract('saveDemoSchedule', viewer);
    expect(viewer.status).toBe(400);
    expect(viewer.body.errors).toEqual([
      { path: '/hostIds/1', message: 'Must be an active member, admin or owner of the team' },
      { path: '/hostIds/2', message: 'Must be an active member, admin or owner of the team' },
    ]);

    expect((await admin.put('/api/demo-schedule').send(schedule({ hostIds: [team.member] }))).status).toBe(
      200,
    );
    await t.db.query('UPDATE admin_users SET deactivated_at = now() WHERE id = $1', [team.member]);
    try {
      // Saved again as the page read it: the deactivated host stays listed...
      const again = await admin
        .put('/api/demo-schedule')
        .send(schedule({ hostIds: [team.member], lengthMinutes: 60 }));
      expect(again.status).toBe(200);
      // ... and takes no demos (the slot computation reads active hosts only).
      const removed = await admin.put('/api/demo-schedule').send(schedule({ hostIds: [team.admin] }));
      expect(removed.body.schedule.hostIds).toEqual([team.admin]);
      // Once off the list, they come back only when active.
      const back = await admin
        .put('/api/demo-schedule')
        .send(schedule({ hostIds: [team.admin, team.member] }));
      expect(back.status).toBe(400);
      expect(back.body.errors).toEqual([
        { path: '/hostIds/1', message: 'Must be an active member, admin or owner of the team' },
      ]);
    } finally {
      await t.db.query('UPDATE admin_users SET deactivated_at = NULL WHERE id = $1', [team.member]);
    }
  });

  it('is removed as a whole, bookings aside; removing none is 404', async () => {
    const missing = await admin.delete('/api/demo-schedule');
    expectContract('removeDemoSchedule', missing);
    expect(missing.status).toBe(404);

    await admin.put('/api/demo-schedule').send(schedule());
    const removed = await admin.delete('/api/demo-schedule');
    expectContract('removeDemoSchedule', removed);
    expect(removed.status).toBe(204);
    expect((await admin.get('/api/demo-schedule')).body).toEqual({ schedule: null, updatedAt: null });
    const left = await t.db.query(
      `SELECT (SELECT count(*) FROM demo_schedule_hours)::int + (SELECT count(*) FROM demo_schedule_overrides)::int
              + (SELECT count(*) FROM demo_hosts)::int AS n`,
    );
    expect(left.rows[0].n).toBe(0);
    expect((await auditEntries()).map((e) => e.action)).toEqual([
      'demo-schedule.changed',
      'demo-schedule.removed',
    ]);
  });

  it('is for admins: a member may not read or change it', async () => {
    const member = await signedIn(t, 'member');
    for (const res of [
      await member.get('/api/demo-schedule'),
      await member.put('/api/demo-schedule').send(schedule()),
      await member.delete('/api/demo-schedule'),
    ]) {
      expect(res.status).toBe(403);
    }
    expect(await auditEntries()).toEqual([]);
  });
});
