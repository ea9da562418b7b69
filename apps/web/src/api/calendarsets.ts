/** GET /v3/groups/{id}/calendarsets — calendar sets, e.g. sites (spec 000 §3 Calendarset). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ListParams, listQueryParams } from './catalogue-params.ts';
import { apiGet } from './client.ts';

export interface Calendarset {
  id: number;
  externid: string;
  name: string;
  publicname: string;
  description: string | null;
  thumbnail: string | null;
  sort: number;
  calendars: number[];
}

export async function fetchCalendarsets(groupId: number, params: ListParams = {}, signal?: AbortSignal) {
  const body = await apiGet<{ records: Calendarset[] }>(
    `/v3/groups/${groupId}/calendarsets`,
    listQueryParams(params),
    { signal },
  );
  return body.records;
}

export const calendarsetsQuery = (groupId: number, params: ListParams = {}) =>
  queryOptions({
    queryKey: ['calendarsets', groupId, params],
    queryFn: ({ signal }) => fetchCalendarsets(groupId, params, signal),
  });

/** The group's calendar sets in a language. */
export function useCalendarsets(groupId: number | undefined, params: ListParams = {}) {
  return useQuery({ ...calendarsetsQuery(groupId ?? 0, params), enabled: groupId !== undefined });
}
