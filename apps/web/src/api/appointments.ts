/**
 * GET /v3/appointments?group_id=&include_past=1&limit_past=12 — the visitor's appointments in the
 * group (docs/requirements/accounts-and-appointments.md §2 appointments list, §7): future ones by start ascending, then past ones by start
 * descending, one year back at most.
 */
import type { Appointment } from '@creneau/contract/endpoints/appointments';
import * as routes from '@creneau/contract/routes';
import { queryOptions, useQuery } from '../query/query.ts';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** docs/requirements/accounts-and-appointments.md §9: limit_past 12 (v3). */
export const LIMIT_PAST = 12;

/** An appointment of the list (with its calendar-export data, as every appointment answer has). */
export type ListedAppointment = Appointment;

export function fetchAppointments(groupId: number, locale: string, signal?: AbortSignal) {
  return apiCall(
    routes.appointments.listAppointments,
    { query: { group_id: groupId, include_past: 1, limit_past: LIMIT_PAST, locale } },
    { signal },
  );
}

/** Cache key root of the list: a cancel or a logout removes everything under it. */

export const appointmentsQuery = (groupId: number, token: string | null, locale: string) =>
  queryOptions({
    queryKey: queryKeys.appointments.list(groupId, token, locale),
    queryFn: ({ signal }) => fetchAppointments(groupId, locale, signal),
    staleTime: 30_000,
  });

/** The logged-in visitor's appointments. */
export function useAppointments(groupId: number, token: string | null, locale: string, enabled = true) {
  return useQuery({ ...appointmentsQuery(groupId, token, locale), enabled });
}
