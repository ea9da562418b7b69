/**
 * One calendar on one local date: when it is open (as instants) and its candidate starts.
 *
 * Open time is defined on the wall clock: an instant is open when its local date-time falls in a
 * weekly range of its local weekday or in an opening exception, and in no closure or absence. So a
 * range that covers a repeated hour (fall back) is open during both occurrences, and a skipped hour
 * (spring forward) is simply absent. Candidate starts step on the wall clock from the start of each
 * range (and of each opening exception): a step that lands on a local time that does not exist gives
 * no start, one that lands on a repeated local time gives both instants.
 */
import { isoWeekdayOfDay, MINUTES_PER_DAY } from '../time/civil-day.ts';
import type { ZoneOffsets } from '../time/zone-offsets.ts';

/** Exceptions as local-minute intervals, sorted by start, with the running maximum of their ends. */
export interface LocalIntervals {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  readonly maxEndSoFar: readonly number[];
}

export interface CalendarRules {
  readonly slotStep: number;
  /** Templates of each weekday once looked up (filled by calendarDay). */
  readonly templates: (WeekdayTemplate | undefined)[];
  /** Per ISO weekday (index 1–7): flat [start, end, start, end, …] minutes of local midnight. */
  readonly weekly: readonly (readonly number[])[];
  readonly openings: LocalIntervals;
  readonly removals: LocalIntervals;
}

export interface CalendarDay {
  /** Open instants as flat sorted, disjoint [start, end, …] epoch minutes. */
  readonly open: readonly number[];
  /** Wall-clock minute of each candidate start that is open, in instant order. */
  readonly minuteOfDay: readonly number[];
  /**
   * The candidates' instants. On an ordinary date (one offset all day, no exception) they are
   * minuteOfDay + shift and are only materialised when asked for (candidateStarts): resources and
   * later items of a chain never need them.
   */
  starts: readonly number[] | null;
  readonly shift: number;
}

export const EMPTY_DAY: CalendarDay = { open: [], minuteOfDay: [], starts: [], shift: 0 };

/** The instants of a day's candidate starts. */
export function candidateStarts(day: CalendarDay): readonly number[] {
  if (day.starts === null) {
    const minutes = day.minuteOfDay;
    const starts = new Array<number>(minutes.length);
    for (let i = 0; i < minutes.length; i++) starts[i] = minutes[i]! + day.shift;
    day.starts = starts;
  }
  return day.starts;
}

/** Open wall-clock minutes and candidate minutes of a weekday with no exception. */
export interface WeekdayTemplate {
  readonly openLocal: readonly number[];
  readonly grid: readonly number[];
}

// Shared by every calendar with the same hours and step, across requests: pure data.
const templates = new Map<string, WeekdayTemplate>();

function weekdayTemplate(rules: CalendarRules, weekday: number): WeekdayTemplate {
  const known = rules.templates[weekday];
  if (known) return known;
  const weekly = rules.weekly[weekday] ?? [];
  const key = `${rules.slotStep}:${weekly.join(',')}`;
  let found = templates.get(key);
  if (!found) {
    const grid: number[] = [];
    for (let i = 0; i < weekly.length; i += 2) {
      for (let m = weekly[i]!; m < weekly[i + 1]!; m += rules.slotStep) grid.push(m);
    }
    grid.sort((a, b) => a - b);
    found = {
      openLocal: mergeFlat(weekly.slice()),
      grid: grid.filter((m, i) => i === 0 || m !== grid[i - 1]),
    };
    if (templates.size > 10_000) templates.clear();
    templates.set(key, found);
  }
  rules.templates[weekday] = found;
  return found;
}

/** Builds the sorted exception index used by calendarDay(). */
export function localIntervals(list: readonly (readonly [number, number])[]): LocalIntervals {
  const sorted = [...list].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const maxEndSoFar: number[] = [];
  let max = Number.NEGATIVE_INFINITY;
  for (const [, end] of sorted) {
    max = Math.max(max, end);
    maxEndSoFar.push(max);
  }
  return { starts: sorted.map((i) => i[0]), ends: sorted.map((i) => i[1]), maxEndSoFar };
}

/** Calls `visit` for each interval of `index` that overlaps [from, to). */
function overlapping(
  index: LocalIntervals,
  from: number,
  to: number,
  visit: (start: number, end: number) => void,
): void {
  // Last interval starting before `to`; walk back while an earlier one may still reach `from`.
  let lo = 0;
  let hi = index.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index.starts[mid]! < to) lo = mid + 1;
    else hi = mid;
  }
  let first = lo;
  while (first > 0 && index.maxEndSoFar[first - 1]! > from) first--;
  for (let i = first; i < lo; i++) {
    if (index.ends[i]! > from) visit(index.starts[i]!, index.ends[i]!);
  }
}

/** Whether any interval of `index` overlaps [from, to). */
function anyOverlap(index: LocalIntervals, from: number, to: number): boolean {
  let found = false;
  if (index.starts.length > 0) overlapping(index, from, to, () => (found = true));
  return found;
}

/** Sorts and merges flat [start, end, …] pairs (touching pairs join). */
export function mergeFlat(pairs: number[]): number[] {
  if (pairs.length <= 2) return pairs;
  // Already sorted (the usual case: consecutive days): merge in one pass without allocating pairs.
  let sorted = true;
  for (let i = 2; i < pairs.length && sorted; i += 2) sorted = pairs[i]! >= pairs[i - 2]!;
  if (sorted) {
    const out: number[] = [pairs[0]!, pairs[1]!];
    for (let i = 2; i < pairs.length; i += 2) {
      const n = out.length;
      if (pairs[i]! <= out[n - 1]!) out[n - 1] = Math.max(out[n - 1]!, pairs[i + 1]!);
      else out.push(pairs[i]!, pairs[i + 1]!);
    }
    return out;
  }
  const order: [number, number][] = [];
  for (let i = 0; i < pairs.length; i += 2) order.push([pairs[i]!, pairs[i + 1]!]);
  order.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [a, b] of order) {
    const n = out.length;
    if (n > 0 && a <= out[n - 1]!) out[n - 1] = Math.max(out[n - 1]!, b);
    else out.push(a, b);
  }
  return out;
}

/** Flat sorted disjoint `base` minus the flat sorted disjoint `cut`. */
function subtractFlat(base: number[], cut: number[]): number[] {
  if (cut.length === 0) return base;
  const out: number[] = [];
  let j = 0;
  for (let i = 0; i < base.length; i += 2) {
    let a = base[i]!;
    const b = base[i + 1]!;
    while (j < cut.length && cut[j + 1]! <= a) j += 2;
    let k = j;
    while (a < b && k < cut.length && cut[k]! < b) {
      if (cut[k]! > a) out.push(a, cut[k]!);
      a = Math.max(a, cut[k + 1]!);
      k += 2;
    }
    if (a < b) out.push(a, b);
  }
  return out;
}

/** The open instants and candidate starts of a calendar on a local date. */
export function calendarDay(rules: CalendarRules, zone: ZoneOffsets, day: number): CalendarDay {
  const local = zone.localDay(day);
  if (local.pieces.length === 0) return EMPTY_DAY;
  const l0 = day * MINUTES_PER_DAY;
  const l1 = l0 + MINUTES_PER_DAY;
  const weekday = isoWeekdayOfDay(day);
  const only = local.pieces.length === 1 ? local.pieces[0]! : undefined;
  if (
    only &&
    only.from === 0 &&
    only.to === MINUTES_PER_DAY &&
    !anyOverlap(rules.openings, l0, l1) &&
    !anyOverlap(rules.removals, l0, l1)
  ) {
    const template = weekdayTemplate(rules, weekday);
    if (template.openLocal.length === 0) return EMPTY_DAY;
    const shift = l0 - only.offset;
    const open = new Array<number>(template.openLocal.length);
    for (let i = 0; i < open.length; i++) open[i] = template.openLocal[i]! + shift;
    return { open, minuteOfDay: template.grid, starts: null, shift };
  }
  const weekly = rules.weekly[weekday] ?? [];
  const step = rules.slotStep;

  // Open wall-clock minutes of this date, then the grid of candidate minutes.
  const adds = weekly.slice();
  const grid: number[] = [];
  for (let i = 0; i < weekly.length; i += 2) {
    for (let m = weekly[i]!; m < weekly[i + 1]!; m += step) grid.push(m);
  }
  overlapping(rules.openings, l0, l1, (a, b) => {
    adds.push(Math.max(a, l0) - l0, Math.min(b, l1) - l0);
    // The grid of an exception runs from its own start, which may be on an earlier date.
    const first = a >= l0 ? a : a + Math.ceil((l0 - a) / step) * step;
    for (let m = first; m < b && m < l1; m += step) grid.push(m - l0);
  });
  const cuts: number[] = [];
  overlapping(rules.removals, l0, l1, (a, b) => {
    cuts.push(Math.max(a, l0) - l0, Math.min(b, l1) - l0);
  });
  const openLocal = subtractFlat(mergeFlat(adds), mergeFlat(cuts));
  if (openLocal.length === 0) return EMPTY_DAY;
  grid.sort((a, b) => a - b);

  const open: number[] = [];
  const starts: number[] = [];
  const minuteOfDay: number[] = [];
  // Pieces come in instant order and map their wall-clock minutes monotonically, so walking them in
  // order yields ascending instants.
  for (const piece of local.pieces) {
    const shift = l0 - piece.offset;
    for (let i = 0; i < openLocal.length; i += 2) {
      const a = Math.max(openLocal[i]!, piece.from);
      const b = Math.min(openLocal[i + 1]!, piece.to);
      if (a < b) open.push(a + shift, b + shift);
    }
    let k = 0;
    let previous = -1;
    for (const m of grid) {
      if (m === previous || m < piece.from || m >= piece.to) continue;
      previous = m;
      // Only starts whose first minute is open are worth checking.
      while (k < openLocal.length && openLocal[k + 1]! <= m) k += 2;
      if (k < openLocal.length && openLocal[k]! <= m) {
        starts.push(m + shift);
        minuteOfDay.push(m);
      }
    }
  }
  return { open: mergeFlat(open), minuteOfDay, starts, shift: 0 };
}
