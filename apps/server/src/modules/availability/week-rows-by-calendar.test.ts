import type { AppointmentColumns, AppointmentInput } from '@creneau/core/availability/availability.types';
import { indexAppointments } from '@creneau/core/availability/occupancy';
import { indexSchedule } from '@creneau/core/availability/schedule-index';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LONGEST_APPOINTMENT_MINUTES } from './availability.repository.ts';
import { pickByCalendar, splitByCalendar } from './week-rows-by-calendar.ts';

const WEEK = 7 * 1440;
const BASE_WEEK = 2900;
const WEEKS = 4;

/** Calendars 1–5 (4 and 5 are resources); 6 is a calendar the schedule no longer has. */
const schedule = indexSchedule({
  timeZone: 'UTC',
  calendars: [1, 2, 3, 4, 5].map((id) => ({
    id,
    isResource: id >= 4,
    capacity: 2,
    slotStep: 15,
    maxPeriodMinutes: null,
    weekly: [],
    exceptions: [],
  })),
  links: [],
  interventions: [],
  promotions: [],
});

const appointment = fc
  .record({
    calendarId: fc.integer({ min: 1, max: 6 }),
    resourceId: fc.option(fc.integer({ min: 1, max: 6 })),
    start: fc.integer({ min: BASE_WEEK * WEEK, max: (BASE_WEEK + WEEKS) * WEEK - 1 }),
    // Some end before they start (they occupy nothing); none lasts longer than the longest.
    length: fc.oneof(
      fc.integer({ min: -5, max: 120 }),
      fc.integer({ min: 1, max: LONGEST_APPOINTMENT_MINUTES }),
    ),
  })
  .map(({ length, ...a }): AppointmentInput => ({ ...a, end: a.start + length }));

/** The rows as a week read gives them, in any order. */
function columns(rows: readonly AppointmentInput[]): AppointmentColumns {
  return {
    length: rows.length,
    calendarIds: Int32Array.from(rows, (a) => a.calendarId),
    resourceIds: Int32Array.from(rows, (a) => a.resourceId ?? 0),
    starts: Int32Array.from(rows, (a) => a.start),
    ends: Int32Array.from(rows, (a) => a.end),
  };
}

const search = fc
  .record({
    ids: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 5 }),
    from: fc.integer({
      min: BASE_WEEK * WEEK + LONGEST_APPOINTMENT_MINUTES,
      max: (BASE_WEEK + WEEKS) * WEEK - 2,
    }),
    length: fc.integer({ min: 1, max: 3 * WEEK }),
  })
  .map(({ ids, from, length }) => ({ ids, from, to: Math.min(from + length, (BASE_WEEK + WEEKS) * WEEK) }));

describe('kept weeks split per calendar', () => {
  it("gives each searched calendar exactly the loads the engine indexes from the span's rows", () => {
    fc.assert(
      fc.property(fc.array(appointment, { maxLength: 120 }), search, fc.nat(), (rows, span, pick) => {
        const { ids } = span;
        // Spans that begin where an appointment ends and end where one starts, now and then.
        const edge = rows[pick % (rows.length + 1)];
        const from = edge && pick % 3 === 0 ? Math.max(span.from, edge.end) : span.from;
        const to = Math.max(from + 1, edge && pick % 3 === 1 ? Math.min(span.to, edge.start) : span.to);
        // The weeks a search reads (kept-busy-weeks.ts): from two days before the span.
        const first = Math.floor((from - LONGEST_APPOINTMENT_MINUTES) / WEEK);
        const last = Math.floor((to - 1) / WEEK);
        const weeks = [];
        for (let w = first; w <= last; w++) {
          weeks.push(splitByCalendar(columns(rows.filter((a) => Math.floor(a.start / WEEK) === w))));
        }
        const picked = pickByCalendar(weeks, ids, from, to);

        // What a query of the span on these calendars answers, indexed by the engine.
        const overlapping = rows.filter(
          (a) =>
            a.start < to &&
            a.end > from &&
            (ids.includes(a.calendarId) || (a.resourceId !== null && ids.includes(a.resourceId))),
        );
        const expected = indexAppointments(schedule, overlapping);
        const given = indexAppointments(schedule, picked);
        for (const id of ids) {
          const i = schedule.indexOfId(id);
          expect([...given[i]!.starts]).toEqual([...expected[i]!.starts]);
          expect([...given[i]!.ends]).toEqual([...expected[i]!.ends]);
        }
      }),
    );
  });

  it('keeps an appointment on its calendar and its resource, once when they are the same', () => {
    const week = splitByCalendar(
      columns([
        { calendarId: 1, resourceId: 4, start: 100, end: 130 },
        { calendarId: 2, resourceId: 2, start: 50, end: 60 },
        { calendarId: 3, resourceId: null, start: 10, end: 5 },
      ]),
    );
    expect([...week.get(1)!.starts]).toEqual([100]);
    expect([...week.get(4)!.ends]).toEqual([130]);
    expect([...week.get(2)!.starts]).toEqual([50]);
    expect(week.has(3)).toBe(false);
  });
});
