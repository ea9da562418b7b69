/** GET /v3/groups/{id}/interventions — bookable services (docs/requirements/booking-flow.md §3 Intervention). */

import { catalogueList, useCatalogueList } from './catalogue-list.ts';
import type { ListParams } from './catalogue-params.ts';

export type { Promotion } from '@creneau/contract/endpoints/catalogue';

/** A service or a pack, and a pack's item, as the API contract declares them. */
import type { Intervention, PackItem } from '@creneau/contract/endpoints/catalogue';

export type { Intervention, PackItem };

const list = catalogueList<Intervention>('interventions');

export const fetchInterventions = list.fetch;
/** The group's services in a language. */
export function useInterventions(groupId: number | undefined, params: ListParams = {}) {
  return useCatalogueList(list, groupId, params);
}
