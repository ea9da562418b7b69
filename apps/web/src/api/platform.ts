/**
 * The platform administrators' calls (docs/back-office.md "Sign-up and platform"): every group,
 * closing or reopening one, and creating one for a business whose owner is invited. The server decides who is an administrator; anyone else is
 * answered 403, which the page shows as such.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { createPlatformGroup, listPlatformGroups } from '@creneau/contract/endpoints/platform';
import type { BodyOf } from '@creneau/contract/request-path';
import { useMutation, useQuery, useQueryClient } from '../query/query.ts';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type PlatformGroup = AnswerOf<typeof listPlatformGroups>['records'][number];

export function usePlatformGroups(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.platformGroups,
    queryFn: ({ signal }) => apiCall(backofficeRoutes.listPlatformGroups, {}, { signal }),
    select: (answer) => answer.records,
    enabled,
    // A refusal (not an administrator, logged out) is an answer, not a hiccup to retry.
    retry: false,
  });
}

export function useSetGroupActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiCall(backofficeRoutes.setGroupActive, { params: { id }, body: { active } }),
    onSuccess: (changed) =>
      client.setQueryData<{ records: PlatformGroup[] }>(queryKeys.platformGroups, (was) =>
        was
          ? {
              ...was,
              records: was.records.map((group) =>
                group.id === changed.id ? { ...group, active: changed.active } : group,
              ),
            }
          : was,
      ),
  });
}

/** Creates a business and invites its owner by e-mail; the list shows it at once. */
export function useCreatePlatformGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof createPlatformGroup>) =>
      apiCall(backofficeRoutes.createPlatformGroup, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.platformGroups }),
  });
}
