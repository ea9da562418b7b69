/**
 * The one place that decides whether a booking fits at a start, shared by the slot search, the
 * first-slot search and the booking check.
 *
 * A booking is a chain of items. The first item starts on the candidate grid of a calendar that may
 * take it; each next item starts when the previous ends plus its pause, on any calendar that may take
 * it (off the grid: the customer does not choose those times). An item fits on a calendar when the
 * calendar is open with capacity left over the whole [s, s + its duration) and, when the service
 * needs a resource, some allowed resource is open with capacity left over the same interval.
 *
 * Capacity of a start (what the slot shows): for the first item, the capacity left summed over the
 * calendars that can take it; calendars are grouped by the duration they take, because the rest of
 * the chain then starts at the same time; each group is limited by the resources' capacity left and
 * by what the rest of the chain can take from its own start. For a single service this is exactly
 * "remaining capacity summed over the calendars that could take it".
 */
import { MINUTES_PER_DAY } from '../time/civil-day.ts';
import type { BookingPlan, PlanItem } from './booking-plan.ts';
import { mergeFlat } from './calendar-day.ts';
import { buildProfile, type CalendarLoad, countBelow, type Profile, remainingOver } from './occupancy.ts';
import { dayOf, type IndexedCalendar, type ScheduleIndex } from './schedule-index.ts';

const INF = Number.POSITIVE_INFINITY;

/** Receives each start that fits, in ascending order; return false to stop. */
export type StartSink = (
  start: number,
  capacity: number,
  minuteOfDay: number,
  offset: number,
) => boolean | undefined;

/**
 * evaluateDay's working arrays, one set per process: every search made a set of its own, and those
 * typed arrays (a day of minutes each) were a good part of a slot-list miss's allocation
 * (docs/benchmarks.md "A miss cut further"). Sharing is safe because evaluateDay runs to its end
 * without giving way to other code (nothing in it awaits or calls back into an evaluator) and leaves
 * every entry it touched back at zero, even when its sink throws.
 */
const scratch = {
  sums: new Float64Array(0),
  minutes: new Int32Array(0),
  offsets: new Int32Array(0),
  marked: new Uint8Array(0),
};

function reserveScratch(span: number, groups: number): typeof scratch {
  if (scratch.sums.length < span * groups) scratch.sums = new Float64Array(span * groups);
  if (scratch.marked.length < span) {
    const size = Math.max(span, MINUTES_PER_DAY + 120);
    scratch.marked = new Uint8Array(size);
    scratch.minutes = new Int32Array(size);
    scratch.offsets = new Int32Array(size);
  }
  return scratch;
}

export class ChainEvaluator {
  private profiles: (Profile | undefined)[];
  private spanFrom = 0;
  private spanTo = 0;
  private readonly memo = new Map<number, number>();

  constructor(
    readonly schedule: ScheduleIndex,
    readonly loads: readonly CalendarLoad[],
    readonly plan: BookingPlan,
  ) {
    this.profiles = new Array(schedule.calendars.length);
  }

  /** Instants the profiles cover: every start checked and its whole chain must lie in [from, to). */
  setSpan(from: number, to: number): void {
    this.spanFrom = from;
    this.spanTo = to;
    this.profiles = new Array(this.schedule.calendars.length);
    this.memo.clear();
  }

  private profile(calendar: IndexedCalendar): Profile {
    let found = this.profiles[calendar.index];
    if (!found) {
      const from = this.spanFrom;
      const to = this.spanTo;
      const zone = this.schedule.zone;
      // A fall back across midnight may give an instant a local date one day earlier than its
      // neighbours': take one day more on each side and clip.
      const open: number[] = [];
      for (let d = zone.localDayOf(from) - 1, last = zone.localDayOf(to) + 1; d <= last; d++) {
        const pairs = dayOf(this.schedule, calendar, d).open;
        for (let i = 0; i < pairs.length; i += 2) {
          const a = Math.max(pairs[i]!, from);
          const b = Math.min(pairs[i + 1]!, to);
          if (a < b) open.push(a, b);
        }
      }
      found = buildProfile(mergeFlat(open), this.loads[calendar.index]!, calendar.input.capacity, from, to);
      this.profiles[calendar.index] = found;
    }
    return found;
  }

  /** Capacity left on a calendar over the whole [start, end); 0 when closed or full at any minute. */
  remaining(calendar: IndexedCalendar, start: number, end: number): number {
    return remainingOver(this.profile(calendar), start, end);
  }

  /** Capacity left over [start, start + duration) summed over the item's allowed resources. */
  resourcesLeft(item: PlanItem, start: number, duration: number): number {
    let total = 0;
    for (const resource of item.resources) total += this.remaining(resource, start, start + duration);
    return total;
  }

  /** How many more bookings the items from `k` on can take when item k starts at `start` (∞ past the end). */
  continuation(k: number, start: number): number {
    const items = this.plan.items;
    if (k >= items.length) return INF;
    // Chains of three or more may reach the same (item, start) through different durations.
    const key = start * 32 + k;
    const useMemo = items.length - k > 1;
    if (useMemo) {
      const known = this.memo.get(key);
      if (known !== undefined) return known;
    }
    const item = items[k]!;
    const sums = new Array<number>(item.durations.length).fill(0);
    for (const option of item.options) {
      sums[option.group]! += this.remaining(option.calendar, start, start + option.duration);
    }
    let total = 0;
    for (let g = 0; g < sums.length; g++) {
      let v = sums[g]!;
      if (v <= 0) continue;
      const duration = item.durations[g]!;
      if (item.needResource) v = Math.min(v, this.resourcesLeft(item, start, duration));
      if (v > 0) v = Math.min(v, this.continuation(k + 1, start + duration + item.breakAfter));
      total += v;
    }
    if (useMemo) this.memo.set(key, total);
    return total;
  }

  /**
   * Every start on local date `day` within [lo, hi] where the whole booking fits, ascending, with its
   * capacity. Returns true when the sink stopped the walk. The span must cover the date's instants
   * from lo on, plus the plan's lookahead.
   */
  evaluateDay(day: number, lo: number, hi: number, sink: StartSink): boolean {
    const items = this.plan.items;
    const first = items[0];
    const local = this.schedule.zone.localDay(day);
    if (!first || first.options.length === 0 || local.pieces.length === 0) return false;
    const base = local.start;
    const l0 = day * MINUTES_PER_DAY;
    const span = Math.max(1, local.end - local.start);
    const groups = first.durations.length;
    const { sums, minutes, offsets, marked } = reserveScratch(span, groups);
    const touched: number[] = [];
    try {
      for (const option of first.options) {
        const candidates = dayOf(this.schedule, option.calendar, day);
        // On ordinary dates the instants are minuteOfDay + shift: read them without materialising.
        const explicit = candidates.starts;
        const minutesOf = candidates.minuteOfDay;
        const shift = candidates.shift;
        const count = minutesOf.length;
        if (count === 0) continue;
        const profile = this.profile(option.calendar);
        const duration = option.duration;
        let j = explicit ? countBelow(explicit, lo) : countBelow(minutesOf, lo - shift);
        while (j < count) {
          const t = explicit ? explicit[j]! : minutesOf[j]! + shift;
          if (t > hi) break;
          const left = remainingOver(profile, t, t + duration);
          if (left > 0) {
            const x = t - base;
            if (!marked[x]) {
              marked[x] = 1;
              touched.push(x);
              minutes[x] = minutesOf[j]!;
              offsets[x] = l0 + minutesOf[j]! - t;
            }
            sums[x * groups + option.group]! += left;
            j++;
          } else {
            // Every start before the end of the blocking segment would overlap it too.
            const until = profile.blockedUntil;
            j++;
            while (j < count && (explicit ? explicit[j]! : minutesOf[j]! + shift) < until) j++;
          }
        }
      }

      touched.sort((a, b) => a - b);
      for (const x of touched) {
        const t = base + x;
        let total = 0;
        for (let g = 0; g < groups; g++) {
          let v = sums[x * groups + g]!;
          if (v <= 0) continue;
          const duration = first.durations[g]!;
          if (first.needResource) v = Math.min(v, this.resourcesLeft(first, t, duration));
          if (v > 0 && items.length > 1)
            v = Math.min(v, this.continuation(1, t + duration + first.breakAfter));
          total += v;
        }
        if (total > 0 && sink(t, total, minutes[x]!, offsets[x]!) === false) return true;
      }
      return false;
    } finally {
      // The shared arrays back at zero for the next search, however this one ended.
      for (const x of touched) {
        marked[x] = 0;
        for (let g = 0; g < groups; g++) sums[x * groups + g] = 0;
      }
      if (this.memo.size > 50_000) this.memo.clear();
    }
  }
}
