/**
 * The agenda board's columns as data (docs/back-office.md "Agenda"): one per calendar (resources
 * too) for each day shown, or one per day for the calendars together, each with its appointments
 * and blocks placed on the axis, and the calendars its free places book on. Also the rules of a
 * column's free place: which calendar it books, where the keyboard's starts and how keys move it.
 */
import type { AgendaAppointment, AgendaBlock, AgendaCalendar } from '../../api/admin-agenda.ts';
import { type Axis, firstFreeMinute, SNAP_MINUTES, snapMinute } from './agenda-grid.ts';
import { type Placed, placeInColumn, spansByDay } from './agenda-layout.ts';

export interface AgendaColumnModel {
  key: string;
  day: string;
  /** The column's calendar; for the calendars together, a stand-in that names them. */
  calendar: AgendaCalendar;
  /** The calendars a free place of this column books on: its own, or (together) every bookable one. */
  members: readonly { calendar: AgendaCalendar; taken: readonly Placed<AgendaAppointment>[] }[];
  together: boolean;
  appointments: Placed<AgendaAppointment>[];
  blocks: Placed<AgendaBlock>[];
}

/** The closures of the whole business, once each: what the calendars together have in common. */
export function closuresOf(blocks: readonly AgendaBlock[]): AgendaBlock[] {
  const seen = new Set<string>();
  return blocks.filter((block) => {
    const key = `${block.starts_local}|${block.ends_local}`;
    if (block.kind !== 'closure' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Items by the calendars they show on, in their order. */
function groupBy<T>(items: readonly T[], keys: (item: T) => number[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items)
    for (const key of keys(item)) {
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  return groups;
}

export interface ColumnsInput {
  days: readonly string[];
  calendars: readonly AgendaCalendar[];
  appointments: readonly AgendaAppointment[];
  blocks: readonly AgendaBlock[];
  axis: Axis;
  /** One column per day for all the calendars, instead of one per calendar. */
  together: boolean;
  /** The name of the calendars together's column. */
  allCalendars: string;
}

/** The board's columns, day by day, each day's in the calendars' order. */
export function agendaColumns({
  days,
  calendars,
  appointments,
  blocks,
  axis,
  together,
  allCalendars,
}: ColumnsInput): AgendaColumnModel[] {
  // An appointment shows in its calendar's column and in its resource's.
  const byCalendar = groupBy(appointments, (a) =>
    a.resource_id === null || a.resource_id === a.calendar_id
      ? [a.calendar_id]
      : [a.calendar_id, a.resource_id],
  );
  const blocksOf = groupBy(blocks, (b) => [b.calendar_id]);
  // Each calendar's appointments sorted by day once, rather than each column sifting the week's.
  const byCalendarDay = new Map<number, Map<string, AgendaAppointment[]>>();
  const placeOn = (calendar: AgendaCalendar, day: string) => {
    let ofCalendar = byCalendarDay.get(calendar.id);
    if (!ofCalendar) {
      ofCalendar = spansByDay(byCalendar.get(calendar.id) ?? [], days);
      byCalendarDay.set(calendar.id, ofCalendar);
    }
    return placeInColumn(ofCalendar.get(day) ?? [], day, axis);
  };
  if (together) {
    const shown = new Set(calendars.map((c) => c.id));
    const ofShown = spansByDay(
      appointments.filter(
        (a) => shown.has(a.calendar_id) || (a.resource_id !== null && shown.has(a.resource_id)),
      ),
      days,
    );
    const closures = closuresOf(blocks.filter((b) => shown.has(b.calendar_id)));
    const all: AgendaCalendar = { ...calendars[0]!, id: 0, name: allCalendars, resource: false };
    return days.map((day) => ({
      key: `${day}:together`,
      day,
      calendar: all,
      together: true,
      members: calendars
        .filter((c) => !c.resource)
        .map((calendar) => ({ calendar, taken: placeOn(calendar, day) })),
      appointments: placeInColumn(ofShown.get(day) ?? [], day, axis),
      blocks: placeInColumn(closures, day, { start: 0, end: 24 }),
    }));
  }
  return days.flatMap((day) =>
    calendars.map((calendar) => {
      const placed = placeOn(calendar, day);
      return {
        key: `${day}:${calendar.id}`,
        day,
        calendar,
        together: false,
        members: calendar.resource ? [] : [{ calendar, taken: placed }],
        appointments: placed,
        blocks: placeInColumn(blocksOf.get(calendar.id) ?? [], day, { start: 0, end: 24 }),
      };
    }),
  );
}

/** Whether a column's free places book: the right to book, and a calendar (not a resource) to book on. */
export const isBookable = (column: AgendaColumnModel, canBook: boolean) =>
  canBook && column.members.length > 0;

/** The calendar a free place at `minute` books on: the first of the column's that is free then. */
export function calendarAt(column: AgendaColumnModel, minute: number): AgendaCalendar {
  const free = column.members.find(
    ({ taken }) => !taken.some((p) => p.start < minute + SNAP_MINUTES && p.end > minute),
  );
  return (free ?? column.members[0]!).calendar;
}

/**
 * Where a column's keyboard free place starts: its first free quarter hour from the start of the
 * axis (from now, today); together, the earliest time any of the calendars is free.
 */
export function firstPlace(
  column: AgendaColumnModel,
  now: { date: string; minute: number },
  axis: Axis,
): number {
  const from = column.day === now.date ? Math.max(now.minute, axis.start * 60) : axis.start * 60;
  return Math.min(...column.members.map(({ taken }) => firstFreeMinute(taken, from, axis)));
}

/**
 * Where a key moves the keyboard's free place from `minute`: a quarter hour up or down, Home and
 * End to the axis's first and last; null for any other key. Always on the axis.
 */
export function freePlaceAfterKey(key: string, minute: number, axis: Axis): number | null {
  const last = snapMinute(axis.end * 60, axis);
  const next =
    key === 'ArrowUp'
      ? minute - SNAP_MINUTES
      : key === 'ArrowDown'
        ? minute + SNAP_MINUTES
        : key === 'Home'
          ? axis.start * 60
          : key === 'End'
            ? last
            : null;
  return next === null ? null : Math.min(last, Math.max(axis.start * 60, next));
}
