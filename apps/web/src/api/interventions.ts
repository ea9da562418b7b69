/** GET /v3/groups/{id}/interventions — bookable services (docs/requirements/booking-flow.md §3 Intervention). */

import type { Promotion } from '@creneau/contract/endpoints/catalogue';
import { type CatalogueItem, catalogueList, useCatalogueList } from './catalogue-list.ts';
import type { ListParams } from './catalogue-params.ts';

export type { Promotion } from '@creneau/contract/endpoints/catalogue';

export interface PackItem {
  intervention_id: number;
  publicname?: string | null;
  break_time?: number;
  selectedCalendar?: number | null;
}

export interface Intervention extends CatalogueItem {
  type: 'free' | 'pack';
  deleted: boolean;
  interventionset_id: number | null;
  /** Cents. */
  price: number | null;
  /** Minutes. */
  length: number;
  promotions: Promotion[];
  videoconference: boolean;
  skippable_agenda: boolean;
  need_resource: boolean;
  only_package: boolean;
  merged: boolean;
  abbr: string | null;
  config: PackItem[] | null;
  status?: 'opened' | 'closed';
  total_price?: number | null;
}

const list = catalogueList<Intervention>('interventions');

export const fetchInterventions = list.fetch;
/** The group's services in a language. */
export function useInterventions(groupId: number | undefined, params: ListParams = {}) {
  return useCatalogueList(list, groupId, params);
}
