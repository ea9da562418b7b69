/**
 * GET /v3/groups/{id}/availabletimeslots — the bookable slots of a window of days and the first
 * available slot at or after its start (docs/requirements/booking-flow.md §3 Slot, §7). The v3 form is used: the booking's
 * appointments as an indexed map {intervention_id, calendar_id, resource_id, pack_id}, promotions,
 * and "0"-free ids. A bad calendar or resource answers 400 with "Invalid calendar" in its message.
 */
import type { Slot, SlotList, SlotsRelease } from '@creneau/contract/endpoints/availability';
import * as routes from '@creneau/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '../query/query.ts';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** One bookable start: ISO 8601 start with the group's offset, wall-clock time, capacity, promotion. */
export type AvailableSlot = Slot;

export type AvailableTimeslots = SlotList;

/** The group's scheduled release as the slot list tells it; null without one. */
export type SlotRelease = SlotsRelease;

/** One entry of the appointments map. */
export interface SlotAppointment {
  intervention_id?: number | undefined;
  calendar_id?: number | undefined;
  resource_id?: number | undefined;
  pack_id?: number | undefined;
}

export interface SlotsParams {
  /** First day, "YYYY-MM-DD". */
  start: string;
  /** Days to return (the API allows 1 to 31; the slot step asks for 7). */
  nDays?: number | undefined;
  appointments: readonly SlotAppointment[];
  /** One calendar for every appointment without its own. */
  calendar_id?: number | undefined;
  /** Several calendars ("no preferences"). */
  calendar_ids?: readonly number[] | undefined;
  resource_id?: number | undefined;
  promotions?: boolean | undefined;
  locale?: string | undefined;
}

export async function fetchAvailableTimeslots(
  groupId: number,
  params: SlotsParams,
  signal?: AbortSignal,
): Promise<AvailableTimeslots> {
  return apiCall(
    routes.availability.listSlots,
    {
      params: { id: groupId },
      query: {
        group_id: groupId,
        start: params.start,
        nDays: params.nDays === undefined ? undefined : String(params.nDays),
        time_format: 'datetime',
        promotions: params.promotions === false ? '0' : '1',
        locale: params.locale,
        calendar_id: params.calendar_id,
        calendar_ids: params.calendar_ids?.length ? [...params.calendar_ids] : undefined,
        resource_id: params.resource_id,
        appointments: params.appointments.map((a) => ({ ...a })),
      },
    },
    { signal },
  );
}

export const availableTimeslotsQuery = (groupId: number, params: SlotsParams) =>
  queryOptions({
    queryKey: queryKeys.slots.list(groupId, params),
    queryFn: ({ signal }) => fetchAvailableTimeslots(groupId, params, signal),
    // Slots change as others book: a short freshness, and no retry of a refused selection.
    staleTime: 30_000,
    retry: (count, error) => !(error as { status?: number })?.status && count < 1,
  });

/**
 * The slots for a selection; while the next window loads, the previous one stays on screen (the
 * grid does not collapse between pages of days).
 */
export function useAvailableTimeslots(groupId: number, params: SlotsParams | null) {
  return useQuery({
    ...availableTimeslotsQuery(groupId, params ?? { start: '', appointments: [] }),
    enabled: params !== null && params.appointments.length > 0,
    placeholderData: keepPreviousData,
  });
}
