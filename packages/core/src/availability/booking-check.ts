/**
 * The re-check a booking goes through right before it is written (docs/booking.md): does the whole booking
 * still fit at exactly this start, and on which calendar (and resource) does each item go?
 *
 * Whether it fits is decided by the slot search itself (ChainEvaluator.evaluateDay restricted to
 * this one start), so a start is bookable exactly when the slot list shows it. The assignment then
 * walks the chain item by item with the same primitives: among the calendars that can take the item
 * and still leave the rest of the chain bookable, the least booked that day (relative to its
 * capacity) wins, then the lowest id — "no preference" spreads the load. Resources likewise.
 */
import type { Appointments, BookingRules, Slot } from './availability.types.ts';
import type { BookingPlan, PlanItem } from './booking-plan.ts';
import { candidateStarts } from './calendar-day.ts';
import { ChainEvaluator } from './chain-fit.ts';
import { type CalendarLoad, countBelow, indexAppointments } from './occupancy.ts';
import { dayOf, type IndexedCalendar, type ScheduleIndex } from './schedule-index.ts';
import { findSlots } from './slots.engine.ts';

export interface BookedItem {
  readonly interventionId: number;
  readonly packId: number | null;
  readonly calendarId: number;
  readonly resourceId: number | null;
  /** Epoch minutes, [start, end). */
  readonly start: number;
  readonly end: number;
}

export type BookingCheck =
  | { readonly ok: true; readonly slot: Slot; readonly items: readonly BookedItem[] }
  | { readonly ok: false };

export interface CheckQuery {
  readonly now: number;
  readonly rules: BookingRules;
  readonly promotions?: boolean;
}

/** Local date whose appointments a check at `start` needs: pass appointmentSpan(day, day + 1). */
export function checkDay(schedule: ScheduleIndex, start: number): number {
  return schedule.zone.localDayOf(start);
}

function bookedThatDay(load: CalendarLoad, dayStart: number, dayEnd: number): number {
  return countBelow(load.starts, dayEnd) - countBelow(load.starts, dayStart);
}

/**
 * Whether the booking fits at exactly `start` (epoch minutes) and a concrete calendar and resource
 * for each item. Appointments must cover appointmentSpan(checkDay(start), checkDay(start) + 1).
 */
export function checkBooking(
  schedule: ScheduleIndex,
  appointments: Appointments,
  plan: BookingPlan,
  start: number,
  query: CheckQuery,
): BookingCheck {
  const zone = schedule.zone;
  const day = zone.localDayOf(start);
  const loads = indexAppointments(schedule, appointments);

  // The slot search, on this date, from this very start: the start must be its first slot.
  const found = findSlots(
    schedule,
    appointments,
    plan,
    { ...query, startDay: day, days: 1, notBefore: start, notAfter: start },
    { beyondWindow: 'caller' },
  );
  const slot = found.slots[0];
  if (!slot || slot.start !== start) return { ok: false };

  const local = zone.localDay(day);
  const evaluator = new ChainEvaluator(schedule, loads, plan);
  evaluator.setSpan(start, start + plan.lookahead + 1);
  const usage = (calendar: IndexedCalendar) =>
    bookedThatDay(loads[calendar.index]!, local.start, local.end) / calendar.input.capacity;
  const leastUsed = <T extends { calendar: IndexedCalendar }>(list: T[]): T | undefined =>
    list.sort((a, b) => usage(a.calendar) - usage(b.calendar) || a.calendar.id - b.calendar.id)[0];

  const pickResource = (item: PlanItem, at: number, duration: number) =>
    leastUsed(
      item.resources
        .filter((r) => evaluator.remaining(r, at, at + duration) > 0)
        .map((calendar) => ({ calendar })),
    )?.calendar;

  const items: BookedItem[] = [];
  let at = start;
  for (let k = 0; k < plan.items.length; k++) {
    const item = plan.items[k]!;
    const eligible = item.options.filter((option) => {
      // The first item starts on the calendar's own grid; later ones when the previous ends.
      if (k === 0) {
        const starts = candidateStarts(dayOf(schedule, option.calendar, day));
        const i = countBelow(starts, at);
        if (starts[i] !== at) return false;
      }
      if (evaluator.remaining(option.calendar, at, at + option.duration) <= 0) return false;
      if (item.needResource && evaluator.resourcesLeft(item, at, option.duration) <= 0) return false;
      return evaluator.continuation(k + 1, at + option.duration + item.breakAfter) > 0;
    });
    const chosen = leastUsed(eligible);
    if (!chosen) return { ok: false };
    const resource = item.needResource ? pickResource(item, at, chosen.duration) : undefined;
    if (item.needResource && !resource) return { ok: false };
    items.push({
      interventionId: item.interventionId,
      packId: item.packId,
      calendarId: chosen.calendar.id,
      resourceId: resource?.id ?? null,
      start: at,
      end: at + chosen.duration,
    });
    at += chosen.duration + item.breakAfter;
  }
  return { ok: true, slot, items };
}
