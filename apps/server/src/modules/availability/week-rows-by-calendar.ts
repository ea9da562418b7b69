/**
 * A kept week's appointments split per calendar (a resource is a calendar too), in start order: a
 * search then takes its own calendars' rows straight into the engine's per-calendar loads
 * (AppointmentsByCalendar) instead of scanning the rows of the whole group and indexing them again
 * on every miss (docs/benchmarks.md "Where a miss's time goes": the two cost about 10 % of a miss).
 */
import type {
  AppointmentColumns,
  AppointmentsByCalendar,
} from '@creneau/core/availability/availability.types';
import { countBelow, sortStartsOrEnds } from '@creneau/core/availability/occupancy';
import { LONGEST_APPOINTMENT_MINUTES } from './availability.repository.ts';

/** One calendar's appointments of a week: starts ascending, each end beside its start. */
export interface CalendarRows {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

export type WeekByCalendar = ReadonlyMap<number, CalendarRows>;

/**
 * The week's rows per calendar id: each appointment under its calendar and under its resource
 * (once when they are the same); appointments that end before they start occupy nothing.
 */
export function splitByCalendar(rows: AppointmentColumns): WeekByCalendar {
  const { calendarIds, resourceIds, starts, ends } = rows;
  const counts = new Map<number, number>();
  const count = (id: number) => counts.set(id, (counts.get(id) ?? 0) + 1);
  const order: number[] = [];
  for (let k = 0; k < rows.length; k++) {
    if (ends[k]! <= starts[k]!) continue;
    order.push(k);
    count(calendarIds[k]!);
    if (resourceIds[k]! !== 0 && resourceIds[k] !== calendarIds[k]) count(resourceIds[k]!);
  }
  order.sort((a, b) => starts[a]! - starts[b]!);
  const filling = new Map<number, { starts: Int32Array; ends: Int32Array; n: number }>();
  for (const [id, n] of counts) filling.set(id, { starts: new Int32Array(n), ends: new Int32Array(n), n: 0 });
  const put = (id: number, k: number) => {
    const into = filling.get(id)!;
    into.starts[into.n] = starts[k]!;
    into.ends[into.n] = ends[k]!;
    into.n++;
  };
  for (const k of order) {
    put(calendarIds[k]!, k);
    if (resourceIds[k]! !== 0 && resourceIds[k] !== calendarIds[k]) put(resourceIds[k]!, k);
  }
  return new Map([...filling].map(([id, { starts, ends }]) => [id, { starts, ends }]));
}

/**
 * The appointments of `calendarIds` overlapping [from, to) in consecutive weeks (ascending), per
 * calendar, as the engine takes them. Starts stay ascending from week to week (a week holds what
 * starts in it); ends are sorted, which costs one pass when nothing runs past the next start.
 */
export function pickByCalendar(
  weeks: readonly WeekByCalendar[],
  calendarIds: readonly number[],
  from: number,
  to: number,
): AppointmentsByCalendar {
  // Where each calendar's candidate rows lie in each week: no appointment lasts longer than
  // LONGEST, so earlier starts have ended before `from`; later ones start after the span.
  const ids = [...new Set(calendarIds)];
  const bounds = new Int32Array(ids.length * weeks.length * 2);
  let room = 0;
  ids.forEach((id, i) => {
    weeks.forEach((week, w) => {
      const rows = week.get(id);
      if (!rows) return;
      const at = (i * weeks.length + w) * 2;
      bounds[at] = countBelow(rows.starts, from - LONGEST_APPOINTMENT_MINUTES);
      bounds[at + 1] = countBelow(rows.starts, to);
      room += bounds[at + 1]! - bounds[at]!;
    });
  });
  // One buffer for every calendar's starts and one for the ends: a miss then leaves two array
  // buffers to the garbage collector instead of two per calendar.
  const allStarts = new Int32Array(room);
  const allEnds = new Int32Array(room);
  const byCalendar = new Map<number, CalendarRows>();
  let n = 0;
  ids.forEach((id, i) => {
    const first = n;
    weeks.forEach((week, w) => {
      const rows = week.get(id);
      if (!rows) return;
      const at = (i * weeks.length + w) * 2;
      for (let k = bounds[at]!; k < bounds[at + 1]!; k++) {
        if (rows.ends[k]! <= from) continue;
        allStarts[n] = rows.starts[k]!;
        allEnds[n] = rows.ends[k]!;
        n++;
      }
    });
    const picked = { starts: allStarts.subarray(first, n), ends: allEnds.subarray(first, n) };
    sortStartsOrEnds(picked.ends);
    byCalendar.set(id, picked);
  });
  return { byCalendar };
}
