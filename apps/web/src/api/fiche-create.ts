/**
 * POST /v3/groups/{id}/fiches — creates a customer record (docs/requirements/accounts-and-appointments.md §7): body {fiche: fields minus
 * marketing_optin}. Errors: formStdError (422, `errors` by field), maxFiches (8 per account).
 */
import * as routes from '@creneau/contract/routes';
import { apiCall } from './client.ts';
import type { Fiche } from './fiches.ts';

/** Fields the server owns; never sent. */
const SERVER_OWNED = ['id', 'group_id', 'created_at', 'updated_at', 'externid', 'marketing_optin'];

/** The fields a record may be written with. */
export function writableFiche(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !SERVER_OWNED.includes(name)));
}

export function createFiche(groupId: number, fields: Record<string, unknown>): Promise<Fiche> {
  return apiCall(routes.fiches.createFiche, {
    params: { id: groupId },
    body: { fiche: writableFiche(fields) },
  });
}
