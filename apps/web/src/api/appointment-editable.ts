/**
 * GET /v3/appointments/{id}/editable?group_id= — whether an appointment may still be changed, with
 * the whole booking it belongs to (docs/requirements/accounts-and-appointments.md §4 edit mode). Refusals: editAptError,
 * mintimeRDVModifyError (too close to its start), aptAlreadyCanceled.
 */

import type { EditableBooking } from '@creneau/contract/endpoints/appointments';
import * as appointments from '@creneau/contract/endpoints/appointments';
import { apiGet, callPath } from './client.ts';

/** The answer, as the API contract declares it. */
export type Editable = EditableBooking;

export function fetchEditable(groupId: number, id: number, signal?: AbortSignal): Promise<Editable> {
  return apiGet<Editable>(callPath(appointments.checkEditable, { id }), { group_id: groupId }, { signal });
}
