/**
 * PUT /v3/appointments/{id}?group_id= — changes a booking in place (docs/requirements/accounts-and-appointments.md §4 edit mode, §7): a
 * new start, another fiche, new comments. The whole booking (pack, consecutive appointments) moves.
 */
import type { AppointmentChanged, changeAppointment } from '@creneau/contract/endpoints/appointments';
import type { BodyOf } from '@creneau/contract/request-path';
import * as routes from '@creneau/contract/routes';
import { apiCall } from './client.ts';

/** What may change (the contract's body), but the group, which updateAppointment adds. */
export type AppointmentUpdateBody = Omit<BodyOf<typeof changeAppointment>['appointment'], 'group_id'>;

export function updateAppointment(
  groupId: number,
  id: number,
  appointment: AppointmentUpdateBody,
): Promise<AppointmentChanged> {
  return apiCall(routes.appointments.changeAppointment, {
    params: { id },
    query: { group_id: groupId },
    body: { group_id: groupId, appointment: { ...appointment, group_id: groupId } },
  });
}
