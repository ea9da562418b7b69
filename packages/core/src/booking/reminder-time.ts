/**
 * When a reminder goes out (docs/reminders.md "When"). A lead time counts whole days on the group's
 * wall clock and the rest in exact minutes: "24 hours before" an appointment at 10:00 is 10:00 the
 * day before, even when a change of clock in between makes that 23 or 25 hours; "2 hours before" is
 * two hours of real time. Customers think of the first as "the day before at the same time".
 */
import { MINUTES_PER_DAY } from '../time/civil-day.ts';
import { zoneOffsets } from '../time/zone-offsets.ts';

/** The largest lead time a group may set: a week. */
export const MAX_REMINDER_LEAD_MINUTES = 7 * MINUTES_PER_DAY;

/**
 * The instant a reminder `leadMinutes` ahead of `start` is due, in `timeZone`. When the wall-clock
 * time the days lead to does not exist (a spring-forward gap), the first instant after the gap is
 * used; when it exists twice (fall back), the earlier — a reminder is never later than promised.
 */
export function reminderInstant(start: Date, leadMinutes: number, timeZone: string): Date {
  const zone = zoneOffsets(timeZone);
  const startMinute = Math.floor(start.getTime() / 60_000);
  const days = Math.floor(leadMinutes / MINUTES_PER_DAY);
  const rest = leadMinutes - days * MINUTES_PER_DAY;
  const localTarget = zone.localMinuteOf(startMinute) - days * MINUTES_PER_DAY;
  const dayMark = days === 0 ? startMinute : zone.firstInstantAtOrAfter(localTarget);
  return new Date((dayMark - rest) * 60_000);
}
