/**
 * The engine against the minute-by-minute reference on thousands of random small groups around DST
 * transitions: same slots, same capacities, same promotions, same first slot — and every slot the
 * search shows passes the booking check, with an assignment the reference confirms.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOfIsoDate, parseLocalDateTime } from '../../time/civil-day.ts';
import { checkBooking } from '../booking-check.ts';
import { BookingSelectionError, planBooking } from '../booking-plan.ts';
import { indexSchedule } from '../schedule-index.ts';
import { findSlots } from '../slots.engine.ts';
import { addDays, type Case, caseArbitrary } from './arbitraries.ts';
import { referenceSlots, wallClock } from './reference-slots.ts';

const RUNS = Number(process.env.CROSS_CHECK_RUNS ?? 2000);

function runEngine(c: Case) {
  const schedule = indexSchedule(c.input);
  let plan: ReturnType<typeof planBooking>;
  try {
    plan = planBooking(schedule, c.selection);
  } catch (error) {
    if (error instanceof BookingSelectionError) return { schedule, plan: null, answer: 'invalid' as const };
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
  return { schedule, plan, answer };
}

function runReference(c: Case) {
  const longestPeriod = Math.max(
    c.rules.maxPeriodMinutes,
    ...c.input.calendars.map((cal) => cal.maxPeriodMinutes ?? 0),
  );
  return referenceSlots(c.input, c.appointments, c.selection, {
    now: c.now,
    rules: c.rules,
    firstDate: c.firstDate,
    lastDate: addDays(c.firstDate, c.days - 1),
    startLocal: c.startLocal,
    promotions: c.promotions,
    // Local dates begin at most 14 hours before their UTC midnight in the tested zones.
    scanFrom: Date.parse(`${c.firstDate}T00:00:00Z`) / 60_000 - 15 * 60,
    scanTo: c.now + longestPeriod,
  });
}

describe('engine against the minute-by-minute reference', () => {
  it(`agrees on ${RUNS} random small groups around DST transitions`, () => {
    let compared = 0;
    let withSlots = 0;
    let inWindow = 0;
    fc.assert(
      fc.property(caseArbitrary(), (c) => {
        const engine = runEngine(c);
        const reference = runReference(c);
        if (engine.answer === 'invalid' || reference === 'invalid') {
          expect(engine.answer).toBe(reference);
          return;
        }
        compared++;
        if (reference.firstSlot) withSlots++;
        if (reference.slots.length) inWindow++;
        const simplify = (s: {
          start: number;
          date: string;
          time: string;
          capacity: number;
          promotion: number | null;
        }) => `${s.date} ${s.time} @${s.start} ×${s.capacity} %${s.promotion}`;
        expect(engine.answer.slots.map(simplify)).toEqual(reference.slots.map(simplify));
        expect(engine.answer.firstSlot && simplify(engine.answer.firstSlot)).toEqual(
          reference.firstSlot && simplify(reference.firstSlot),
        );
      }),
      { numRuns: RUNS },
    );
    // The generator must produce real work, not only empty answers.
    expect(compared).toBeGreaterThan(RUNS * 0.5);
    expect(withSlots).toBeGreaterThan(RUNS * 0.25);
    expect(inWindow).toBeGreaterThan(RUNS * 0.2);
  }, 300_000);

  it('books every slot it shows, on calendars and resources that are really free', () => {
    fc.assert(
      fc.property(caseArbitrary(), fc.nat(), (c, pick) => {
        const { schedule, plan, answer } = runEngine(c);
        if (answer === 'invalid' || !plan || answer.slots.length === 0) return;
        const slot = answer.slots[pick % answer.slots.length]!;
        const check = checkBooking(schedule, c.appointments, plan, slot.start, {
          now: c.now,
          rules: c.rules,
        });
        expect(check.ok).toBe(true);
        if (!check.ok) return;
        expect(check.slot.capacity).toBe(slot.capacity);
        expect(check.items).toHaveLength(plan.items.length);
        let at = slot.start;
        check.items.forEach((item, k) => {
          expect(item.start).toBe(at);
          const planItem = plan.items[k]!;
          const option = planItem.options.find((o) => o.calendar.id === item.calendarId);
          expect(option).toBeDefined();
          expect(item.end - item.start).toBe(option!.duration);
          for (const id of [item.calendarId, ...(item.resourceId === null ? [] : [item.resourceId])]) {
            const cal = c.input.calendars.find((x) => x.id === id)!;
            for (let u = item.start; u < item.end; u++) {
              const w = wallClock(c.input.timeZone, u);
              const open =
                (cal.weekly.some(
                  (r) => r.weekday === w.weekday && r.startMinute <= w.minute && w.minute < r.endMinute,
                ) ||
                  cal.exceptions.some(
                    (e) => e.kind === 'opening' && within(e.startsLocal, e.endsLocal, w.local),
                  )) &&
                !cal.exceptions.some(
                  (e) => e.kind !== 'opening' && within(e.startsLocal, e.endsLocal, w.local),
                );
              expect(open).toBe(true);
              const busy = c.appointments.filter(
                (a) => (a.calendarId === id || a.resourceId === id) && a.start <= u && u < a.end,
              ).length;
              expect(busy).toBeLessThan(cal.capacity);
            }
          }
          if (planItem.needResource) expect(item.resourceId).not.toBeNull();
          at = item.end + planItem.breakAfter;
        });
        // One minute later is not on any grid the search showed, unless it is a slot itself.
        const later = slot.start + 1;
        const shown = answer.slots.some((s) => s.start === later);
        const beyond = checkBooking(schedule, c.appointments, plan, later, { now: c.now, rules: c.rules });
        if (!shown && dayOfIsoDate(slot.date) === schedule.zone.localDayOf(later))
          expect(beyond.ok).toBe(false);
      }),
      { numRuns: Math.round(RUNS / 2) },
    );
  }, 300_000);
});

const local = (text: string) => Date.parse(`${text.replace(' ', 'T').slice(0, 16)}:00Z`) / 60_000;
const within = (from: string, to: string, value: number) => local(from) <= value && value < local(to);
