/**
 * PUT /v3/admin/groups/{id}/appointments/{aptId}/attendance and …/note — the staff's marks on an
 * appointment (docs/back-office.md "Appointment marks"). Both answer the appointment as the agenda
 * shows it, which replaces the cached copy in every agenda of the group.
 */
import { type QueryClient, useMutation, useQueryClient } from '../query/query.ts';
import type { Agenda, AgendaAppointment } from './admin-agenda.ts';
import { adminKeys } from './admin-keys.ts';
import { apiPut } from './client.ts';

export type Attendance = AgendaAppointment['attendance'];

export function putAttendance(groupId: number, appointmentId: number, attendance: Attendance) {
  return apiPut<AgendaAppointment>(`/v3/admin/groups/${groupId}/appointments/${appointmentId}/attendance`, {
    attendance,
  });
}

export function putStaffNote(groupId: number, appointmentId: number, note: string | null) {
  return apiPut<AgendaAppointment>(`/v3/admin/groups/${groupId}/appointments/${appointmentId}/note`, {
    note,
  });
}

/** Puts the server's copy of an appointment in every cached agenda of the group holding it. */
export function replaceInAgendas(client: QueryClient, groupId: number, updated: AgendaAppointment): void {
  client.setQueriesData<Agenda>({ queryKey: adminKeys.ofGroup(groupId) }, (cached) => {
    if (!cached || !Array.isArray(cached.appointments)) return cached;
    if (!cached.appointments.some((a) => a.id === updated.id)) return cached;
    return {
      ...cached,
      appointments: cached.appointments.map((a) => (a.id === updated.id ? updated : a)),
    };
  });
}

/** Marks the customer as arrived, absent, or clears the mark. */
export function useMarkAttendance(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, attendance }: { appointmentId: number; attendance: Attendance }) =>
      putAttendance(groupId, appointmentId, attendance),
    onSuccess: (updated) => replaceInAgendas(client, groupId, updated),
  });
}

/** Writes (or, empty, removes) the private note. */
export function useStaffNote(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, note }: { appointmentId: number; note: string }) =>
      putStaffNote(groupId, appointmentId, note.trim() === '' ? null : note),
    onSuccess: (updated) => replaceInAgendas(client, groupId, updated),
  });
}
