/**
 * The availability engine as the waiting list uses it (docs/waitlist.md): the first free start of a
 * service on one calendar within some local days, and whether one start is still free. Reads only;
 * the booking that takes an offer checks again under its locks.
 */
import type { Slot } from '@creneau/core/availability/availability.types';
import { checkBooking } from '@creneau/core/availability/booking-check';
import { type BookingPlan, planBooking } from '@creneau/core/availability/booking-plan';
import type { ScheduleIndex } from '@creneau/core/availability/schedule-index';
import { findSlots } from '@creneau/core/availability/slots.engine';
import type { Kysely } from 'kysely';
import type { Database, GroupRow } from '../../db/database.ts';
import { epochMinute, loadBusy } from '../availability/availability.service.ts';
import { slotRules } from '../availability/slot-rules.ts';

/** Days per engine call: the slot list's own widest window. */
const CHUNK_DAYS = 31;

export interface SlotContext {
  db: Kysely<Database>;
  group: GroupRow;
  schedule: ScheduleIndex;
  now: Date;
}

/** The plan of one service on one calendar, or null when that pair cannot be booked any more. */
export function planOf(
  schedule: ScheduleIndex,
  interventionId: number,
  calendarId?: number,
): BookingPlan | null {
  try {
    return planBooking(schedule, { appointments: [{ interventionId, calendarId }] });
  } catch {
    return null;
  }
}

/** Calendars that can take the service (a deleted service or calendar: none). */
export function calendarsFor(schedule: ScheduleIndex, interventionId: number): number[] {
  const plan = planOf(schedule, interventionId);
  return plan ? [...new Set(plan.items[0]?.options.map((option) => option.calendar.id) ?? [])] : [];
}

/** The first free start in local days [fromDay, toDay] that `accept` takes. */
export async function firstFreeSlot(
  { db, group, schedule, now }: SlotContext,
  plan: BookingPlan,
  days: { fromDay: number; toDay: number },
  accept: (slot: Slot) => boolean,
): Promise<Slot | undefined> {
  for (let day = days.fromDay; day <= days.toDay; day += CHUNK_DAYS) {
    const count = Math.min(CHUNK_DAYS, days.toDay - day + 1);
    const busy = await loadBusy(
      db,
      { groupId: group.id, schedule, plan },
      { fromDay: day, toDay: day + count },
    );
    const found = findSlots(
      schedule,
      busy,
      plan,
      { now: epochMinute(now), rules: slotRules(group), startDay: day, days: count, promotions: false },
      { beyondWindow: 'caller' },
    ).slots.find(accept);
    if (found) return found;
  }
  return undefined;
}

/** True while the start (epoch minutes) can still be booked with the plan. */
export async function stillFree({ db, group, schedule, now }: SlotContext, plan: BookingPlan, start: number) {
  const day = schedule.zone.localDayOf(start);
  const busy = await loadBusy(db, { groupId: group.id, schedule, plan }, { fromDay: day, toDay: day + 1 });
  return checkBooking(schedule, busy, plan, start, {
    now: epochMinute(now),
    rules: slotRules(group),
    promotions: false,
  }).ok;
}
