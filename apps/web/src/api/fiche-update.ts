/**
 * PUT /v3/groups/{id}/fiches/{ficheId} — updates a customer record, or deletes it with
 * {deleted: true} (docs/requirements/accounts-and-appointments.md §7). Errors: formStdError (422, `errors` by field), ficheNotFound.
 */
import * as routes from '@creneau/contract/routes';
import { apiCall } from './client.ts';
import { writableFiche } from './fiche-create.ts';
import type { Fiche } from './fiches.ts';

export function updateFiche(
  groupId: number,
  ficheId: number,
  fields: Record<string, unknown>,
): Promise<Fiche> {
  return apiCall(routes.fiches.updateFiche, {
    params: { id: groupId, ficheId },
    body: { fiche: writableFiche(fields) },
  });
}
