/**
 * The agenda's geometry, kept pure so it is tested without a browser. Every time here is a
 * wall-clock time of the group's zone as the server gives it ("YYYY-MM-DDTHH:MM", docs/back-office.md
 * "Agenda"): the page never converts zones. A day is drawn as 24 wall-clock hours, so on the two DST
 * days an appointment at 10:00 still sits at 10:00; the server's times are used as they are.
 */

import { dayOfIsoDate } from '@creneau/core/time/civil-day';
import { addDays } from '@creneau/core/validation/calendar-date';

/** The agenda shows one day or a week (Monday to Sunday). */
export type AgendaView = 'day' | 'week';

export const MINUTES_PER_DAY = 24 * 60;
/** The hours shown when the days have neither appointments nor openings. */
export const DEFAULT_HOURS = { start: 7, end: 20 } as const;
/** A shorter axis than this is widened (downwards first), so one short appointment is not a strip. */
const MIN_AXIS_HOURS = 6;
/** The shortest height an appointment is drawn with (minutes), so it stays readable and clickable. */
export const MIN_DRAWN_MINUTES = 15;

/** The calendar date of a wall-clock time, "YYYY-MM-DD". */
export const dateOf = (local: string): string => local.slice(0, 10);

/** Minutes since midnight of a wall-clock time. */
export function minuteOfDay(local: string): number {
  const hours = Number(local.slice(11, 13));
  const minutes = Number(local.slice(14, 16));
  return hours * 60 + minutes;
}

/** The `count` calendar dates from `from`. */
export function dayList(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(from, index));
}

/**
 * Where a wall-clock time falls in the day `day`, in minutes from its midnight, clamped to the day:
 * something that began the day before starts at 0, something that ends the next day ends at 24:00.
 */
export function minuteInDay(local: string, day: string): number {
  const date = dateOf(local);
  // A week is thousands of times, nearly all on the day asked: no calendar arithmetic for those.
  if (date === day) return minuteOfDay(local);
  return date < day ? 0 : MINUTES_PER_DAY;
}

/** The part of [start, end) inside `day`, in minutes, or null when it does not touch the day. */
export function segmentInDay(
  startsLocal: string,
  endsLocal: string,
  day: string,
): { start: number; end: number } | null {
  // Starts before the next day's midnight (its date is at most `day`) and ends after this one's;
  // checked first, on the texts, since most items of a week are on another day.
  const touches = dateOf(startsLocal) <= day && endsLocal > `${day}T00:00`;
  if (!touches) return null;
  const start = minuteInDay(startsLocal, day);
  // The end of the fall-back day's repeated hour can read earlier than its start: keep it after.
  const end = Math.max(minuteInDay(endsLocal, day), start);
  if (end === start && startsLocal.slice(0, 10) !== day) return null;
  return { start, end };
}

export interface Span {
  starts_local: string;
  ends_local: string;
}

/**
 * The spans that touch each of `days`, in their order. A week holds thousands of appointments and
 * nearly all start and end on one date: those go straight to their day, and only the few that cross
 * midnight are tried against every day.
 */
export function spansByDay<T extends Span>(spans: readonly T[], days: readonly string[]): Map<string, T[]> {
  const byDay = new Map<string, T[]>(days.map((day) => [day, []]));
  for (const span of spans) {
    const date = dateOf(span.starts_local);
    if (date === dateOf(span.ends_local)) {
      byDay.get(date)?.push(span);
      continue;
    }
    for (const day of days)
      if (segmentInDay(span.starts_local, span.ends_local, day)) byDay.get(day)?.push(span);
  }
  return byDay;
}

/**
 * The hours the axis shows: from the earliest hour holding an appointment or an opening of the days
 * to the latest, or DEFAULT_HOURS when there is none. Closures and absences do not stretch the axis
 * (a closure of the whole day would otherwise show a 24-hour axis).
 */
export function hourRange(spans: readonly Span[], days: readonly string[]): { start: number; end: number } {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const [day, onDay] of spansByDay(spans, days))
    for (const span of onDay) {
      const segment = segmentInDay(span.starts_local, span.ends_local, day);
      if (!segment) continue;
      first = Math.min(first, segment.start);
      last = Math.max(last, Math.max(segment.end, segment.start + MIN_DRAWN_MINUTES));
    }
  if (!Number.isFinite(first)) return { ...DEFAULT_HOURS };
  let start = Math.floor(first / 60);
  let end = Math.min(24, Math.ceil(last / 60));
  if (end - start < MIN_AXIS_HOURS) {
    end = Math.min(24, start + MIN_AXIS_HOURS);
    start = Math.max(0, end - MIN_AXIS_HOURS);
  }
  return { start, end };
}

export interface Placed<T> {
  item: T;
  /** Minutes from the day's midnight, clipped to the day. */
  start: number;
  end: number;
  /** Side-by-side position among the items it overlaps: lane 0 … lanes − 1. */
  lane: number;
  lanes: number;
  /** Position on the axis, in % of its height. */
  top: number;
  height: number;
}

/**
 * Places the items of one column (one calendar, one day): each at its time, and items that overlap
 * side by side. Items that overlap each other, directly or through others, form a cluster sharing one
 * lane count, so a cluster's items have equal widths; each takes the first lane free at its start.
 */
export function placeInColumn<T extends Span>(
  items: readonly T[],
  day: string,
  axis: { start: number; end: number },
): Placed<T>[] {
  const axisStart = axis.start * 60;
  const axisSpan = Math.max(60, (axis.end - axis.start) * 60);
  const segments = items
    .map((item) => {
      const segment = segmentInDay(item.starts_local, item.ends_local, day);
      if (!segment) return null;
      return { item, start: segment.start, end: Math.max(segment.end, segment.start + MIN_DRAWN_MINUTES) };
    })
    .filter((s): s is { item: T; start: number; end: number } => s !== null)
    .sort((a, b) => a.start - b.start || b.end - a.end);

  const placed: Placed<T>[] = [];
  let cluster: Placed<T>[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = Number.NEGATIVE_INFINITY;
  const closeCluster = () => {
    for (const member of cluster) member.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const segment of segments) {
    if (segment.start >= clusterEnd) closeCluster();
    let lane = laneEnds.findIndex((end) => end <= segment.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(segment.end);
    } else laneEnds[lane] = segment.end;
    clusterEnd = cluster.length === 0 ? segment.end : Math.max(clusterEnd, segment.end);
    const top = ((Math.max(segment.start, axisStart) - axisStart) / axisSpan) * 100;
    const bottom = ((Math.min(segment.end, axisStart + axisSpan) - axisStart) / axisSpan) * 100;
    const entry: Placed<T> = {
      item: segment.item,
      start: segment.start,
      end: segment.end,
      lane,
      lanes: 1,
      top: clamp(top),
      height: Math.max(0, clamp(bottom) - clamp(top)),
    };
    cluster.push(entry);
    placed.push(entry);
  }
  closeCluster();
  return placed;
}

const clamp = (percent: number) => Math.min(100, Math.max(0, percent));

/** Where "now" is on the axis (% of its height), or null outside it. */
export function nowPosition(minute: number, axis: { start: number; end: number }): number | null {
  const start = axis.start * 60;
  const end = axis.end * 60;
  if (minute < start || minute > end) return null;
  return ((minute - start) / (end - start)) * 100;
}

/**
 * Today's date and the minute of the day in a time zone, from an instant: the group's "now", read
 * from Intl so the browser's own zone plays no part.
 */
export function nowInZone(instant: Date, timeZone: string): { date: string; minute: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minute: (Number(part('hour')) % 24) * 60 + Number(part('minute')),
  };
}

/** The browser's own time zone (shown beside the group's when they differ). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The next appointment for arrow keys: within a column by time (up/down), to the neighbouring column
 * nearest in time (left/right). Columns are lists of start minutes in display order.
 */
export function nextPosition(
  columns: readonly (readonly number[])[],
  at: { column: number; index: number },
  key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End',
): { column: number; index: number } | null {
  const column = columns[at.column];
  if (!column) return null;
  if (key === 'ArrowUp') return at.index > 0 ? { column: at.column, index: at.index - 1 } : null;
  if (key === 'ArrowDown')
    return at.index < column.length - 1 ? { column: at.column, index: at.index + 1 } : null;
  if (key === 'Home') return column.length ? { column: at.column, index: 0 } : null;
  if (key === 'End') return column.length ? { column: at.column, index: column.length - 1 } : null;
  const minute = column[at.index] ?? 0;
  const step = key === 'ArrowLeft' ? -1 : 1;
  // Skip empty columns: the next one holding an appointment.
  for (let c = at.column + step; c >= 0 && c < columns.length; c += step) {
    const candidates = columns[c] ?? [];
    if (candidates.length === 0) continue;
    let best = 0;
    candidates.forEach((start, index) => {
      if (Math.abs(start - minute) < Math.abs((candidates[best] ?? 0) - minute)) best = index;
    });
    return { column: c, index: best };
  }
  return null;
}

/** The real date a link names in `?date=YYYY-MM-DD`, if any. */
export function linkedDate(search: string): string | undefined {
  const date = new URLSearchParams(search).get('date');
  return date && dayOfIsoDate(date) !== undefined ? date : undefined;
}
