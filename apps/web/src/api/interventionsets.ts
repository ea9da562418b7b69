/** GET /v3/groups/{id}/interventionsets — service categories (docs/requirements/booking-flow.md §3 Interventionset). */
import type { listInterventionsets } from '@creneau/contract/endpoints/catalogue';
import * as routes from '@creneau/contract/routes';
import { catalogueList, useCatalogueList } from './catalogue-list.ts';
import type { ListParams } from './catalogue-params.ts';

export type { Interventionset } from '@creneau/contract/endpoints/catalogue';

const list = catalogueList<typeof listInterventionsets>(
  'interventionsets',
  routes.catalogue.listInterventionsets,
);

export const fetchInterventionsets = list.fetch;
/** The query options of the list (what its hook reads, and what the start-up may fetch ahead). */
export const interventionsetsQuery = list.query;
/** The group's categories in a language. */
export function useInterventionsets(groupId: number | undefined, params: ListParams = {}) {
  return useCatalogueList(list, groupId, params);
}
