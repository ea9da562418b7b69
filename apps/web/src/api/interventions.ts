/** GET /v3/groups/{id}/interventions — bookable services (docs/requirements/booking-flow.md §3 Intervention). */

import type { listInterventions } from '@creneau/contract/endpoints/catalogue';
import * as routes from '@creneau/contract/routes';
import { catalogueList, useCatalogueList } from './catalogue-list.ts';
import type { ListParams } from './catalogue-params.ts';

/** A service or a pack, its pack items and promotions, as the contract declares them. */
export type { Intervention, PackItem, Promotion } from '@creneau/contract/endpoints/catalogue';

const list = catalogueList<typeof listInterventions>('interventions', routes.catalogue.listInterventions);

export const fetchInterventions = list.fetch;
/** The query options of the list (what its hook reads, and what the start-up may fetch ahead). */
export const interventionsQuery = list.query;
/** The group's services in a language. */
export function useInterventions(groupId: number | undefined, params: ListParams = {}) {
  return useCatalogueList(list, groupId, params);
}
