/**
 * The group's staff (docs/back-office.md "Staff", "Roles"): the members with their role and
 * calendars, and the owners' changes. A change replaces the member in the cached list; the
 * caller's own membership reads again, since an owner may have changed themselves.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { listStaff, updateStaffMember } from '@creneau/contract/endpoints/backoffice';
import type { BodyOf } from '@creneau/contract/request-path';
import { useMutation, useQuery, useQueryClient } from '../query/query.ts';
import { adminKeys } from './admin-keys.ts';
import { apiCall } from './client.ts';

export type StaffMember = AnswerOf<typeof listStaff>['records'][number];
type StaffList = AnswerOf<typeof listStaff>;
export type StaffChange = BodyOf<typeof updateStaffMember>;

const staffKey = (groupId: number, token: string | null) =>
  [...adminKeys.ofGroup(groupId), token, 'staff'] as const;

export function useStaff(groupId: number, token: string | null) {
  return useQuery({
    queryKey: staffKey(groupId, token),
    queryFn: ({ signal }) => apiCall(backofficeRoutes.listStaff, { params: { id: groupId } }, { signal }),
  });
}

export function useUpdateStaffMember(groupId: number, token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, change }: { accountId: number; change: StaffChange }) =>
      apiCall(backofficeRoutes.updateStaffMember, { params: { id: groupId, accountId }, body: change }),
    onSuccess: (member) => {
      client.setQueryData<StaffList>(
        staffKey(groupId, token),
        (list) =>
          list && {
            ...list,
            records: list.records.map((m) => (m.account_id === member.account_id ? member : m)),
          },
      );
      void client.invalidateQueries({ queryKey: adminKeys.membership(groupId, token) });
    },
  });
}
