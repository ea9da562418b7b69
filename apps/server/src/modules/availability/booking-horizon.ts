/**
 * The group's booking horizon as an input rule (docs/api.md "Input rules"): a slot list or a booking
 * dated beyond it is refused with a 400 before the date reaches a query or the slot engine. The
 * engine applies each calendar's own horizon afterwards; this is the widest of them, so it never
 * refuses what the engine would take. Absurd years are refused earlier still, by the schemas
 * (http/input-rules.ts); this keeps a date the schema let through from costing anything.
 */
import type { ScheduleIndex } from '@creneau/core/availability/schedule-index';
import type { Scope } from '../../app-context.ts';
import type { GroupRow } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { bookingSchedule } from './availability.service.ts';
import { slotRules } from './slot-rules.ts';

const DAY_MS = 86_400_000;

/** A requested start (an instant, or a day for a slot list) against a horizon counted from now. */
interface HorizonCheck<Start> {
  start: Start;
  now: Date;
  horizonMinutes: number;
  /** How the error names the parameter that carried the start. */
  parameter: string;
}

/** The furthest ahead anyone may book in this group, in minutes: the group's period or a calendar's longer one. */
export function widestHorizonMinutes(group: GroupRow, schedule: ScheduleIndex): number {
  let widest = slotRules(group).maxPeriodMinutes;
  for (const calendar of schedule.calendars) widest = Math.max(widest, calendar.input.maxPeriodMinutes ?? 0);
  return widest;
}

/**
 * Refuses a booking start more than a day in the past (the engine answers "not available" for the
 * recent past, which a client may legitimately race into) or beyond the horizon.
 */
export function refuseStartOutsideHorizon({
  start,
  now,
  horizonMinutes,
  parameter,
}: HorizonCheck<Date>): void {
  const at = start.getTime();
  const latest = now.getTime() + horizonMinutes * 60_000 + DAY_MS;
  if (at < now.getTime() - DAY_MS || at > latest) {
    throw errors.badRequest(
      `Invalid ${parameter}: outside the booking period (from now to ${Math.ceil(horizonMinutes / 1440)} days ahead)`,
    );
  }
}

/** Refuses a slot list starting after the horizon's last day (plus one, for time zones). */
export function refuseSlotsAfterHorizon({
  start: startDay,
  now,
  horizonMinutes,
  parameter,
}: HorizonCheck<string>): void {
  const lastDay = new Date(now.getTime() + horizonMinutes * 60_000 + DAY_MS).toISOString().slice(0, 10);
  if (startDay > lastDay) {
    throw errors.badRequest(
      `Invalid ${parameter}: after the booking period (${Math.ceil(horizonMinutes / 1440)} days ahead)`,
    );
  }
}

/** The booking-start check for a group, with its schedule (cached per catalogue version). */
export async function refuseBookingOutsideHorizon(
  scope: Pick<Scope, 'ctx' | 'group' | 'now'>,
  { start, parameter }: { start: Date; parameter: string },
): Promise<void> {
  const schedule = await bookingSchedule(scope, scope.ctx.db);
  const horizonMinutes = widestHorizonMinutes(scope.group, schedule);
  refuseStartOutsideHorizon({ start, now: scope.now, horizonMinutes, parameter });
}
