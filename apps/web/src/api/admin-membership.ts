/** GET /v3/admin/groups/{id}/membership — the caller's role, calendars and rights (docs/back-office.md). */
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { getMembership } from '@creneau/contract/endpoints/backoffice';
import { queryOptions, useQuery } from '../query/query.ts';
import { adminKeys } from './admin-keys.ts';
import { apiGet } from './client.ts';

export type Membership = AnswerOf<typeof getMembership>;

export function fetchMembership(groupId: number, signal?: AbortSignal) {
  return apiGet<Membership>(`/v3/admin/groups/${groupId}/membership`, {}, { signal });
}

export const membershipQuery = (groupId: number, token: string | null) =>
  queryOptions({
    queryKey: adminKeys.membership(groupId, token),
    queryFn: ({ signal }) => fetchMembership(groupId, signal),
    staleTime: 5 * 60_000,
    // 401/403 are answers (no session, not a member), not hiccups to retry.
    retry: false,
  });

/** The caller's membership of the group; only asked with a session. */
export function useMembership(groupId: number, token: string | null, enabled: boolean) {
  return useQuery({ ...membershipQuery(groupId, token), enabled });
}
