/**
 * The next free starts after one that was just taken (docs/booking.md "When the time was just
 * taken"): the slot list's own search (availableTimeSlots), from the taken start onwards, a week at
 * a time, until enough starts are found or the booking horizon ends. The engine bounds every week by
 * the notice and the horizon, so nothing offered here is a start the booking would refuse by rule.
 */
import type { BookingSelection } from '@creneau/core/availability/availability.types';
import { dayOfIsoDate, isoDateOfDay, MINUTES_PER_DAY } from '@creneau/core/time/civil-day';
import { formatWallClock } from '@creneau/core/time/wall-clock';
import type { Scope } from '../../app-context.ts';
import { availableTimeSlots, recentGroupSchedule, type SlotsAnswer } from './availability.service.ts';

export type FreeSlot = SlotsAnswer['availabletimeslots'][number];

const WEEK = 7;
/**
 * Weeks searched at most, each one query of appointments: past them the answer stops short and the
 * visitor still has the slot list. A week without any start jumps straight to the first one after.
 */
const MAX_WEEKS = 6;

export interface NextSlotsQuery {
  selection: BookingSelection;
  /** The start that was taken: only later starts are offered. */
  after: Date;
  count: number;
}

export async function nextFreeSlots(
  scope: Scope,
  { selection, after, count }: NextSlotsQuery,
): Promise<FreeSlot[]> {
  // No appointments with the schedule: each week reads its own, now, after the refused write ended.
  const loaded = await recentGroupSchedule(scope, { from: 0, to: 0 });
  const empty = { ...loaded, busy: { from: 0, to: 0, rows: [] } };
  const local = loaded.schedule.zone.localMinuteOf(Math.floor(after.getTime() / 60_000));
  let day = Math.floor(local / MINUTES_PER_DAY);
  let time: string | null = `${formatWallClock(local - day * MINUTES_PER_DAY)}:00`;
  const found: FreeSlot[] = [];
  for (let week = 0; week < MAX_WEEKS && found.length < count; week++) {
    const answer = await availableTimeSlots(scope, empty, {
      date: isoDateOfDay(day),
      time,
      days: WEEK,
      promotions: true,
      selection,
    });
    for (const slot of answer.availabletimeslots) {
      if (found.length < count && Date.parse(slot.start) > after.getTime()) found.push(slot);
    }
    time = null;
    if (answer.availabletimeslots.length > 0) day += WEEK;
    else if (answer.firstSlot) day = dayOfIsoDate(answer.firstSlot.slice(0, 10)) ?? day + WEEK;
    else break;
  }
  return found;
}
