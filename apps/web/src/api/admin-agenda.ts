/**
 * GET /v3/admin/groups/{id}/agenda?from=&days=&calendar_ids[] — appointments, closures and absences
 * of some days in the group's time zone, with wall-clock times the page shows as they are
 * (docs/back-office.md "Agenda").
 */
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { getAgenda } from '@creneau/contract/endpoints/backoffice';
import { keepPreviousData, queryOptions, useQuery } from '../query/query.ts';
import { type AgendaKeyParams, adminKeys } from './admin-keys.ts';
import { apiGet } from './client.ts';

export type Agenda = AnswerOf<typeof getAgenda>;
export type AgendaAppointment = Agenda['appointments'][number];
export type AgendaBlock = Agenda['blocks'][number];
export type AgendaCalendar = Agenda['calendars'][number];

export function fetchAgenda(groupId: number, params: AgendaKeyParams, signal?: AbortSignal) {
  return apiGet<Agenda>(
    `/v3/admin/groups/${groupId}/agenda`,
    { from: params.from, days: params.days, calendar_ids: params.calendarIds ?? undefined },
    { signal },
  );
}

export const agendaQuery = (groupId: number, token: string | null, params: AgendaKeyParams) =>
  queryOptions({
    queryKey: adminKeys.agenda(groupId, token, params),
    queryFn: ({ signal }) => fetchAgenda(groupId, params, signal),
    staleTime: 30_000,
    // The agenda of a desk stays open all day: others book meanwhile.
    refetchInterval: 60_000,
  });

/** The agenda of some days; the previous days stay on screen while the next ones load. */
export function useAgenda(groupId: number, token: string | null, params: AgendaKeyParams, enabled: boolean) {
  return useQuery({ ...agendaQuery(groupId, token, params), enabled, placeholderData: keepPreviousData });
}
