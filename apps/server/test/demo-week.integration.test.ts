/**
 * The demo's fortnight in the salon's agenda (docs/demo.md "A fortnight in the agenda"): from Monday
 * of this week to Sunday of the next, every appointment inside its calendar's opening hours on the
 * salon's wall clock, none overlapping another of its calendar, every open day of every stylist
 * busy but not full — the back office's agenda shows them, and the public page still has times.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoWeek, planDemoWeek } from '../src/demo/demo-week.ts';
import { loadDemoAccounts, loadDemoGroups } from '../src/demo/load-demo.ts';
import { call, loginAs } from './support/accounts.ts';
import { slots } from './support/booking.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createPgliteDatabase } from './support/test-db.ts';

const demoDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../demo');
// Wednesday 25 November 2026, 09:00 in Lyon.
const NOW = '2026-11-25T08:00:00Z';

describe('the demo fortnight', () => {
  let t: TestApp;
  let salon: number;
  let written: number;
  const local = (instant: Date) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    }).formatToParts(instant);

  beforeAll(async () => {
    t = await createTestApp(await createPgliteDatabase(), { now: NOW });
    await loadDemoGroups(t.ctx.db, demoDir);
    await loadDemoAccounts(t.ctx.db, demoDir);
    written = await loadDemoWeek(t.ctx.db, new Date(NOW));
    salon = (
      await t.ctx.db
        .selectFrom('groups')
        .select('id')
        .where('urlname', '=', 'demo-salon')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('fills every open day of every stylist from Monday of this week to Sunday of the next, inside the hours, without overlaps', async () => {
    const rows = await t.ctx.db
      .selectFrom('appointments')
      .select(['calendar_id', 'starts_at', 'ends_at', 'status', 'websource'])
      .where('group_id', '=', salon)
      .orderBy('calendar_id')
      .orderBy('starts_at')
      .execute();
    expect(rows.length).toBe(written);
    expect(written).toBeGreaterThan(100);
    const ranges = await t.ctx.db
      .selectFrom('opening_ranges')
      .selectAll()
      .where('group_id', '=', salon)
      .execute();
    const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    const days = new Map<string, Set<string>>();
    for (const [index, row] of rows.entries()) {
      expect(row.status).toBe('confirmed');
      expect(row.websource).toBe('demo');
      const parts = Object.fromEntries(local(new Date(row.starts_at)).map((p) => [p.type, p.value]));
      const end = Object.fromEntries(local(new Date(row.ends_at)).map((p) => [p.type, p.value]));
      const date = `${parts.year}-${parts.month}-${parts.day}`;
      expect(date >= '2026-11-23' && date <= '2026-12-06', date).toBe(true);
      const weekday = weekdays.indexOf(parts.weekday!) + 1;
      const from = Number(parts.hour) * 60 + Number(parts.minute);
      const to = Number(end.hour) * 60 + Number(end.minute);
      const inside = ranges.some(
        (r) =>
          r.calendar_id === row.calendar_id &&
          r.weekday === weekday &&
          r.start_minute <= from &&
          to <= r.end_minute,
      );
      expect(inside, `${date} ${parts.hour}:${parts.minute} on calendar ${row.calendar_id}`).toBe(true);
      const next = rows[index + 1];
      if (next?.calendar_id === row.calendar_id)
        expect(new Date(next.starts_at).getTime()).toBeGreaterThanOrEqual(new Date(row.ends_at).getTime());
      const seen = days.get(String(row.calendar_id)) ?? new Set();
      seen.add(date);
      days.set(String(row.calendar_id), seen);
    }
    // Every calendar with hours has appointments on each of its open days (two weeks of them).
    for (const calendar of new Set(ranges.map((r) => r.calendar_id))) {
      const open = new Set(ranges.filter((r) => r.calendar_id === calendar).map((r) => r.weekday));
      expect(days.get(String(calendar))?.size ?? 0, `calendar ${calendar}`).toBe(open.size * 2);
    }
  });

  it('shows in the owner’s agenda, and leaves free times on the public page', async () => {
    const token = await loginAs(t, 'capucine.moreau@example.com', 'Atelier-Croix26!', salon);
    const agenda = await call(t, 'GET', `/api/v3/admin/groups/${salon}/agenda?from=2026-11-23&days=7`, {
      token,
    });
    expect(agenda.status).toBe(200);
    expect(agenda.body.appointments.length).toBeGreaterThan(50);
    const services = await call(t, 'GET', `/api/v3/groups/${salon}/interventions`);
    const cut = services.body.records.find((s: { externid?: string; publicname: string }) =>
      /coupe/i.test(s.publicname),
    );
    const free = await slots(t, salon, `start=2026-11-27&nDays=1&intervention_ids[]=${cut.id}`);
    expect(free.status).toBe(200);
    expect(free.body.availabletimeslots.length).toBeGreaterThan(0);
  });
});

describe('the fortnight’s plan', () => {
  it('keeps every appointment inside its range, in order, never overlapping, whatever the hours', () => {
    const range = fc
      .record({
        weekday: fc.integer({ min: 1, max: 7 }),
        start: fc.integer({ min: 0, max: 1300 }),
        length: fc.integer({ min: 0, max: 600 }),
      })
      .map(({ weekday, start, length }) => ({
        calendarId: 1,
        weekday,
        start,
        end: Math.min(1440, start + length),
      }));
    const service = fc.record({
      interventionId: fc.integer({ min: 1, max: 9 }),
      duration: fc.integer({ min: 5, max: 90 }),
    });
    fc.assert(
      fc.property(
        fc.array(range, { maxLength: 4 }),
        fc.array(service, { minLength: 1, maxLength: 5 }),
        fc.integer(),
        (ranges, services, seed) => {
          // Ranges of one weekday that overlap are one opening; keep them apart as the import does.
          const apart = ranges.filter(
            (r, i) =>
              !ranges.some((o, j) => j < i && o.weekday === r.weekday && o.start < r.end && r.start < o.end),
          );
          const plan = planDemoWeek(apart, new Map([[1, services]]), 20_000, seed);
          for (const [i, a] of plan.entries()) {
            const day = Math.floor(a.localStart / 1440);
            const minute = a.localStart - day * 1440;
            const weekday = ((((day + 3) % 7) + 7) % 7) + 1;
            expect(
              apart.some((r) => r.weekday === weekday && r.start <= minute && minute + a.duration <= r.end),
            ).toBe(true);
            const next = plan[i + 1];
            if (next && Math.floor(next.localStart / 1440) === day)
              expect(next.localStart).toBeGreaterThanOrEqual(a.localStart + a.duration);
          }
        },
      ),
    );
  });
});
