/**
 * Pointer positions on the agenda's tracks as wall-clock times, and back (docs/back-office.md
 * "Booking from the agenda"). Kept pure so the maths is tested without a browser.
 *
 * Places snap to a quarter hour. The demo and most businesses offer slots every 15 or 30 minutes,
 * and the engine refuses a start its calendar never offers: a 5-minute grid would mostly produce
 * refusals. A quarter hour is also 15 px at the desktop's 60 px hour (20 px on touch screens), a
 * target a hand can hit, where 5 minutes would be 5 px.
 */

import { DEFAULT_HOURS } from './agenda-layout.ts';

export const SNAP_MINUTES = 15;

export interface Axis {
  /** Hours drawn, from `start` to `end` (whole hours of the day). */
  start: number;
  end: number;
}

/** Minutes of the day at `offset` pixels from the top of a track `height` pixels tall. */
export function minuteAtOffset(offset: number, height: number, axis: Axis): number {
  const span = (axis.end - axis.start) * 60;
  if (height <= 0) return axis.start * 60;
  return axis.start * 60 + (offset / height) * span;
}

/** The pixel offset of a minute of the day on a track `height` pixels tall. */
export function offsetOfMinute(minute: number, height: number, axis: Axis): number {
  const span = (axis.end - axis.start) * 60;
  return ((minute - axis.start * 60) / span) * height;
}

/** Where a minute sits on the axis, in % of its height. */
export function percentOfMinute(minute: number, axis: Axis): number {
  return ((minute - axis.start * 60) / ((axis.end - axis.start) * 60)) * 100;
}

/**
 * The start a pointer designates: rounded to the nearest step and kept inside the axis, so that
 * something lasting `duration` minutes still ends by the axis's end.
 */
export function snapMinute(minute: number, axis: Axis, duration = 0, step = SNAP_MINUTES): number {
  const first = axis.start * 60;
  const last = Math.max(first, axis.end * 60 - Math.max(duration, step));
  const snapped = Math.round(minute / step) * step;
  // The last start allowed may fall between steps: the step before it then.
  const lastOnStep = Math.floor(last / step) * step;
  return Math.min(Math.max(snapped, Math.ceil(first / step) * step), Math.max(lastOnStep, first));
}

/** "09:05" from 545. */
export function clockOf(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** "09:05" → 545; null when it is not a time of the day. */
export function minuteOfClock(clock: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(clock.slice(0, 5));
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** The agenda's own form of a wall-clock time, "YYYY-MM-DDTHH:MM". */
export const localOf = (day: string, minute: number): string => `${day}T${clockOf(minute)}`;

/** What the move and booking calls take: the group's wall-clock "YYYY-MM-DD hh:mm:ss". */
export const wallClockOf = (day: string, minute: number): string => `${day} ${clockOf(minute)}:00`;

/**
 * The first free quarter hour of a column from `from` on, given the [start, end) minutes taken; the
 * keyboard's free-place control starts there. Falls back to `from` when the column is full.
 */
export function firstFreeMinute(
  taken: readonly { start: number; end: number }[],
  from: number,
  axis: Axis,
  step = SNAP_MINUTES,
): number {
  const end = axis.end * 60;
  for (let minute = Math.ceil(from / step) * step; minute + step <= end; minute += step) {
    if (!taken.some((t) => t.start < minute + step && t.end > minute)) return minute;
  }
  return snapMinute(from, axis);
}

/**
 * Where the toolbar's "new appointment" starts: today's next quarter hour when today is shown and
 * still in the axis, else the first day shown at the axis's start.
 */
export function defaultPlace(
  calendarId: number,
  days: readonly string[],
  now: { date: string; minute: number },
  axis: Axis,
): { calendarId: number; day: string; minute: number } {
  const today = days.includes(now.date);
  const next = Math.ceil((now.minute + 1) / SNAP_MINUTES) * SNAP_MINUTES;
  if (today && next < axis.end * 60)
    return { calendarId, day: now.date, minute: Math.max(next, axis.start * 60) };
  return { calendarId, day: days[0] ?? now.date, minute: axis.start * 60 };
}

/**
 * The hours drawn for someone who books or moves from the agenda: at least the usual working day
 * (DEFAULT_HOURS), so a free morning or evening is there to click or drop on even when the days
 * shown hold nothing then. Reading-only members keep the axis fitted to the content.
 */
export function bookingAxis(axis: Axis): Axis {
  return { start: Math.min(axis.start, DEFAULT_HOURS.start), end: Math.max(axis.end, DEFAULT_HOURS.end) };
}
