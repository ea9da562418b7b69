/**
 * "No preference" bookings lock only the calendar (and resource) they take, not every one that
 * could take them (docs/booking.md "Lock, then re-check with the engine"), so that in a surge two
 * such bookings of one group landing on different calendars run side by side.
 *
 * The engine first picks the calendars from the appointments committed so far (no lock). Only the
 * picked ones are locked; then their appointments are read again, under the lock, and the engine
 * checks this exact start on them alone. When they are no longer free the locks are given back
 * (ROLLBACK TO SAVEPOINT releases the row locks taken after the savepoint) and the next attempt
 * starts over from a fresh read. After a few attempts the caller falls back to locking every
 * calendar the booking may use, in id order, as before.
 *
 * Why no deadlock: a booking here waits for a lock only while it holds no calendar lock (right
 * after the savepoint or a rollback to it), and then for its picked set in id order; the one lock
 * it takes while holding nothing else of the kind is a try-lock (SKIP LOCKED), which never waits.
 */
import type { Appointments } from '@creneau/core/availability/availability.types';
import {
  type BookedItem,
  type BookingCheck,
  type CheckQuery,
  checkBooking,
  checkDay,
} from '@creneau/core/availability/booking-check';
import type { BookingPlan } from '@creneau/core/availability/booking-plan';
import type { ScheduleIndex } from '@creneau/core/availability/schedule-index';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { loadBusy } from '../availability/availability.service.ts';
import * as repo from './appointments.repository.ts';
import { bookingError } from './booking-rules.ts';

type Trx = Transaction<Database>;
type Fitting = Extract<BookingCheck, { ok: true }>;

/** Fresh reads and locks a booking tries before it locks every calendar it may use. */
export const NARROW_ATTEMPTS = 3;
/** Calendars held by others a booking steps over, per attempt, to find one nobody holds. */
const MAX_STEPPED_OVER = 8;

/** Whether the booking has a choice to make: some item could go on several calendars or resources. */
export function hasChoice(plan: BookingPlan): boolean {
  return plan.items.some((item) => item.options.length > 1 || item.resources.length > 1);
}

/** The plan with each item held to the calendar and resource picked for it; horizon and span kept. */
export function heldTo(plan: BookingPlan, items: readonly BookedItem[]): BookingPlan {
  return {
    ...plan,
    items: plan.items.map((item, k) => {
      const picked = items[k]!;
      return {
        ...item,
        options: item.options.filter((option) => option.calendar.id === picked.calendarId),
        resources: item.resources.filter((resource) => resource.id === picked.resourceId),
      };
    }),
  };
}

/** The plan without some calendars (those another booking holds right now). */
function without(plan: BookingPlan, calendarIds: ReadonlySet<number>): BookingPlan {
  return {
    ...plan,
    items: plan.items.map((item) => ({
      ...item,
      options: item.options.filter((option) => !calendarIds.has(option.calendar.id)),
    })),
  };
}

/** The calendars and resources a checked booking takes, each once, in id order. */
export function takenIds(items: readonly BookedItem[]): number[] {
  const ids = new Set<number>();
  for (const item of items) {
    ids.add(item.calendarId);
    if (item.resourceId !== null) ids.add(item.resourceId);
  }
  return [...ids].sort((a, b) => a - b);
}

export interface NarrowCheck {
  groupId: number;
  /** The catalogue version the schedule was built from: a lock that finds another falls back. */
  catalogueVersion: string;
  schedule: ScheduleIndex;
  plan: BookingPlan;
  /** Epoch minute of the start. */
  at: number;
  query: CheckQuery;
}

/**
 * Locks what the engine picks and re-checks it under the lock. Answers the check, or undefined
 * when the caller must lock every calendar the booking may use (no lock of this attempt is held
 * then). A start nothing committed leaves room for is refused at once, holding no lock.
 */
export async function lockWhatItTakes(trx: Trx, search: NarrowCheck): Promise<Fitting | undefined> {
  const { groupId, schedule, plan, at, query } = search;
  const day = checkDay(schedule, at);
  const busyOf = (p: BookingPlan): Promise<Appointments> =>
    loadBusy(trx, { groupId, schedule, plan: p }, { fromDay: day, toDay: day + 1 });
  await sql`savepoint narrow_lock`.execute(trx);
  for (let attempt = 0; attempt < NARROW_ATTEMPTS; attempt++) {
    const busy = await busyOf(plan);
    const committed = checkBooking(schedule, busy, plan, at, query);
    // What is committed already leaves no room: waiting for a lock could only fill it more.
    if (!committed.ok) throw bookingError('conflict', 'availabletimeslots');
    const picked = await lockPicked(trx, search, committed, busy);
    if (picked === 'changed') break;
    const held = heldTo(plan, picked.items);
    const check = checkBooking(schedule, await busyOf(held), held, at, query);
    if (check.ok) return check;
    // Taken between the read and the lock: give the locks back and read again.
    await sql`rollback to savepoint narrow_lock`.execute(trx);
  }
  await sql`rollback to savepoint narrow_lock`.execute(trx);
  return undefined;
}

/**
 * Locks the calendars of the engine's pick. A pick of one calendar that another booking holds right
 * now is stepped over (a try-lock, no wait): the engine picks again without it, so bookings arriving
 * together spread over the calendars instead of queueing for the same one. A pick of several, or
 * when every pick is held, waits for its locks in id order. 'changed': the catalogue changed since
 * the schedule was read (the caller starts again with every lock).
 */
async function lockPicked(
  trx: Trx,
  search: NarrowCheck,
  first: Fitting,
  busy: Appointments,
): Promise<Fitting | 'changed'> {
  const { groupId, catalogueVersion, schedule, plan, at, query } = search;
  const heldByOthers = new Set<number>();
  let pick = first;
  while (heldByOthers.size < MAX_STEPPED_OVER) {
    const ids = takenIds(pick.items);
    if (ids.length !== 1) break;
    const tried = await repo.tryLockCalendar(trx, groupId, ids[0]!);
    if (tried.locked) return tried.version === catalogueVersion ? pick : 'changed';
    heldByOthers.add(ids[0]!);
    const next = checkBooking(schedule, busy, without(plan, heldByOthers), at, query);
    if (!next.ok) break;
    pick = next;
  }
  // Holding no calendar lock here: waiting is safe.
  const version = await repo.lockCalendars(trx, groupId, takenIds(first.items));
  return version === catalogueVersion ? first : 'changed';
}
