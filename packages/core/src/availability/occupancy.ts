/**
 * Appointments per calendar, and the remaining-capacity profile of a calendar over a stretch of
 * time. An appointment occupies its calendar and its resource (a resource is a calendar too).
 *
 * Per calendar only two sorted arrays are kept — the starts and the ends — because the number of
 * appointments running at minute p is #(starts ≤ p) − #(ends ≤ p): no pairing, no interval tree.
 * A profile is a step function (breakpoints and values) of "capacity left" that is 0 wherever the
 * calendar is closed; asking for the smallest value over [t, t + L) answers at once "is it open
 * throughout" and "how many more appointments fit", in O(segments crossed).
 */
import type { AppointmentColumns, AppointmentInput, Appointments } from './availability.types.ts';
import type { ScheduleIndex } from './schedule-index.ts';

export interface CalendarLoad {
  /** Epoch minutes fit in 32 bits until the year 6053, and Int32Array sorts twice as fast. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

const NO_LOAD: CalendarLoad = { starts: new Int32Array(0), ends: new Int32Array(0) };

/**
 * Sorts in place. Appointments usually arrive ordered by start (the server's query orders them), so
 * starts are already sorted and ends nearly: an insertion sort then costs one pass.
 */
export function sortStartsOrEnds(values: Int32Array): void {
  let descents = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! < values[i - 1]!) descents++;
  if (descents === 0) return;
  if (descents > 16 && descents * 8 > values.length) {
    values.sort();
    return;
  }
  for (let i = 1; i < values.length; i++) {
    const v = values[i]!;
    let j = i - 1;
    while (j >= 0 && values[j]! > v) {
      values[j + 1] = values[j]!;
      j--;
    }
    values[j + 1] = v;
  }
}

/** Sorts the appointments into per-calendar start and end arrays (indexed like schedule.calendars). */
export function indexAppointments(schedule: ScheduleIndex, appointments: Appointments): CalendarLoad[] {
  if ('byCalendar' in appointments) {
    const { byCalendar } = appointments;
    return schedule.calendars.map((c) => byCalendar.get(c.id) ?? NO_LOAD);
  }
  const columns = 'calendarIds' in appointments ? appointments : toColumns(appointments);
  const { calendarIds, resourceIds, starts, ends } = columns;
  const n = schedule.calendars.length;
  const m = columns.length;
  // Where each appointment goes (-1: a calendar not in this schedule), looked up once.
  const onCalendar = new Int32Array(m);
  const onResource = new Int32Array(m);
  const counts = new Int32Array(n);
  for (let k = 0; k < m; k++) {
    const valid = ends[k]! > starts[k]!;
    const c = valid ? schedule.indexOfId(calendarIds[k]!) : -1;
    const r = valid && resourceIds[k]! !== 0 ? schedule.indexOfId(resourceIds[k]!) : -1;
    onCalendar[k] = c;
    onResource[k] = r === c ? -1 : r;
    if (c >= 0) counts[c]!++;
    if (r >= 0 && r !== c) counts[r]!++;
  }
  const loads = Array.from({ length: n }, (_, i) =>
    counts[i] ? { starts: new Int32Array(counts[i]!), ends: new Int32Array(counts[i]!) } : NO_LOAD,
  );
  const fill = new Int32Array(n);
  const order = startOrder(starts, m);
  for (let j = 0; j < m; j++) {
    const k = order ? order[j]! : j;
    const c = onCalendar[k]!;
    if (c >= 0) {
      const i = fill[c]!++;
      loads[c]!.starts[i] = starts[k]!;
      loads[c]!.ends[i] = ends[k]!;
    }
    const r = onResource[k]!;
    if (r >= 0) {
      const i = fill[r]!++;
      loads[r]!.starts[i] = starts[k]!;
      loads[r]!.ends[i] = ends[k]!;
    }
  }
  for (const load of loads) {
    if (load === NO_LOAD) continue;
    sortStartsOrEnds(load.starts);
    sortStartsOrEnds(load.ends);
  }
  return loads;
}

/**
 * Appointment positions ordered by start when they are not already (null: they are), by counting
 * sort over the minutes they span — linear, where sorting each calendar's arrays would not be. Filled
 * in that order, every calendar's starts come out sorted and its ends nearly so.
 */
function startOrder(starts: Int32Array, m: number): Int32Array | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sorted = true;
  for (let k = 0; k < m; k++) {
    const v = starts[k]!;
    if (k > 0 && v < starts[k - 1]!) sorted = false;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const range = max - min + 1;
  // A year of sparse appointments would need a counter per minute: leave those to the sorts below.
  if (sorted || range > 8 * m + 50_000) return null;
  const counts = new Int32Array(range + 1);
  for (let k = 0; k < m; k++) counts[starts[k]! - min + 1]!++;
  for (let i = 1; i <= range; i++) counts[i]! += counts[i - 1]!;
  const order = new Int32Array(m);
  for (let k = 0; k < m; k++) order[counts[starts[k]! - min]!++] = k;
  return order;
}

/** Objects to columns; the engine works to the minute: a partly used minute is a used minute. */
export function toColumns(appointments: readonly AppointmentInput[]): AppointmentColumns {
  const m = appointments.length;
  const columns = {
    length: m,
    calendarIds: new Int32Array(m),
    resourceIds: new Int32Array(m),
    starts: new Int32Array(m),
    ends: new Int32Array(m),
  };
  for (let k = 0; k < m; k++) {
    const a = appointments[k]!;
    columns.calendarIds[k] = a.calendarId;
    columns.resourceIds[k] = a.resourceId ?? 0;
    columns.starts[k] = Math.floor(a.start);
    columns.ends[k] = Math.ceil(a.end);
  }
  return columns;
}

/** Number of values ≤ x in a sorted array. */
export function countAtMost(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Number of values < x in a sorted array. */
export function countBelow(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Remaining capacity as a step function: val[i] on [pos[i], pos[i+1]) for i < size; pos[size] ends
 * it. Plain arrays of small integers rather than typed arrays: a search builds one profile per
 * calendar, and each typed array costs a buffer outside the heap that the garbage collector must
 * track (a few microseconds each, docs/benchmarks.md "A miss cut further").
 */
export interface Profile {
  readonly pos: readonly number[];
  readonly val: readonly number[];
  readonly size: number;
  /** Last segment looked at: searches move forward, so they usually start there. */
  hint: number;
  /** After a failed remainingOver(): no start before this can succeed on this calendar. */
  blockedUntil: number;
}

/**
 * The remaining capacity of a calendar over [from, to), given its open instants (flat sorted
 * disjoint pairs within [from, to)) and its load.
 */
export function buildProfile(
  open: readonly number[],
  load: CalendarLoad,
  capacity: number,
  from: number,
  to: number,
): Profile {
  const { starts, ends } = load;
  let si = countAtMost(starts, from);
  let ei = countAtMost(ends, from);
  let occupied = si - ei;
  const sEnd = countBelow(starts, to);
  const eEnd = countBelow(ends, to);
  let oi = 0;
  const oEnd = open.length;
  let isOpen = false;
  // Open boundaries alternate start, end; consume those at or before `from`.
  while (oi < oEnd && open[oi]! <= from) {
    isOpen = oi % 2 === 0 ? open[oi + 1]! > from : false;
    oi++;
  }
  let last = isOpen && occupied < capacity ? capacity - occupied : 0;
  const pos = [from];
  const val = [last];
  let size = 1;
  const INF = Number.POSITIVE_INFINITY;
  for (;;) {
    const a = oi < oEnd ? open[oi]! : INF;
    const b = si < sEnd ? starts[si]! : INF;
    const c = ei < eEnd ? ends[ei]! : INF;
    const next = a < b ? Math.min(a, c) : Math.min(b, c);
    if (next >= to) break;
    while (oi < oEnd && open[oi] === next) {
      isOpen = oi % 2 === 0;
      oi++;
    }
    while (si < sEnd && starts[si] === next) {
      occupied++;
      si++;
    }
    while (ei < eEnd && ends[ei] === next) {
      occupied--;
      ei++;
    }
    const v = isOpen && occupied < capacity ? capacity - occupied : 0;
    if (v !== last) {
      pos.push(next);
      val.push(v);
      size++;
      last = v;
    }
  }
  pos.push(to);
  return { pos, val, size, hint: 0, blockedUntil: from };
}

/**
 * The smallest remaining capacity over [t, end); 0 when any minute of it is closed or full, and
 * then `blockedUntil` is the end of the blocking segment. Outside the profile counts as closed.
 */
export function remainingOver(profile: Profile, t: number, end: number): number {
  const { pos, val, size } = profile;
  if (t < pos[0]! || end > pos[size]!) {
    profile.blockedUntil = t + 1;
    return 0;
  }
  let i = profile.hint;
  if (!(pos[i]! <= t && pos[i + 1]! > t)) {
    if (pos[i]! <= t && i + 2 <= size && pos[i + 2]! > t) i++;
    else {
      let lo = pos[i]! <= t ? i : 0;
      let hi = size - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (pos[mid]! <= t) lo = mid;
        else hi = mid - 1;
      }
      i = lo;
    }
  }
  profile.hint = i;
  let min = val[i]!;
  while (min > 0 && pos[i + 1]! < end) {
    i++;
    if (val[i]! < min) min = val[i]!;
  }
  if (min === 0) profile.blockedUntil = pos[i + 1]!;
  return min;
}
