/**
 * PUT /v3/appointments/{id}?group_id= — changes a booking in place (docs/requirements/accounts-and-appointments.md §4 edit mode, §7): a
 * new start, another fiche, new comments. The whole booking (pack, consecutive appointments) moves.
 */
import * as appointments from '@creneau/contract/endpoints/appointments';
import type { BookedAppointment } from './appointment-create.ts';
import { apiPut, callPath } from './client.ts';

export interface AppointmentUpdateBody {
  date?: string | undefined;
  fiche?: number | undefined;
  comments?: string | undefined;
  calendar_id?: number | undefined;
  resource_id?: number | undefined;
}

export function updateAppointment(
  groupId: number,
  id: number,
  appointment: AppointmentUpdateBody,
): Promise<{ records: BookedAppointment[] }> {
  return apiPut<{ records: BookedAppointment[] }>(
    callPath(appointments.changeAppointment, { id }),
    { group_id: groupId, appointment: { ...appointment, group_id: groupId } },
    { group_id: groupId },
  );
}
