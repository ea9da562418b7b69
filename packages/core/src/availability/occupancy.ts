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
import type { AppointmentInput } from './availability.types.ts';
import type { ScheduleIndex } from './schedule-index.ts';

export interface CalendarLoad {
  readonly starts: Float64Array;
  readonly ends: Float64Array;
}

const NO_LOAD: CalendarLoad = { starts: new Float64Array(0), ends: new Float64Array(0) };

/** Sorts the appointments into per-calendar start and end arrays (indexed like schedule.calendars). */
export function indexAppointments(
  schedule: ScheduleIndex,
  appointments: readonly AppointmentInput[],
): CalendarLoad[] {
  const n = schedule.calendars.length;
  const counts = new Int32Array(n);
  const slots = (a: AppointmentInput) => {
    const c = schedule.calendarsById.get(a.calendarId);
    const r = a.resourceId == null ? undefined : schedule.calendarsById.get(a.resourceId);
    return [c?.index, r && r !== c ? r.index : undefined] as const;
  };
  for (const a of appointments) {
    if (!(a.end > a.start)) continue;
    for (const i of slots(a)) if (i !== undefined) counts[i]!++;
  }
  const loads = Array.from({ length: n }, (_, i) =>
    counts[i] ? { starts: new Float64Array(counts[i]!), ends: new Float64Array(counts[i]!) } : NO_LOAD,
  );
  const fill = new Int32Array(n);
  for (const a of appointments) {
    if (!(a.end > a.start)) continue;
    // The engine works to the minute: a partly used minute is a used minute.
    const start = Math.floor(a.start);
    const end = Math.ceil(a.end);
    for (const i of slots(a)) {
      if (i === undefined) continue;
      const k = fill[i]!++;
      loads[i]!.starts[k] = start;
      (loads[i]!.ends as Float64Array)[k] = end;
    }
  }
  for (const load of loads) {
    if (load === NO_LOAD) continue;
    load.starts.sort();
    load.ends.sort();
  }
  return loads;
}

/** Number of values ≤ x in a sorted array. */
export function countAtMost(sorted: Float64Array, x: number): number {
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

/** Remaining capacity as a step function over [pos[0], pos[n]): value val[i] on [pos[i], pos[i+1]). */
export interface Profile {
  readonly pos: number[];
  readonly val: number[];
  /** Last segment looked at: searches move forward, so they usually start there. */
  hint: number;
  /** After a failed remainingOver(): no start before this can succeed on this calendar. */
  blockedUntil: number;
}

/**
 * The remaining capacity of a calendar over [from, to), given its open instants (flat sorted
 * disjoint pairs, already clipped or not) and its load.
 */
export function buildProfile(
  open: readonly number[],
  load: CalendarLoad,
  capacity: number,
  from: number,
  to: number,
): Profile {
  const { starts, ends } = load;
  let occupied = countAtMost(starts, from) - countAtMost(ends, from);
  let si = countAtMost(starts, from);
  let ei = countAtMost(ends, from);
  let oi = 0;
  let isOpen = false;
  // Open boundaries alternate start, end; consume those at or before `from`.
  while (oi < open.length && open[oi]! <= from) {
    isOpen = oi % 2 === 0 ? open[oi + 1]! > from : false;
    oi++;
  }
  const value = () => (isOpen && occupied < capacity ? capacity - occupied : 0);
  const pos = [from];
  const val = [value()];
  const INF = Number.POSITIVE_INFINITY;
  for (;;) {
    const next = Math.min(open[oi] ?? INF, starts[si] ?? INF, ends[ei] ?? INF);
    if (next >= to) break;
    while (oi < open.length && open[oi] === next) {
      isOpen = oi % 2 === 0;
      oi++;
    }
    while (si < starts.length && starts[si] === next) {
      occupied++;
      si++;
    }
    while (ei < ends.length && ends[ei] === next) {
      occupied--;
      ei++;
    }
    const v = value();
    if (v !== val[val.length - 1]) {
      pos.push(next);
      val.push(v);
    }
  }
  pos.push(to);
  return { pos, val, hint: 0, blockedUntil: from };
}

/**
 * The smallest remaining capacity over [t, end); 0 when any minute of it is closed or full, and
 * then `blockedUntil` is the end of the blocking segment. Outside the profile counts as closed.
 */
export function remainingOver(profile: Profile, t: number, end: number): number {
  const { pos, val } = profile;
  const last = pos.length - 1;
  if (t < pos[0]! || end > pos[last]!) {
    profile.blockedUntil = t + 1;
    return 0;
  }
  let i = profile.hint;
  if (!(pos[i]! <= t && pos[i + 1]! > t)) {
    if (pos[i]! <= t && pos[i + 2]! > t) i++;
    else {
      let lo = pos[i]! <= t ? i : 0;
      let hi = last - 1;
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
