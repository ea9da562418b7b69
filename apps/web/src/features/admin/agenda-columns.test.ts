import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgendaAppointment, AgendaBlock, AgendaCalendar } from '../../api/admin-agenda.ts';
import {
  agendaColumns,
  calendarAt,
  closuresOf,
  firstPlace,
  freePlaceAfterKey,
  isBookable,
} from './agenda-columns.ts';
import { SNAP_MINUTES, snapMinute } from './agenda-grid.ts';

const calendar = (id: number, resource = false) =>
  ({ id, name: `C${id}`, resource }) as unknown as AgendaCalendar;
const appointment = (
  id: number,
  calendarId: number,
  start: string,
  end: string,
  resourceId: number | null = null,
) =>
  ({
    id,
    calendar_id: calendarId,
    resource_id: resourceId,
    starts_local: start,
    ends_local: end,
  }) as unknown as AgendaAppointment;
const block = (id: number, calendarId: number, kind: string, start: string, end: string) =>
  ({ id, calendar_id: calendarId, kind, starts_local: start, ends_local: end }) as unknown as AgendaBlock;

const days = ['2026-11-23', '2026-11-24'];
const axis = { start: 8, end: 18 };
const anna = calendar(1);
const ben = calendar(2);
const room = calendar(9, true);
const appointments = [
  appointment(10, 1, '2026-11-23T09:00', '2026-11-23T10:00', 9),
  appointment(11, 2, '2026-11-24T08:00', '2026-11-24T08:30'),
  appointment(12, 3, '2026-11-24T11:00', '2026-11-24T12:00'),
];
const blocks = [
  block(20, 1, 'closure', '2026-11-24T12:00', '2026-11-24T14:00'),
  block(21, 2, 'closure', '2026-11-24T12:00', '2026-11-24T14:00'),
  block(22, 2, 'absence', '2026-11-23T08:00', '2026-11-23T09:00'),
];
const input = { days, calendars: [anna, ben, room], appointments, blocks, axis, allCalendars: 'All' };
const ids = (placed: readonly { item: { id: number } }[]) => placed.map((p) => p.item.id);

describe('the columns, one per calendar', () => {
  const columns = agendaColumns({ ...input, together: false });

  it('runs day by day, each day in the calendars order', () => {
    expect(columns.map((c) => c.key)).toEqual([
      '2026-11-23:1',
      '2026-11-23:2',
      '2026-11-23:9',
      '2026-11-24:1',
      '2026-11-24:2',
      '2026-11-24:9',
    ]);
    expect(columns.every((c) => !c.together)).toBe(true);
  });

  it("shows an appointment in its calendar's column and its resource's, on its day", () => {
    expect(columns.map((c) => ids(c.appointments))).toEqual([[10], [], [10], [], [11], []]);
  });

  it('books a calendar on itself, and a resource on none', () => {
    expect(columns.map((c) => c.members.map((m) => m.calendar.id))).toEqual([[1], [2], [], [1], [2], []]);
    expect(isBookable(columns[0]!, true)).toBe(true);
    expect(isBookable(columns[0]!, false)).toBe(false);
    expect(isBookable(columns[2]!, true)).toBe(false);
  });

  it("holds each calendar's own blocks", () => {
    expect(columns.map((c) => ids(c.blocks))).toEqual([[], [22], [], [20], [21], []]);
  });
});

describe('the columns, the calendars together', () => {
  const columns = agendaColumns({ ...input, together: true });

  it('is one column a day, named for all the calendars', () => {
    expect(columns.map((c) => c.key)).toEqual(['2026-11-23:together', '2026-11-24:together']);
    expect(columns.every((c) => c.together && c.calendar.id === 0 && c.calendar.name === 'All')).toBe(true);
    expect(columns.every((c) => !c.calendar.resource)).toBe(true);
  });

  it("holds the shown calendars' appointments once each, and the business's closures once", () => {
    expect(columns.map((c) => ids(c.appointments))).toEqual([[10], [11]]);
    expect(columns.map((c) => ids(c.blocks))).toEqual([[], [20]]);
  });

  it('books on every calendar that is not a resource', () => {
    expect(columns[0]!.members.map((m) => m.calendar.id)).toEqual([1, 2]);
    expect(ids(columns[0]!.members[0]!.taken)).toEqual([10]);
  });
});

describe('closures', () => {
  it('keeps closures only, once for each time span', () => {
    expect(closuresOf(blocks).map((b) => b.id)).toEqual([20]);
  });
});

describe("a column's free place", () => {
  const [monday, tuesday] = agendaColumns({ ...input, together: true });

  it('books on the first calendar free at that time, else the first', () => {
    expect(calendarAt(monday!, 9 * 60).id).toBe(2);
    expect(calendarAt(monday!, 10 * 60).id).toBe(1);
    const full = agendaColumns({ ...input, calendars: [anna], together: false })[0]!;
    expect(calendarAt(full, 9 * 60 + 15).id).toBe(1);
  });

  it('starts at the earliest free quarter hour, from now today and from the axis otherwise', () => {
    const now = { date: '2026-11-24', minute: 11 * 60 + 5 };
    expect(firstPlace(monday!, now, axis)).toBe(8 * 60);
    expect(firstPlace(tuesday!, now, axis)).toBe(11 * 60 + 15);
    expect(firstPlace(tuesday!, { date: '2026-11-24', minute: 6 * 60 }, axis)).toBe(8 * 60);
  });

  it('moves by a quarter hour with the arrows, to the ends with Home and End, and stays on the axis', () => {
    expect(freePlaceAfterKey('ArrowDown', 9 * 60, axis)).toBe(9 * 60 + SNAP_MINUTES);
    expect(freePlaceAfterKey('ArrowUp', 9 * 60, axis)).toBe(9 * 60 - SNAP_MINUTES);
    expect(freePlaceAfterKey('Home', 9 * 60, axis)).toBe(8 * 60);
    expect(freePlaceAfterKey('End', 9 * 60, axis)).toBe(snapMinute(18 * 60, axis));
    expect(freePlaceAfterKey('Enter', 9 * 60, axis)).toBeNull();
    fc.assert(
      fc.property(
        fc.constantFrom('ArrowUp', 'ArrowDown', 'Home', 'End'),
        fc.integer({ min: 0, max: 40 }),
        (key, step) => {
          const next = freePlaceAfterKey(key, axis.start * 60 + step * SNAP_MINUTES, axis)!;
          expect(next).toBeGreaterThanOrEqual(axis.start * 60);
          expect(next).toBeLessThanOrEqual(snapMinute(axis.end * 60, axis));
          expect(next % SNAP_MINUTES).toBe(0);
        },
      ),
    );
  });
});
