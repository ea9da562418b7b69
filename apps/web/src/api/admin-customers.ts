/**
 * The group's customers as the staff see them (docs/back-office.md "Customers"): the search, one
 * customer's file, the copy of everything the group holds about the person (right of access) and
 * erasure on request. An erasure makes every customer entry of the group read again: the person
 * leaves the search and their upcoming appointments leave the agenda.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { eraseCustomer, getCustomer, searchCustomers } from '@creneau/contract/endpoints/backoffice';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../query/query.ts';
import { adminKeys } from './admin-keys.ts';
import { apiCall } from './client.ts';

export type CustomerSummary = AnswerOf<typeof searchCustomers>['records'][number];
export type CustomerFile = AnswerOf<typeof getCustomer>;
export type CustomerAppointment = CustomerFile['upcoming'][number];
export type ErasureResult = AnswerOf<typeof eraseCustomer>;

/** The server answers searches of at least this many characters (docs/back-office.md). */
export const SEARCH_MIN_LENGTH = 3;
/** …and answers at most this many customers. */
export const SEARCH_LIMIT = 20;

const customersKey = (groupId: number, token: string | null) =>
  [...adminKeys.ofGroup(groupId), token, 'customers'] as const;

/** Whether a typed query is long enough to be sent. */
export function isSearchable(query: string): boolean {
  return [...query.trim()].length >= SEARCH_MIN_LENGTH;
}

/** The customers matching every word of the query; the previous answer stays while the next loads. */
export function useCustomerSearch(groupId: number, token: string | null, query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: [...customersKey(groupId, token), 'search', q],
    queryFn: ({ signal }) =>
      apiCall(backofficeRoutes.searchCustomers, { params: { id: groupId }, query: { q } }, { signal }),
    select: (answer) => answer.records,
    enabled: isSearchable(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One customer's record and appointments, upcoming first. */
export function useCustomerFile(groupId: number, token: string | null, ficheId: number) {
  return useQuery({
    queryKey: [...customersKey(groupId, token), 'file', ficheId],
    queryFn: ({ signal }) =>
      apiCall(backofficeRoutes.getCustomer, { params: { id: groupId, ficheId } }, { signal }),
    // A customer erased or never of this group is an answer, not a hiccup.
    retry: false,
  });
}

/** Everything the group holds about the person, as the server answers it. */
export function useExportCustomer(groupId: number) {
  return useMutation({
    mutationFn: (ficheId: number) =>
      apiCall(backofficeRoutes.exportCustomer, { params: { id: groupId, ficheId } }),
  });
}

/** Erases the person on request; the server keeps what the business's accounts need. */
export function useEraseCustomer(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ficheId: number) =>
      apiCall(backofficeRoutes.eraseCustomer, { params: { id: groupId, ficheId }, body: { confirm: true } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.ofGroup(groupId) }),
  });
}
