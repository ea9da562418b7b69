/**
 * The platform administrators' calls (docs/back-office.md "Sign-up and platform"): every group,
 * and closing or reopening one. The server decides who is an administrator; anyone else is
 * answered 403, which the page shows as such.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { listPlatformGroups } from '@creneau/contract/endpoints/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
