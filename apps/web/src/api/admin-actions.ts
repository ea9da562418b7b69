/**
 * The staff's actions on the agenda (docs/back-office.md "Appointment detail" and "Booking from the
 * agenda"): an appointment's detail with its history, move, cancel, and booking for a customer.
 * Every answer that carries an appointment replaces the cached copy in the group's agendas; a new
 * booking makes them read again (it may land in any of them).
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { bookForCustomer, getAppointmentDetail } from '@creneau/contract/endpoints/backoffice';
import type { BodyOf } from '@creneau/contract/request-path';
import { useMutation, useQuery, useQueryClient } from '../query/query.ts';
import { adminKeys } from './admin-keys.ts';
import { replaceInAgendas } from './admin-marks.ts';
import { apiCall } from './client.ts';

export type AppointmentDetail = AnswerOf<typeof getAppointmentDetail>;
export type HistoryEntry = AppointmentDetail['history'][number];
export type WalkInBooking = BodyOf<typeof bookForCustomer>;

/** One appointment as the staff sees it, with who booked, moved or cancelled it and when. */
export function useAppointmentDetail(groupId: number, token: string | null, appointmentId: number) {
  return useQuery({
    queryKey: adminKeys.appointment(groupId, token, appointmentId),
    queryFn: ({ signal }) =>
      apiCall(
        backofficeRoutes.getAppointmentDetail,
        { params: { id: groupId, aptId: appointmentId } },
        { signal },
      ),
  });
}

/**
 * Moves a booking to another start (a wall-clock "YYYY-MM-DD hh:mm:ss" of the group, or ISO with
 * offset), and optionally onto another calendar or to another service.
 */
export function useMoveAppointment(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      appointmentId,
      start,
      calendarId,
      interventionId,
    }: {
      appointmentId: number;
      start: string;
      calendarId?: number;
      interventionId?: number;
    }) =>
      apiCall(backofficeRoutes.moveAppointment, {
        params: { id: groupId, aptId: appointmentId },
        body: {
          start,
          ...(calendarId !== undefined ? { calendar_id: calendarId } : {}),
          ...(interventionId !== undefined ? { intervention_id: interventionId } : {}),
        },
      }),
    onSuccess: (moved) => {
      replaceInAgendas(client, groupId, moved);
      void client.invalidateQueries({ queryKey: adminKeys.ofGroup(groupId) });
    },
  });
}

/** Cancels a booking (a pack as a whole), with an optional reason, telling the customer or not. */
export function useCancelByStaff(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      appointmentId,
      reason,
      notifyCustomer,
    }: {
      appointmentId: number;
      reason?: string;
      notifyCustomer: boolean;
    }) =>
      apiCall(backofficeRoutes.cancelByStaff, {
        params: { id: groupId, aptId: appointmentId },
        body: { ...(reason?.trim() ? { reason: reason.trim() } : {}), notify_customer: notifyCustomer },
      }),
    onSuccess: (cancelled) => {
      replaceInAgendas(client, groupId, cancelled);
      void client.invalidateQueries({ queryKey: adminKeys.ofGroup(groupId) });
    },
  });
}

/** Books for a customer from a free place of the agenda, through the booking service's rules. */
export function useBookForCustomer(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (booking: WalkInBooking) =>
      apiCall(backofficeRoutes.bookForCustomer, { params: { id: groupId }, body: booking }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.ofGroup(groupId) }),
  });
}
