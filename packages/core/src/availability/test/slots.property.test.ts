/**
 * Properties every answer must have, on larger random groups than the cross-check, in the zones and
 * around the transitions listed in arbitraries.ts. Wall clocks are checked against Intl directly.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { dayOfIsoDate, parseLocalDateTime } from '../../time/civil-day.ts';
import type { Slot } from '../availability.types.ts';
import { type BookingPlan, BookingSelectionError, planBooking } from '../booking-plan.ts';
import { indexSchedule } from '../schedule-index.ts';
import { findSlots } from '../slots.engine.ts';
import { addDays, type Case, caseArbitrary, MEDIUM, TRANSITION_DATES } from './arbitraries.ts';
import { wallClock } from './reference-slots.ts';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

function solve(c: Case): { plan: BookingPlan; slots: Slot[]; firstSlot: Slot | null } | null {
  const schedule = indexSchedule(c.input);
  let plan: BookingPlan;
  try {
    plan = planBooking(schedule, c.selection);
  } catch (error) {
    if (error instanceof BookingSelectionError) return null;
    throw error;
  }
  const startDay = dayOfIsoDate(c.firstDate)!;
  const answer = findSlots(schedule, c.appointments, plan, {
    now: c.now,
    rules: c.rules,
    startDay,
    startMinute: c.startLocal ? parseLocalDateTime(c.startLocal)! - startDay * 1440 : null,
    days: c.days,
    promotions: c.promotions,
  });
  return { plan, ...answer };
}

const localOf = (text: string) => Date.parse(`${text.replace(' ', 'T').slice(0, 16)}:00Z`) / 60_000;

/** Calendar `id` open at instant u per its weekly ranges and exceptions, on Intl's wall clock. */
function openAt(c: Case, id: number, u: number): boolean {
  const cal = c.input.calendars.find((x) => x.id === id)!;
  const w = wallClock(c.input.timeZone, u);
  const inRange = (e: { startsLocal: string; endsLocal: string }) =>
    localOf(e.startsLocal) <= w.local && w.local < localOf(e.endsLocal);
  const weekly = cal.weekly.some(
    (r) => r.weekday === w.weekday && r.startMinute <= w.minute && w.minute < r.endMinute,
  );
  const added = cal.exceptions.some((e) => e.kind === 'opening' && inRange(e));
  const removed = cal.exceptions.some((e) => e.kind !== 'opening' && inRange(e));
  return (weekly || added) && !removed;
}

const busyAt = (c: Case, id: number, u: number) =>
  c.appointments.filter((a) => (a.calendarId === id || a.resourceId === id) && a.start <= u && u < a.end)
    .length;

const freeOver = (c: Case, id: number, start: number, end: number) => {
  const capacity = c.input.calendars.find((x) => x.id === id)!.capacity;
  for (let u = start; u < end; u++) if (!openAt(c, id, u) || busyAt(c, id, u) >= capacity) return false;
  return true;
};

describe('slot properties across DST zones', () => {
  it('lists each real instant once, in order, at existing wall-clock times matching its ISO start', () => {
    let withSlots = 0;
    fc.assert(
      fc.property(caseArbitrary(MEDIUM), (c) => {
        const answer = solve(c);
        if (!answer) return;
        const { slots } = answer;
        if (slots.length > 0) withSlots++;
        for (let i = 1; i < slots.length; i++) expect(slots[i]!.start).toBeGreaterThan(slots[i - 1]!.start);
        for (const slot of slots) {
          // Intl's wall clock of the instant is the slot's date and time: the time exists, once per instant.
          const w = wallClock(c.input.timeZone, slot.start);
          expect(`${slot.date} ${slot.time}`).toBe(
            `${w.date} ${String(Math.floor(w.minute / 60)).padStart(2, '0')}:${String(w.minute % 60).padStart(2, '0')}`,
          );
          expect(w.local - slot.start).toBe(slot.offset);
          const sign = slot.offset < 0 ? '-' : '+';
          const abs = Math.abs(slot.offset);
          const iso = `${slot.date}T${slot.time}:00${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          expect(Date.parse(iso) / 60_000).toBe(slot.start);
          expect(slot.date >= c.firstDate && slot.date <= addDays(c.firstDate, c.days - 1)).toBe(true);
          expect(slot.capacity).toBeGreaterThan(0);
        }
      }),
      { numRuns: RUNS },
    );
    expect(withSlots).toBeGreaterThan(RUNS * 0.3);
  }, 120_000);

  it('never offers a start outside the opening ranges, beyond capacity, or outside notice and period', () => {
    fc.assert(
      fc.property(caseArbitrary(MEDIUM), (c) => {
        const answer = solve(c);
        if (!answer) return;
        const first = answer.plan.items[0]!;
        const maxPeriod = answer.plan.maxPeriodMinutes ?? c.rules.maxPeriodMinutes;
        for (const slot of answer.slots) {
          expect(slot.start).toBeGreaterThanOrEqual(c.now + c.rules.minNoticeMinutes);
          expect(slot.start).toBeLessThanOrEqual(c.now + maxPeriod);
          const w = wallClock(c.input.timeZone, slot.start);
          // Some calendar of the first service starts a range step here, open and with room throughout.
          const takers = first.options.filter((o) => {
            const cal = o.calendar.input;
            const onGrid =
              cal.weekly.some(
                (r) =>
                  r.weekday === w.weekday &&
                  r.startMinute <= w.minute &&
                  w.minute < r.endMinute &&
                  (w.minute - r.startMinute) % cal.slotStep === 0,
              ) ||
              cal.exceptions.some(
                (e) =>
                  e.kind === 'opening' &&
                  localOf(e.startsLocal) <= w.local &&
                  w.local < localOf(e.endsLocal) &&
                  (w.local - localOf(e.startsLocal)) % cal.slotStep === 0,
              );
            return onGrid && freeOver(c, cal.id, slot.start, slot.start + o.duration);
          });
          expect(takers.length).toBeGreaterThan(0);
          if (first.needResource) {
            const withRoom = takers.some((o) =>
              first.resources.some((r) => freeOver(c, r.id, slot.start, slot.start + o.duration)),
            );
            expect(withRoom).toBe(true);
          }
        }
        if (answer.slots.length > 0) expect(answer.firstSlot).toEqual(answer.slots[0]);
        else if (answer.firstSlot)
          expect(answer.firstSlot.date > addDays(c.firstDate, c.days - 1)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  describe('independent of the process time zone', () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it('gives the same answers under TZ=UTC and TZ=Pacific/Apia', () => {
      const cases = fc.sample(caseArbitrary(MEDIUM), 40);
      process.env.TZ = 'UTC';
      const utc = cases.map((c) => JSON.stringify(solve(c)?.slots ?? null));
      process.env.TZ = 'Pacific/Apia';
      // Local Date methods really follow the new zone here, so the test could catch a slip.
      expect(new Date(Date.UTC(2026, 0, 1, 12)).getHours()).toBe(1);
      const apia = cases.map((c) => JSON.stringify(solve(c)?.slots ?? null));
      expect(apia).toEqual(utc);
    });
  });

  it('anchors its cases on every offset change of the tested zones and years', () => {
    for (const [zone, dates] of Object.entries(TRANSITION_DATES)) {
      const offsetName = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
      const years = [...new Set(dates.map((d) => Number(d.slice(0, 4))))];
      for (const year of years) {
        let previous: string | undefined;
        for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 15 * 60_000) {
          const offset = offsetName.format(t).split(', ')[1];
          if (previous !== undefined && offset !== previous) {
            const around = [wallClock(zone, t / 60_000 - 15).date, wallClock(zone, t / 60_000).date];
            expect(around.some((d) => dates.includes(d) || dates.includes(addDays(d, 1)))).toBe(true);
          }
          previous = offset;
        }
      }
    }
  });
});
