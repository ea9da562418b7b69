import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AvailableSlot } from '../../api/availabletimeslots.ts';
import { groupPromotion, hourGroup, hourLabel, hourRows, slotDays } from './slot-days.ts';

const slot = (start: string, promotion: number | null = null): AvailableSlot => ({
  start,
  time: start.slice(11, 16),
  capacity: 1,
  promotion,
});

const SLOTS = [
  slot('2026-11-24T09:30:00+01:00', 20),
  slot('2026-11-24T09:45:00+01:00'),
  slot('2026-11-24T14:00:00+01:00'),
  slot('2026-11-26T18:00:00+01:00'),
];

describe('the slot grid', () => {
  it('lays out consecutive days from the start, with the days without slots', () => {
    const days = slotDays(SLOTS, '2026-11-23', 4);
    expect(days.map((d) => [d.date, d.slots.length])).toEqual([
      ['2026-11-23', 0],
      ['2026-11-24', 3],
      ['2026-11-25', 0],
      ['2026-11-26', 1],
    ]);
  });

  it('has one row per hour from the earliest to the latest slot hour of the days shown', () => {
    expect(hourRows(slotDays(SLOTS, '2026-11-23', 4))).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(hourRows(slotDays(SLOTS, '2026-11-24', 1))).toEqual([9, 10, 11, 12, 13, 14]);
    expect(hourRows(slotDays([], '2026-11-24', 7))).toEqual([]);
  });

  it('groups a day’s slots by hour, with the best promotion of the group', () => {
    const [day] = slotDays(SLOTS, '2026-11-24', 1);
    expect(hourGroup(day!, 9).map((s) => s.time)).toEqual(['09:30', '09:45']);
    expect(groupPromotion(hourGroup(day!, 9))).toBe(20);
    expect(groupPromotion(hourGroup(day!, 14))).toBeNull();
    expect(hourLabel(9)).toBe('09:00');
  });

  it('every slot of the days shown lands in exactly one cell', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ day: fc.integer({ min: 0, max: 9 }), minute: fc.integer({ min: 0, max: 1439 }) }),
          {
            maxLength: 40,
          },
        ),
        (raw) => {
          const slots = raw.map(({ day, minute }) => {
            const hh = String(Math.floor(minute / 60)).padStart(2, '0');
            const mm = String(minute % 60).padStart(2, '0');
            return slot(`2026-11-${String(20 + day).padStart(2, '0')}T${hh}:${mm}:00+01:00`);
          });
          const days = slotDays(slots, '2026-11-22', 5);
          const rows = hourRows(days);
          const placed = days.flatMap((d) => rows.flatMap((h) => hourGroup(d, h)));
          const expected = slots.filter((s) => s.start >= '2026-11-22' && s.start < '2026-11-27');
          expect(placed).toHaveLength(expected.length);
        },
      ),
    );
  });
});
