/** The add-to-calendar event of a listed appointment, with its calendar file link. */
import { appointmentIcsUrl } from '../../api/appointment-ics.ts';
import type { ListedAppointment } from '../../api/appointments.ts';

export function calendarEvent(appointment: ListedAppointment, groupId: number, timeZone: string) {
  const data = appointment.google_calendar;
  return {
    title: data?.title ?? appointment.intervention_name,
    start: appointment.start,
    end: appointment.end,
    description: data?.description,
    location: data?.location ?? appointment.location ?? undefined,
    timeZone: data?.timeZone ?? timeZone,
    icsUrl: appointmentIcsUrl(groupId, appointment.id),
  };
}
