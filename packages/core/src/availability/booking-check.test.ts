/** The re-check a booking goes through before it is written, and where "no preference" puts it. */
import { describe, expect, it } from 'vitest';
import type { AppointmentInput } from './availability.types.ts';
import { checkBooking } from './booking-check.ts';
import { planBooking } from './booking-plan.ts';
import { at, booked, calendar, pack, resource, schedule, search, service } from './test/builders.ts';

const monday = { hours: { mon: '09:00-12:00' } };
const group = schedule({
  calendars: [
    calendar(1, monday),
    calendar(2, monday),
    calendar(3, monday),
    resource(50, monday),
    resource(51, monday),
  ],
  services: [
    service(10, 30),
    service(11, 60, { needResource: true }),
    pack(20, [
      [10, 15],
      [11, 0],
    ]),
  ],
  links: [
    [1, 10],
    [2, 10],
    [3, 10, 45],
    [1, 11],
    [2, 11],
    [50, 11],
    [51, 11],
  ],
});
const now = at('2026-11-23T07:00:00Z');
const rules = { minNoticeMinutes: 60, maxPeriodMinutes: 90 * 1440 };
const check = (
  selection: Parameters<typeof planBooking>[1],
  start: string,
  appointments: AppointmentInput[] = [],
) => checkBooking(group, appointments, planBooking(group, selection), at(start), { now, rules });

describe('checking a booking at one exact start', () => {
  it('accepts a start the slot list shows, and refuses one it does not', () => {
    expect(check({ interventionIds: [10] }, '2026-11-23T09:00:00Z').ok).toBe(true); // 10:00 in Paris
    expect(check({ interventionIds: [10] }, '2026-11-23T09:05:00Z').ok).toBe(false); // off the 15-minute step
    expect(check({ interventionIds: [10] }, '2026-11-23T07:30:00Z').ok).toBe(false); // within the 60-minute notice
    expect(check({ interventionIds: [10] }, '2026-11-23T11:00:00Z').ok).toBe(false); // ends after closing
  });

  it('refuses a start once the last place is taken, and agrees with the slot list on every start', () => {
    const appointments = [
      booked(1, '2026-11-23T09:00:00Z', '2026-11-23T09:30:00Z'),
      booked(2, '2026-11-23T09:00:00Z', '2026-11-23T09:30:00Z'),
      booked(3, '2026-11-23T08:30:00Z', '2026-11-23T09:30:00Z'),
    ];
    expect(check({ interventionIds: [10] }, '2026-11-23T09:00:00Z', appointments).ok).toBe(false);
    const { slots } = search(group, { interventionIds: [10] }, { days: 1, notice: 60, appointments });
    const shown = new Set(slots.map((s) => s.start));
    for (let start = at('2026-11-23T07:00:00Z'); start < at('2026-11-23T11:00:00Z'); start += 5) {
      const result = checkBooking(group, appointments, planBooking(group, { interventionIds: [10] }), start, {
        now,
        rules,
      });
      expect(result.ok).toBe(shown.has(start));
    }
  });

  it('puts a "no preference" booking on the least booked calendar of the day, then the lowest id', () => {
    const appointments = [
      booked(1, '2026-11-23T10:30:00Z', '2026-11-23T11:00:00Z'),
      booked(3, '2026-11-23T10:30:00Z', '2026-11-23T11:00:00Z'),
    ];
    const result = check({ interventionIds: [10] }, '2026-11-23T08:00:00Z', appointments);
    expect(result.ok && result.items[0]!.calendarId).toBe(2);
    const tie = check({ interventionIds: [10] }, '2026-11-23T08:00:00Z');
    expect(tie.ok && tie.items[0]!.calendarId).toBe(1);
  });

  it("gives each item its calendar, times and resource, with the pack's break in between", () => {
    const appointments = [booked(1, '2026-11-23T08:00:00Z', '2026-11-23T08:30:00Z', 50)];
    const result = check({ interventionIds: [20] }, '2026-11-23T08:00:00Z', appointments);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.items).toEqual([
      {
        interventionId: 10,
        packId: 20,
        calendarId: 2,
        resourceId: null,
        start: at('2026-11-23T08:00:00Z'),
        end: at('2026-11-23T08:30:00Z'),
      },
      // Calendar 1 has had one appointment today, calendar 2 none yet; room 50 is used by calendar 1's.
      {
        interventionId: 11,
        packId: 20,
        calendarId: 2,
        resourceId: 51,
        start: at('2026-11-23T08:45:00Z'),
        end: at('2026-11-23T09:45:00Z'),
      },
    ]);
    expect(result.slot.time).toBe('09:00');
  });

  it('only picks a calendar whose duration leaves room for the rest of the booking', () => {
    const appointments = [
      booked(1, '2026-11-23T08:00:00Z', '2026-11-23T08:30:00Z'),
      booked(1, '2026-11-23T08:30:00Z', '2026-11-23T09:00:00Z'),
      booked(2, '2026-11-23T08:00:00Z', '2026-11-23T08:30:00Z'),
    ];
    // 10:30 in Paris. Calendar 3 is the least booked, but takes 45 minutes for service 10: service 11
    // would then end at 12:15, after closing. So service 10 goes to calendar 2, and so does 11.
    const result = check({ interventionIds: [10, 11] }, '2026-11-23T09:30:00Z', appointments);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.items.map((i) => [i.calendarId, i.resourceId])).toEqual([
      [2, null],
      [2, 50],
    ]);
    expect(result.items[1]!.start).toBe(at('2026-11-23T10:00:00Z'));
  });
});
