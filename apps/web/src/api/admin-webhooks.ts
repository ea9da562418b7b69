/**
 * The group's webhooks in the back office (docs/webhooks.md): endpoints, their secrets, the
 * delivery log page by page, and the work that could not be done. Owners only.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type {
  createWebhook,
  listDeadJobs,
  listWebhookDeliveries,
  listWebhooks,
} from '@creneau/contract/endpoints/webhooks';
import { useMutation, useQuery, useQueryClient } from '../query/query.ts';
import { useInfiniteQuery } from '../query/use-infinite-query.ts';
import { adminKeys } from './admin-keys.ts';
import { apiCall } from './client.ts';

export type WebhookEndpoint = AnswerOf<typeof listWebhooks>['records'][number];
export type CreatedWebhook = AnswerOf<typeof createWebhook>;
export type WebhookDelivery = AnswerOf<typeof listWebhookDeliveries>['records'][number];
export type DeadJob = AnswerOf<typeof listDeadJobs>['records'][number];

const keys = {
  endpoints: (groupId: number, token: string | null) =>
    ['admin', groupId, token, 'webhooks', 'endpoints'] as const,
  deliveries: (groupId: number, token: string | null) =>
    ['admin', groupId, token, 'webhooks', 'deliveries'] as const,
  failed: (groupId: number, token: string | null) => ['admin', groupId, token, 'webhooks', 'failed'] as const,
};

export function useWebhooks(groupId: number, token: string | null) {
  return useQuery({
    queryKey: keys.endpoints(groupId, token),
    queryFn: ({ signal }) => apiCall(backofficeRoutes.listWebhooks, { params: { id: groupId } }, { signal }),
    select: (answer) => answer.records,
  });
}

/** The log, latest first; each further page starts below the last id seen. */
export function useWebhookDeliveries(groupId: number, token: string | null) {
  return useInfiniteQuery({
    queryKey: keys.deliveries(groupId, token),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ signal, pageParam }) =>
      apiCall(
        backofficeRoutes.listWebhookDeliveries,
        { params: { id: groupId }, query: pageParam === undefined ? {} : { before: pageParam } },
        { signal },
      ),
    getNextPageParam: (last) => (last.more ? last.records.at(-1)?.id : undefined),
    // A delivery in progress changes on its own: the log looks again while one is pending.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.records.some((d) => d.status === 'pending')) ? 3000 : false,
  });
}

export function useFailedWork(groupId: number, token: string | null) {
  return useQuery({
    queryKey: keys.failed(groupId, token),
    queryFn: ({ signal }) => apiCall(backofficeRoutes.listDeadJobs, { params: { id: groupId } }, { signal }),
    select: (answer) => answer.records,
  });
}

/** Every webhook call changes what the screen lists: all of it is read again after each. */
function useWebhookMutation<T, R>(groupId: number, call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.ofGroup(groupId) }),
  });
}

export const useCreateWebhook = (groupId: number) =>
  useWebhookMutation(groupId, (body: { url: string; events: string[] }) =>
    apiCall(backofficeRoutes.createWebhook, { params: { id: groupId }, body }),
  );

export const useUpdateWebhook = (groupId: number) =>
  useWebhookMutation(groupId, ({ hookId, enabled }: { hookId: number; enabled: boolean }) =>
    apiCall(backofficeRoutes.updateWebhook, { params: { id: groupId, hookId }, body: { enabled } }),
  );

export const useDeleteWebhook = (groupId: number) =>
  useWebhookMutation(groupId, (hookId: number) =>
    apiCall(backofficeRoutes.deleteWebhook, { params: { id: groupId, hookId } }),
  );

export const useTestWebhook = (groupId: number) =>
  useWebhookMutation(groupId, (hookId: number) =>
    apiCall(backofficeRoutes.testWebhook, { params: { id: groupId, hookId } }),
  );

export const useReplayDelivery = (groupId: number) =>
  useWebhookMutation(groupId, (deliveryId: number) =>
    apiCall(backofficeRoutes.replayWebhookDelivery, { params: { id: groupId, deliveryId } }),
  );

export const useRetryFailedWork = (groupId: number) =>
  useWebhookMutation(groupId, (jobId: number) =>
    apiCall(backofficeRoutes.retryDeadJob, { params: { id: groupId, jobId } }),
  );

/** Reads an endpoint's secret when the owner asks to see it; not kept in the cache. */
export const useRevealSecret = (groupId: number) =>
  useMutation({
    mutationFn: (hookId: number) =>
      apiCall(backofficeRoutes.getWebhookSecret, { params: { id: groupId, hookId } }),
  });
