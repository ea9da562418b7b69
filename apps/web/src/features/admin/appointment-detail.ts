/**
 * How the appointment dialog writes where and when an appointment is (docs/back-office.md
 * "Agenda"): its calendar and resource, and its times on one day or across days.
 */
import type { AgendaAppointment, AgendaCalendar } from '../../api/admin-agenda.ts';
import type { AgendaFormat } from './agenda-format.ts';

/** "Inès · Room 2": the calendar and the resource booked, or a dash when neither is known. */
export function placeText(
  calendars: readonly AgendaCalendar[],
  appointment: Pick<AgendaAppointment, 'calendar_id' | 'resource_id'>,
): string {
  const calendar = calendars.find((c) => c.id === appointment.calendar_id);
  const resource = calendars.find((c) => c.id === appointment.resource_id);
  return [calendar?.name, resource?.name].filter(Boolean).join(' · ') || '—';
}

/**
 * The times under the day: "09:30 – 10:15" through the caller's `range` text on one day; an
 * appointment that ends on a later day gives that day in full.
 */
export function timesText(
  format: Pick<AgendaFormat, 'time' | 'longDate'>,
  appointment: Pick<AgendaAppointment, 'starts_local' | 'ends_local'>,
  range: (start: string, end: string) => string,
): string {
  const { starts_local: starts, ends_local: ends } = appointment;
  if (starts.slice(0, 10) === ends.slice(0, 10)) return range(format.time(starts), format.time(ends));
  return `${format.time(starts)} – ${format.longDate(ends.slice(0, 10))} ${format.time(ends)}`;
}
