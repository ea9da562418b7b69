import type { Slot } from '@creneau/core/availability/availability.types';
import { isoDateOfDay } from '@creneau/core/time/civil-day';
import { formatWallClock } from '@creneau/core/time/wall-clock';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SlotSearchAnswer, slotsAsObjects } from './availability.service.ts';
import { slotsJson } from './slot-answer-json.ts';

const slot = fc
  .record({
    day: fc.integer({ min: 19_000, max: 40_000 }),
    minute: fc.integer({ min: 0, max: 1439 }),
    // Zones run from UTC−12 to UTC+14, some on the half or quarter hour.
    offset: fc.integer({ min: -720, max: 840 }),
    capacity: fc.integer({ min: 1, max: 500 }),
    promotion: fc.option(fc.integer({ min: 1, max: 100 })),
  })
  .map(
    ({ day, minute, offset, capacity, promotion }): Slot => ({
      start: day * 1440 + minute - offset,
      date: isoDateOfDay(day),
      time: formatWallClock(minute),
      offset,
      capacity,
      promotion,
    }),
  );

const release = fc.option(
  fc.record({
    bookable_until: fc.constantFrom('2026-12-31', '2027-01-31'),
    next_release_at: fc.constantFrom('2026-12-01T09:00:00+01:00', '2027-03-01T00:00:00-05:30'),
    next_bookable_until: fc.constantFrom('2027-01-31', '2027-04-30'),
  }),
);

/** The answer as objects, as the API documents it, written by JSON.stringify. */
const reference = (answer: SlotSearchAnswer) => {
  const { calendarIds: _, ...sent } = slotsAsObjects(answer);
  return JSON.stringify(sent);
};

describe('slotsJson', () => {
  it('writes exactly what JSON.stringify writes of the answer as objects', () => {
    fc.assert(
      fc.property(
        fc.array(slot, { maxLength: 60 }),
        fc.option(slot),
        release,
        (slots, firstSlot, release) => {
          const answer: SlotSearchAnswer = { calendarIds: [], slots, firstSlot, release };
          expect(slotsJson(answer)).toBe(reference(answer));
        },
      ),
    );
  });

  it('writes the offset of each slot, also when it changes within the answer (a clock change)', () => {
    const at = (date: string, time: string, offset: number): Slot => ({
      start: 0,
      date,
      time,
      offset,
      capacity: 2,
      promotion: null,
    });
    const answer: SlotSearchAnswer = {
      calendarIds: [1],
      slots: [at('2026-10-25', '01:30', 120), at('2026-10-25', '03:00', 60), at('2026-10-26', '09:00', 60)],
      firstSlot: at('2026-10-25', '01:30', 120),
      release: null,
    };
    expect(JSON.parse(slotsJson(answer))).toEqual({
      availabletimeslots: [
        { start: '2026-10-25T01:30:00+02:00', time: '01:30', capacity: 2, promotion: null },
        { start: '2026-10-25T03:00:00+01:00', time: '03:00', capacity: 2, promotion: null },
        { start: '2026-10-26T09:00:00+01:00', time: '09:00', capacity: 2, promotion: null },
      ],
      firstSlot: '2026-10-25T01:30:00+02:00',
      release: null,
    });
  });
});
