/**
 * GET /v3/groups/{id}/fiches — the caller's customer records (docs/requirements/accounts-and-appointments.md §3 Fiche, §7): a customer's
 * own people, a fiche-profile or guest visitor's one record, or — for a professional — the group's
 * records matching `search` (at least 3 characters). Deleted records and last names starting with
 * "$" are not people to show (docs/requirements/accounts-and-appointments.md §2, §5).
 */

import type { Fiche } from '@creneau/contract/endpoints/fiches';
import * as routes from '@creneau/contract/routes';
import { visibleRecords } from '@creneau/core/booking/records-cap';
import { queryOptions, useQuery } from '../query/query.ts';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** A customer record: the columns plus the group's own fields (the API contract's). */
export type { Fiche } from '@creneau/contract/endpoints/fiches';

/** Search text shorter than this gives no suggestions (docs/requirements/accounts-and-appointments.md §5, §9). */
export const FICHE_SEARCH_MIN_LENGTH = 3;

/** The records a list shows, and the ones that count toward the cap: not deleted, no "$" last name. */
export function visibleFiches(records: readonly Fiche[]): Fiche[] {
  return visibleRecords(records);
}

export async function fetchFiches(groupId: number, search?: string, signal?: AbortSignal): Promise<Fiche[]> {
  const body = await apiCall(
    routes.fiches.listFiches,
    { params: { id: groupId }, query: { search: search || undefined } },
    { signal },
  );
  return visibleFiches(body.records);
}

export const fichesQuery = (groupId: number, token: string | null, search?: string) =>
  queryOptions({
    queryKey: queryKeys.fiches.list(groupId, token, search),
    queryFn: ({ signal }) => fetchFiches(groupId, search, signal),
    staleTime: 30_000,
  });

/** The logged-in visitor's records (not for professionals: they search). */
export function useFiches(groupId: number, token: string | null, enabled = true) {
  return useQuery({ ...fichesQuery(groupId, token), enabled });
}

/** A professional's search; runs only from FICHE_SEARCH_MIN_LENGTH characters. */
export function useFicheSearch(groupId: number, token: string | null, search: string) {
  const text = search.trim();
  return useQuery({
    ...fichesQuery(groupId, token, text),
    enabled: [...text].length >= FICHE_SEARCH_MIN_LENGTH,
  });
}
