/**
 * The slot search (docs/requirements/booking-flow.md §3 Slot, §5 date bounds, §7 availabletimeslots): the bookable starts of
 * a window of local days, and the first bookable start at or after the requested one, searched
 * forward day by day up to the maximum booking period.
 *
 * Limits: nothing before now + the group's minimum notice, nothing after now + the maximum period
 * (the largest maxrdv_period among the calendars that may take the booking, else the group's), and
 * nothing on a date the group's scheduled release has not opened yet (scheduled-release.ts).
 *
 * Appointments: the caller passes the appointments that overlap appointmentSpan() of the days it
 * asks about — enough to answer exactly, without loading a year of bookings to show a week.
 */
import { isoDateOfDay, MINUTES_PER_DAY } from '../time/civil-day.ts';
import { formatWallClock } from '../time/wall-clock.ts';
import type { Appointments, BookingRules, Slot } from './availability.types.ts';
import type { BookingPlan } from './booking-plan.ts';
import { ChainEvaluator } from './chain-fit.ts';
import { indexAppointments } from './occupancy.ts';
import { promotionPercent } from './promotions.ts';
import type { ScheduleIndex } from './schedule-index.ts';
import { releaseAtSearch } from './scheduled-release.ts';

export interface SlotQuery {
  /** The current instant, epoch minutes. */
  readonly now: number;
  readonly rules: BookingRules;
  /** First local date of the window, as a day number (civil-day.ts). */
  readonly startDay: number;
  /** Wall-clock minute of startDay the search starts at ("YYYY-MM-DD hh:mm:ss" form); null: all day. */
  readonly startMinute?: number | null;
  /** Instants (epoch minutes) bounding the starts further, both inclusive. */
  readonly notBefore?: number | undefined;
  readonly notAfter?: number | undefined;
  /** Number of local dates in the window. */
  readonly days: number;
  /** Attach promotion percents to the slots. */
  readonly promotions?: boolean;
}

/** The instants a search may return, and the last local date that may hold one. */
export interface SearchLimits {
  /** Earliest start: now + notice, and not before the requested start. */
  readonly earliest: number;
  /** Latest start: now + the maximum booking period, and before the first date not yet released. */
  readonly latest: number;
  readonly lastDay: number;
}

export interface SlotSearchResult {
  /** The window's slots, ascending. */
  readonly slots: Slot[];
  /** First slot at or after the requested start; null when none (or none yet, see continueFromDay). */
  readonly firstSlot: Slot | null;
  /**
   * When the first slot was not in the window and the search beyond it was left to the caller:
   * the first local date still to search. Null when the answer is complete.
   */
  readonly continueFromDay: number | null;
}

const CHUNK_DAYS = 7;

/** The bounds every search of this plan obeys. */
export function searchLimits(schedule: ScheduleIndex, plan: BookingPlan, query: SlotQuery): SearchLimits {
  const zone = schedule.zone;
  const requested =
    query.startMinute == null
      ? Number.NEGATIVE_INFINITY
      : zone.firstInstantAtOrAfter(query.startDay * MINUTES_PER_DAY + query.startMinute);
  const earliest = Math.max(
    query.now + Math.max(0, query.rules.minNoticeMinutes),
    requested,
    query.notBefore ?? Number.NEGATIVE_INFINITY,
  );
  const release = query.rules.release;
  const latest = Math.min(
    query.now + (plan.maxPeriodMinutes ?? query.rules.maxPeriodMinutes),
    query.notAfter ?? Number.POSITIVE_INFINITY,
    release ? releaseAtSearch(release, zone, query.now).endsAt - 1 : Number.POSITIVE_INFINITY,
  );
  // One more day: where a clock goes back across midnight, a later instant has an earlier date.
  return { earliest, latest, lastDay: zone.localDayOf(latest) + 1 };
}

/** The instants whose appointments a search of local dates [fromDay, toDay) needs: [from, to). */
export function appointmentSpan(
  schedule: ScheduleIndex,
  plan: BookingPlan,
  fromDay: number,
  toDay: number,
): { from: number; to: number } {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (let d = fromDay; d < toDay; d++) {
    const local = schedule.zone.localDay(d);
    if (local.pieces.length === 0) continue;
    from = Math.min(from, local.start);
    to = Math.max(to, local.end);
  }
  if (from > to) return { from: 0, to: 0 };
  return { from, to: to + plan.lookahead };
}

/** Walks local dates [fromDay, toDay) in chunks, feeding every fitting start within limits to `sink`. */
function walkDays(
  evaluator: ChainEvaluator,
  schedule: ScheduleIndex,
  plan: BookingPlan,
  fromDay: number,
  toDay: number,
  limits: SearchLimits,
  sink: (day: number, start: number, capacity: number, minuteOfDay: number, offset: number) => boolean,
): void {
  const zone = schedule.zone;
  // Days wholly before the earliest start or after the latest are never built.
  const first = Math.max(fromDay, zone.localDayOf(limits.earliest) - 1);
  const last = Math.min(toDay, limits.lastDay + 1);
  for (let chunk = first; chunk < last; chunk += CHUNK_DAYS) {
    const end = Math.min(chunk + CHUNK_DAYS, last);
    const span = appointmentSpan(schedule, plan, chunk, end);
    const from = Math.max(span.from, limits.earliest);
    if (from >= span.to) continue;
    evaluator.setSpan(from, span.to);
    for (let day = chunk; day < end; day++) {
      const stopped = evaluator.evaluateDay(
        day,
        limits.earliest,
        limits.latest,
        (start, capacity, minute, offset) => sink(day, start, capacity, minute, offset),
      );
      if (stopped) return;
    }
  }
}

const CLOCK = Array.from({ length: MINUTES_PER_DAY }, (_, m) => formatWallClock(m));

function slotMaker(schedule: ScheduleIndex, plan: BookingPlan, promotions: boolean) {
  let lastDay = Number.NaN;
  let lastDate = '';
  const dateOf = (day: number) => {
    if (day !== lastDay) {
      lastDay = day;
      lastDate = isoDateOfDay(day);
    }
    return lastDate;
  };
  return (day: number, start: number, capacity: number, minuteOfDay: number, offset: number): Slot => ({
    start,
    date: dateOf(day),
    time: CLOCK[minuteOfDay]!,
    offset,
    capacity,
    promotion: promotions ? promotionPercent(schedule, plan.serviceIds, day, minuteOfDay) : null,
  });
}

/**
 * The slots of the window and the first slot. With `beyondWindow: 'search'` (default) the first slot
 * is searched after the window with the same appointments, which must then cover
 * appointmentSpan(window start, limits.lastDay + 1); with 'caller' the search stops at the window
 * and `continueFromDay` tells the caller where to go on with findFirstSlot().
 */
export function findSlots(
  schedule: ScheduleIndex,
  appointments: Appointments,
  plan: BookingPlan,
  query: SlotQuery,
  options: { beyondWindow?: 'search' | 'caller' } = {},
): SlotSearchResult {
  const limits = searchLimits(schedule, plan, query);
  const loads = indexAppointments(schedule, appointments);
  const evaluator = new ChainEvaluator(schedule, loads, plan);
  const make = slotMaker(schedule, plan, query.promotions ?? false);
  const slots: Slot[] = [];
  const windowEnd = query.startDay + Math.max(0, query.days);
  walkDays(
    evaluator,
    schedule,
    plan,
    query.startDay,
    windowEnd,
    limits,
    (day, start, capacity, minute, offset) => {
      slots.push(make(day, start, capacity, minute, offset));
      return true;
    },
  );
  // Dates may overlap in instants where a clock goes back across midnight: keep instant order.
  slots.sort((a, b) => a.start - b.start);
  if (slots.length > 0) return { slots, firstSlot: slots[0]!, continueFromDay: null };
  if (windowEnd > limits.lastDay) return { slots, firstSlot: null, continueFromDay: null };
  if (options.beyondWindow === 'caller') {
    // A window in the past: carry on from the first date that may hold a slot.
    const resume = Math.max(windowEnd, schedule.zone.localDayOf(limits.earliest) - 1);
    return { slots, firstSlot: null, continueFromDay: resume };
  }
  const firstSlot = firstIn(evaluator, schedule, plan, windowEnd, limits.lastDay + 1, limits, make);
  return { slots, firstSlot, continueFromDay: null };
}

function firstIn(
  evaluator: ChainEvaluator,
  schedule: ScheduleIndex,
  plan: BookingPlan,
  fromDay: number,
  toDay: number,
  limits: SearchLimits,
  make: ReturnType<typeof slotMaker>,
): Slot | null {
  let found: Slot | null = null;
  let foundDay = 0;
  const keep = (day: number, start: number, capacity: number, minute: number, offset: number) => {
    if (found === null || start < found.start) {
      found = make(day, start, capacity, minute, offset);
      foundDay = day;
    }
    return false;
  };
  walkDays(evaluator, schedule, plan, fromDay, toDay, limits, keep);
  if (found === null) return null;
  // Where a clock goes back across midnight, the next date can begin before this one ends.
  const before = { ...limits, latest: (found as Slot).start - 1 };
  walkDays(evaluator, schedule, plan, foundDay + 1, Math.min(foundDay + 2, toDay), before, keep);
  return found;
}

/**
 * The first slot on local dates [fromDay, toDay) within the query's limits, or null. Appointments
 * must cover appointmentSpan(fromDay, toDay); dates are built one chunk at a time and the search
 * stops at the first fit.
 */
export function findFirstSlot(
  schedule: ScheduleIndex,
  appointments: Appointments,
  plan: BookingPlan,
  query: SlotQuery,
  fromDay: number,
  toDay: number,
): Slot | null {
  const limits = searchLimits(schedule, plan, query);
  const evaluator = new ChainEvaluator(schedule, indexAppointments(schedule, appointments), plan);
  return firstIn(
    evaluator,
    schedule,
    plan,
    fromDay,
    toDay,
    limits,
    slotMaker(schedule, plan, query.promotions ?? false),
  );
}
