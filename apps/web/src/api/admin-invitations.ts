/**
 * Invitations to the staff (docs/back-office.md "Invitations"): the owner's list, invite and
 * withdraw; and, for the invited person, what a link offers and its acceptance. Accepting with a
 * new account opens a session: its token becomes the page's session like a login's.
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { inviteStaff, listInvitations, readInvitation } from '@creneau/contract/endpoints/backoffice';
import type { BodyOf } from '@creneau/contract/request-path';
import { useMutation, useQuery, useQueryClient } from '../query/query.ts';
import { adminKeys } from './admin-keys.ts';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';
import { adoptSessionToken } from './session-login.ts';

export type StaffInvitation = AnswerOf<typeof listInvitations>['records'][number];
export type NewInvitation = BodyOf<typeof inviteStaff>;
export type InvitationDetails = AnswerOf<typeof readInvitation>;

export function useInvitations(groupId: number, token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.invitations(groupId, token),
    queryFn: ({ signal }) =>
      apiCall(backofficeRoutes.listInvitations, { params: { id: groupId } }, { signal }).then(
        (answer) => answer.records,
      ),
    enabled,
  });
}

export function useInviteStaff(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitation: NewInvitation) =>
      apiCall(backofficeRoutes.inviteStaff, { params: { id: groupId }, body: invitation }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.ofGroup(groupId) }),
  });
}

export function useRevokeInvitation(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) =>
      apiCall(backofficeRoutes.revokeInvitation, { params: { id: groupId, invitationId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.ofGroup(groupId) }),
  });
}

/** What the link of `key` offers; asked with the page's session, which may be the invited one. */
export function useInvitationDetails(key: string, token: string | null) {
  return useQuery({
    queryKey: ['invitation', key, token] as const,
    queryFn: ({ signal }) => apiCall(backofficeRoutes.readInvitation, { body: { key } }, { signal }),
    enabled: key !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Accepts the invitation; a new account's session becomes the page's. The session's groups are
 * read again: the back office's door (and the foreign-professional rule) must see the new one.
 */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { key: string; name?: string; password?: string }) => {
      const joined = await apiCall(backofficeRoutes.acceptInvitation, { body });
      if (joined.token) await adoptSessionToken(joined.token);
      else await client.invalidateQueries({ queryKey: queryKeys.session.all });
      return joined;
    },
  });
}
