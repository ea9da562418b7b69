/**
 * The evaluator's working arrays are shared by every search of the process (chain-fit.ts): a search
 * that stops early, or whose sink throws, must leave nothing behind for the next one.
 */
import { describe, expect, it } from 'vitest';
import { planBooking } from './booking-plan.ts';
import { ChainEvaluator } from './chain-fit.ts';
import { indexAppointments } from './occupancy.ts';
import { booked, calendar, schedule, search, service } from './test/builders.ts';

const group = schedule({
  calendars: [calendar(1, { capacity: 2, hours: { mon: '09:00-12:00' } }), calendar(2)],
  services: [service(10, 30)],
  links: [
    [1, 10],
    [2, 10],
  ],
});
const appointments = [booked(1, '2026-11-23T08:00:00Z', '2026-11-23T08:30:00Z')];
const slotsOfMonday = () =>
  search(group, { interventionIds: [10] }, { days: 1, appointments }).slots.map((s) => [s.time, s.capacity]);

/** An evaluator of Monday's starts, used directly as the slot search uses it. */
function mondayEvaluator() {
  const evaluator = new ChainEvaluator(
    group,
    indexAppointments(group, appointments),
    planBooking(group, { interventionIds: [10] }),
  );
  const day = group.zone.localDayOf(Math.floor(Date.parse('2026-11-23T12:00:00Z') / 60_000));
  const local = group.zone.localDay(day);
  evaluator.setSpan(local.start, local.end + 60);
  return { evaluator, day, local };
}

describe('the shared working arrays of the slot search', () => {
  it('are left clean by a day whose sink threw', () => {
    const before = slotsOfMonday();
    const { evaluator, day, local } = mondayEvaluator();
    let calls = 0;
    expect(() =>
      evaluator.evaluateDay(day, local.start, local.end, () => {
        calls++;
        throw new Error('sink failed');
      }),
    ).toThrow('sink failed');
    expect(calls).toBe(1);
    expect(slotsOfMonday()).toEqual(before);
  });

  it('are left clean by a day whose sink stopped the walk', () => {
    const before = slotsOfMonday();
    const { evaluator, day, local } = mondayEvaluator();
    expect(evaluator.evaluateDay(day, local.start, local.end, () => false)).toBe(true);
    expect(slotsOfMonday()).toEqual(before);
  });
});
