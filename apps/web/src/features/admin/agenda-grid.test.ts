import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingAxis,
  clockOf,
  defaultPlace,
  firstFreeMinute,
  minuteAtOffset,
  minuteOfClock,
  offsetOfMinute,
  percentOfMinute,
  SNAP_MINUTES,
  snapMinute,
  wallClockOf,
} from './agenda-grid.ts';

const axes = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 24 }))
  .filter(([start, span]) => start + span <= 24)
  .map(([start, span]) => ({ start, end: start + span }));

describe('pointer positions and times', () => {
  it('reads a pixel as a time and the time back as the same pixel', () => {
    fc.assert(
      fc.property(
        axes,
        fc.integer({ min: 60, max: 4000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (axis, height, at) => {
          const offset = at * height;
          const minute = minuteAtOffset(offset, height, axis);
          expect(offsetOfMinute(minute, height, axis)).toBeCloseTo(offset, 6);
        },
      ),
    );
  });

  it('draws a snapped time on its quarter-hour line, and reads that line back as the same time', () => {
    fc.assert(
      fc.property(
        axes,
        fc.integer({ min: 60, max: 4000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (axis, height, at) => {
          const snapped = snapMinute(minuteAtOffset(at * height, height, axis), axis);
          const back = minuteAtOffset(offsetOfMinute(snapped, height, axis), height, axis);
          expect(snapMinute(back, axis)).toBe(snapped);
          expect(snapped % SNAP_MINUTES).toBe(0);
        },
      ),
    );
  });

  it('keeps a snapped start inside the axis, with room for the duration when it fits', () => {
    fc.assert(
      fc.property(
        axes,
        fc.integer({ min: -600, max: 2000 }),
        fc.integer({ min: 0, max: 300 }),
        (axis, minute, duration) => {
          const snapped = snapMinute(minute, axis, duration);
          expect(snapped).toBeGreaterThanOrEqual(axis.start * 60);
          expect(snapped % SNAP_MINUTES).toBe(0);
          if (Math.max(duration, SNAP_MINUTES) <= (axis.end - axis.start) * 60)
            expect(snapped + Math.max(duration, SNAP_MINUTES)).toBeLessThanOrEqual(axis.end * 60);
        },
      ),
    );
  });

  it('rounds to the nearest quarter hour', () => {
    const axis = { start: 7, end: 20 };
    expect(snapMinute(9 * 60 + 7, axis)).toBe(9 * 60);
    expect(snapMinute(9 * 60 + 8, axis)).toBe(9 * 60 + 15);
    expect(snapMinute(6 * 60, axis)).toBe(7 * 60);
    // A one-hour appointment dropped at the bottom still ends by 20:00.
    expect(snapMinute(19 * 60 + 50, axis, 60)).toBe(19 * 60);
  });

  it('places minutes in % of the axis', () => {
    expect(percentOfMinute(7 * 60, { start: 7, end: 17 })).toBe(0);
    expect(percentOfMinute(12 * 60, { start: 7, end: 17 })).toBe(50);
  });
});

describe('wall-clock texts', () => {
  it('writes and reads clock times', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 - 1 }), (minute) => {
        expect(minuteOfClock(clockOf(minute))).toBe(minute);
      }),
    );
    expect(minuteOfClock('24:00')).toBeNull();
    expect(minuteOfClock('9:5')).toBeNull();
  });

  it('gives the move and booking calls the group wall-clock form', () => {
    expect(wallClockOf('2026-11-24', 10 * 60 + 15)).toBe('2026-11-24 10:15:00');
  });
});

describe('the keyboard free place', () => {
  const axis = { start: 8, end: 12 };
  it('starts at the first quarter hour nothing overlaps', () => {
    const taken = [
      { start: 8 * 60, end: 9 * 60 },
      { start: 9 * 60 + 15, end: 9 * 60 + 45 },
    ];
    expect(firstFreeMinute(taken, 8 * 60, axis)).toBe(9 * 60);
    expect(firstFreeMinute(taken, 9 * 60 + 1, axis)).toBe(9 * 60 + 45);
  });

  it('falls back to the asked time when the column is full', () => {
    expect(firstFreeMinute([{ start: 0, end: 24 * 60 }], 8 * 60 + 30, axis)).toBe(8 * 60 + 30);
  });

  it('is never inside an appointment when one is free', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .tuple(fc.integer({ min: 8 * 60, max: 12 * 60 }), fc.integer({ min: 5, max: 120 }))
            .map(([s, d]) => ({
              start: s,
              end: s + d,
            })),
          { maxLength: 8 },
        ),
        (taken) => {
          const free = firstFreeMinute(taken, 8 * 60, axis);
          const anyFree = Array.from({ length: 16 }, (_, i) => 8 * 60 + i * 15).some(
            (m) => !taken.some((t) => t.start < m + 15 && t.end > m),
          );
          if (anyFree) expect(taken.some((t) => t.start < free + 15 && t.end > free)).toBe(false);
        },
      ),
    );
  });
});

describe("the toolbar's new appointment", () => {
  const axis = { start: 7, end: 20 };
  const days = ['2026-11-23', '2026-11-24'];
  it("starts at today's next quarter hour", () => {
    expect(defaultPlace(4, days, { date: '2026-11-24', minute: 10 * 60 + 2 }, axis)).toEqual({
      calendarId: 4,
      day: '2026-11-24',
      minute: 10 * 60 + 15,
    });
  });
  it('starts on the first day shown when today is not, or is over', () => {
    expect(defaultPlace(4, days, { date: '2026-12-01', minute: 600 }, axis).day).toBe('2026-11-23');
    expect(defaultPlace(4, days, { date: '2026-11-24', minute: 21 * 60 }, axis)).toEqual({
      calendarId: 4,
      day: '2026-11-23',
      minute: 7 * 60,
    });
  });
});

describe('the axis of those who book', () => {
  it('holds at least the usual working day, and all the content', () => {
    expect(bookingAxis({ start: 10, end: 16 })).toEqual({ start: 7, end: 20 });
    expect(bookingAxis({ start: 5, end: 23 })).toEqual({ start: 5, end: 23 });
  });
});
