/**
 * What the walk-in dialog reads besides the booking itself (docs/back-office.md "Booking from the
 * agenda"): the group's customers found by name, e-mail or phone, and the services each calendar
 * performs, from the catalogue the booking pages read (with the staff's session, which also lists
 * the services hidden from the public).
 */
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { searchCustomers } from '@creneau/contract/endpoints/backoffice';
import type { Locale } from '@creneau/core/locales';
import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '../query/query.ts';
import { useCalendars } from './calendars.ts';
import { apiCall } from './client.ts';
import { useInterventions } from './interventions.ts';

export type CustomerMatch = AnswerOf<typeof searchCustomers>['records'][number];

/** The server searches from three characters (fiches.service SEARCH_MIN_LENGTH). */
export const MIN_SEARCH_LENGTH = 3;

/** The group's customers matching `q` (already debounced by the caller); idle under three characters. */
export function useCustomerSearch(groupId: number, token: string | null, q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['admin', groupId, token, 'customer-search', query] as const,
    queryFn: ({ signal }) =>
      apiCall(backofficeRoutes.searchCustomers, { params: { id: groupId }, query: { q: query } }, { signal }),
    enabled: query.length >= MIN_SEARCH_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export interface OfferedService {
  id: number;
  name: string;
  /** Minutes. */
  length: number;
}

/**
 * The single services a calendar performs, in the catalogue's order (packs are booked from the
 * booking pages: the agenda books one service on one calendar).
 */
export function useCalendarServices(groupId: number, locale: Locale, calendarId: number) {
  const calendars = useCalendars(groupId, { locale });
  const services = useInterventions(groupId, { locale });
  const offered = useMemo<OfferedService[]>(() => {
    const calendar = calendars.data?.find((c) => c.id === calendarId);
    if (!calendar || !services.data) return [];
    const ids = new Set(calendar.intervention_ids);
    return services.data
      .filter((s) => ids.has(s.id) && s.type === 'free' && !s.deleted && !s.only_package)
      .map((s) => ({ id: s.id, name: s.name, length: s.length }));
  }, [calendars.data, services.data, calendarId]);
  return {
    offered,
    isPending: calendars.isPending || services.isPending,
    isError: calendars.isError || services.isError,
    refetch: () => {
      void calendars.refetch();
      void services.refetch();
    },
  };
}
