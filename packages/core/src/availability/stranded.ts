/**
 * Which booked appointments a configuration change leaves outside what is bookable
 * (docs/back-office.md "Stranded appointments"): an appointment fits a schedule when its calendar
 * (and its resource) are still live, the calendar still performs its service, and both are open
 * over its whole time. Appointments that fitted before the change and no longer do are the ones
 * the owner is told about; one booked outside the hours on purpose (a staff override) never fitted,
 * so a change does not strand it.
 */
import { mergeFlat } from './calendar-day.ts';
import { dayOf, type ScheduleIndex } from './schedule-index.ts';

export interface HeldAppointment {
  readonly id: number;
  readonly calendarId: number;
  readonly resourceId: number | null;
  readonly interventionId: number;
  /** Epoch minutes, [start, end). */
  readonly start: number;
  readonly end: number;
}

/** Whether the calendar `id` is open over the whole of [start, end). */
function openOver(schedule: ScheduleIndex, id: number, start: number, end: number): boolean {
  const calendar = schedule.calendarsById.get(id);
  if (!calendar) return false;
  const open: number[] = [];
  const last = schedule.zone.localDayOf(end - 1);
  // The local day before too: an opening that runs past midnight belongs to it.
  for (let day = schedule.zone.localDayOf(start) - 1; day <= last; day++)
    open.push(...dayOf(schedule, calendar, day).open);
  const merged = mergeFlat(open);
  for (let i = 0; i < merged.length; i += 2) if (merged[i]! <= start && end <= merged[i + 1]!) return true;
  return false;
}

export function fits(schedule: ScheduleIndex, appointment: HeldAppointment): boolean {
  const { calendarId, resourceId, interventionId, start, end } = appointment;
  if (!schedule.links.get(interventionId)?.has(calendarId)) return false;
  if (!openOver(schedule, calendarId, start, end)) return false;
  return resourceId === null || openOver(schedule, resourceId, start, end);
}

/** The appointments that fit `before` and not `after`, in the order given. */
export function strandedBy(
  before: ScheduleIndex,
  after: ScheduleIndex,
  appointments: readonly HeldAppointment[],
): HeldAppointment[] {
  return appointments.filter((appointment) => fits(before, appointment) && !fits(after, appointment));
}
