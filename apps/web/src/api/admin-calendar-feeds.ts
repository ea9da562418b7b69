/**
 * Private calendar subscriptions (docs/back-office.md "Calendar subscriptions"): the caller's feeds
 * (and the group's for owners and managers), making one — whose answer is the only time its
 * address is known — and revoking one.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { createCalendarFeed, listCalendarFeeds } from '@creneau/contract/endpoints/calendar-feeds';
import { useMutation, useQuery, useQueryClient } from '../query/query.ts';
import { apiCall } from './client.ts';

export type CalendarFeed = AnswerOf<typeof listCalendarFeeds>['records'][number];
export type CreatedFeed = AnswerOf<typeof createCalendarFeed>;

const feedsKey = (groupId: number, token: string | null) =>
  ['admin', groupId, token, 'calendar-feeds'] as const;

export function useCalendarFeeds(groupId: number, token: string | null) {
  return useQuery({
    queryKey: feedsKey(groupId, token),
    queryFn: ({ signal }) =>
      apiCall(backofficeRoutes.listCalendarFeeds, { params: { id: groupId } }, { signal }).then(
        (answer) => answer.records,
      ),
  });
}

export function useCreateCalendarFeed(groupId: number, token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (calendarId: number | null) =>
      apiCall(backofficeRoutes.createCalendarFeed, {
        params: { id: groupId },
        body: { calendar_id: calendarId },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: feedsKey(groupId, token) }),
  });
}

export function useRevokeCalendarFeed(groupId: number, token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (feedId: number) =>
      apiCall(backofficeRoutes.revokeCalendarFeed, { params: { id: groupId, feedId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: feedsKey(groupId, token) }),
  });
}
