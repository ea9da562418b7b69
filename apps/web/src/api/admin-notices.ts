/**
 * Who at the business is mailed about bookings (docs/back-office.md "Notices to the business"):
 * read and written by the owner.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { getNotifications, listStaff } from '@creneau/contract/endpoints/backoffice';
import { useMutation, useQuery, useQueryClient } from '../query/query.ts';
import { apiCall } from './client.ts';

export type BusinessNotices = AnswerOf<typeof getNotifications>;
export type NoticeEvent = BusinessNotices['events'][number];
export type StaffMember = AnswerOf<typeof listStaff>['records'][number];

const noticesKey = (groupId: number, token: string | null) => ['admin', groupId, token, 'notices'] as const;

export function useNotices(groupId: number, token: string | null) {
  return useQuery({
    queryKey: noticesKey(groupId, token),
    queryFn: ({ signal }) =>
      apiCall(backofficeRoutes.getNotifications, { params: { id: groupId } }, { signal }),
  });
}

/** Saves the setting; the server's answer (addresses normalised, duplicates dropped) replaces the cache. */
export function useSaveNotices(groupId: number, token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessNotices) =>
      apiCall(backofficeRoutes.setNotifications, { params: { id: groupId }, body }),
    onSuccess: (saved) => client.setQueryData(noticesKey(groupId, token), saved),
  });
}

/** The staff's addresses, offered as recipients to those who may see the staff. */
export function useStaffAddresses(groupId: number, token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', groupId, token, 'notices', 'staff'] as const,
    queryFn: ({ signal }) => apiCall(backofficeRoutes.listStaff, { params: { id: groupId } }, { signal }),
    select: (answer) => answer.records,
    enabled,
  });
}
