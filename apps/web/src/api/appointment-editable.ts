/**
 * GET /v3/appointments/{id}/editable?group_id= — whether an appointment may still be changed, with
 * the whole booking it belongs to (docs/requirements/accounts-and-appointments.md §4 edit mode). Refusals: editAptError,
 * mintimeRDVModifyError (too close to its start), aptAlreadyCanceled.
 */
import type { BookedAppointment } from './appointment-create.ts';
import { apiGet } from './client.ts';

export interface Editable {
  editable: true;
  appointment: BookedAppointment | null;
  /** Every appointment of the booking, by start. */
  booking: BookedAppointment[];
}

export function fetchEditable(groupId: number, id: number, signal?: AbortSignal): Promise<Editable> {
  return apiGet<Editable>(`/v3/appointments/${id}/editable`, { group_id: groupId }, { signal });
}
