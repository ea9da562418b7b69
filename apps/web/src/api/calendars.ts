/** GET /v3/groups/{id}/calendars — agendas and resources (spec 000 §3 Calendar). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ListParams, listQueryParams } from './catalogue-params.ts';
import { apiGet } from './client.ts';

export interface Calendar {
  id: number;
  externid: string;
  name: string;
  publicname: string;
  description: string | null;
  thumbnail: string | null;
  sort: number;
  deleted: boolean;
  /** A resource is a calendar with this flag. */
  resource: boolean;
  calendarset_id: number | null;
  capacity: number;
  slot_step: number;
  maxrdv_period: number | null;
  interventions: { intervention_id: number; duration: number | null }[];
  intervention_ids: number[];
}

export interface CalendarListParams extends ListParams {
  /** true: resources only; false: agendas only; undefined: both. */
  resource?: boolean | undefined;
  /** Only calendars performing every one of these services. */
  intervention_ids?: readonly number[] | undefined;
}

export async function fetchCalendars(groupId: number, params: CalendarListParams = {}, signal?: AbortSignal) {
  const body = await apiGet<{ records: Calendar[] }>(
    `/v3/groups/${groupId}/calendars`,
    {
      ...listQueryParams(params),
      resource: params.resource === undefined ? undefined : params.resource ? 1 : 0,
      intervention_ids: params.intervention_ids,
    },
    { signal },
  );
  return body.records;
}

export const calendarsQuery = (groupId: number, params: CalendarListParams = {}) =>
  queryOptions({
    queryKey: ['calendars', groupId, params],
    queryFn: ({ signal }) => fetchCalendars(groupId, params, signal),
  });

/** The group's calendars or resources in a language. */
export function useCalendars(groupId: number | undefined, params: CalendarListParams = {}) {
  return useQuery({ ...calendarsQuery(groupId ?? 0, params), enabled: groupId !== undefined });
}
