/** GET /v3/groups/{id}/interventionsets — service categories (docs/requirements/booking-flow.md §3 Interventionset). */

/** A category, as the API contract declares it. */
import type { Interventionset } from '@creneau/contract/endpoints/catalogue';
import { catalogueList, useCatalogueList } from './catalogue-list.ts';
import type { ListParams } from './catalogue-params.ts';

export type { Interventionset };

const list = catalogueList<Interventionset>('interventionsets');

export const fetchInterventionsets = list.fetch;
/** The group's categories in a language. */
export function useInterventionsets(groupId: number | undefined, params: ListParams = {}) {
  return useCatalogueList(list, groupId, params);
}
