/**
 * POST /v3/groups/{id}/appointments/batch_delete — cancels appointments (docs/requirements/accounts-and-appointments.md §4 cancel dialog,
 * §7); a pack goes as a whole. Errors: aptAlreadyCanceled (with the group's phone),
 * mintimeRDVError (errorCode 10), pastAppointment, appointmentNotFound, linkScope.
 */
import type { AppointmentsCanceled } from '@creneau/contract/endpoints/appointments';
import * as routes from '@creneau/contract/routes';
import { useMutation, useQueryClient } from '../query/query.ts';
import type { ListedAppointment } from './appointments.ts';
import { ApiError, apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

export type BatchDeleteResponse = AppointmentsCanceled;

export function cancelAppointments(groupId: number, ids: readonly number[]): Promise<BatchDeleteResponse> {
  return apiCall(routes.appointments.cancelAppointments, {
    params: { id: groupId },
    body: { appointments: ids.map((id) => ({ id })) },
  });
}

/** The group phone an aptAlreadyCanceled answer carries, if any. */
export function phoneOfError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const phone = (error.body as { phone?: unknown } | null)?.phone;
  return typeof phone === 'string' && phone.trim() ? phone : null;
}

/**
 * Mutation hook: cancels, then removes the cancelled appointments from every cached list (spec
 * docs/requirements/accounts-and-appointments.md §4: "cancelled appointments are removed from the appointments and taken lists").
 */
export function useCancelAppointments(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => cancelAppointments(groupId, ids),
    onSuccess: (response, ids) => {
      const gone = new Set([...ids, ...response.records.map((r) => r.id)]);
      client.setQueriesData<ListedAppointment[]>(
        { queryKey: queryKeys.appointments.ofGroup(groupId) },
        (list) => list?.filter((a) => !gone.has(a.id)),
      );
    },
  });
}
