/**
 * PUT /v3/appointments/{id}?group_id= — changes a booking in place (docs/requirements/accounts-and-appointments.md §4 edit mode, §7): a
 * new start, another fiche, new comments. The whole booking (pack, consecutive appointments) moves.
 */
import type { AnswerOf } from '@creneau/contract/endpoint';
import * as appointments from '@creneau/contract/endpoints/appointments';
import type { z } from 'zod';
import { apiPut, callPath } from './client.ts';

/** What a change sends, as the API contract declares it. */
export type AppointmentUpdateBody = z.input<typeof appointments.changeAppointment.body>['appointment'];

/** The answer, as the API contract declares it. */
type AppointmentUpdated = AnswerOf<typeof appointments.changeAppointment>;

export function updateAppointment(
  groupId: number,
  id: number,
  appointment: AppointmentUpdateBody,
): Promise<AppointmentUpdated> {
  return apiPut<AppointmentUpdated>(
    callPath(appointments.changeAppointment, { id }),
    { group_id: groupId, appointment: { ...appointment, group_id: groupId } },
    { group_id: groupId },
  );
}
