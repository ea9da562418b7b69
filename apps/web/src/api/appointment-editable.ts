/**
 * GET /v3/appointments/{id}/editable?group_id= — whether an appointment may still be changed, with
 * the whole booking it belongs to (docs/requirements/accounts-and-appointments.md §4 edit mode). Refusals: editAptError,
 * mintimeRDVModifyError (too close to its start), aptAlreadyCanceled.
 */
import type { AppointmentEditable } from '@creneau/contract/endpoints/appointments';
import * as routes from '@creneau/contract/routes';
import { apiCall } from './client.ts';

/** The answer; `booking` is every appointment of the booking, by start. */
export type Editable = AppointmentEditable;

export function fetchEditable(groupId: number, id: number, signal?: AbortSignal): Promise<Editable> {
  return apiCall(
    routes.appointments.checkEditable,
    { params: { id }, query: { group_id: groupId } },
    { signal },
  );
}
