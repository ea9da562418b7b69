/** GET /v3/groups/{id}/interventions — bookable services (spec 000 §3 Intervention). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ListParams, listQueryParams } from './catalogue-params.ts';
import { apiGet } from './client.ts';

export interface Promotion {
  id: number;
  label: string;
  percent: number;
  from_date: string | null;
  to_date: string | null;
  weekdays: string[] | null;
  from_time: string | null;
  to_time: string | null;
}

export interface PackItem {
  intervention_id: number;
  publicname?: string | null;
  break_time?: number;
  selectedCalendar?: number | null;
}

export interface Intervention {
  id: number;
  type: 'free' | 'pack';
  externid: string;
  name: string;
  publicname: string;
  description: string | null;
  thumbnail: string | null;
  sort: number;
  deleted: boolean;
  interventionset_id: number | null;
  /** Cents. */
  price: number | null;
  /** Minutes. */
  length: number;
  promotions: Promotion[];
  videoconference: boolean;
  skippable_agenda: boolean;
  need_resource: boolean;
  only_package: boolean;
  merged: boolean;
  abbr: string | null;
  config: PackItem[] | null;
  status?: 'opened' | 'closed';
  total_price?: number | null;
}

export async function fetchInterventions(groupId: number, params: ListParams = {}, signal?: AbortSignal) {
  const body = await apiGet<{ records: Intervention[] }>(
    `/v3/groups/${groupId}/interventions`,
    listQueryParams(params),
    { signal },
  );
  return body.records;
}

export const interventionsQuery = (groupId: number, params: ListParams = {}) =>
  queryOptions({
    queryKey: ['interventions', groupId, params],
    queryFn: ({ signal }) => fetchInterventions(groupId, params, signal),
  });

/** The group's services in a language. */
export function useInterventions(groupId: number | undefined, params: ListParams = {}) {
  return useQuery({ ...interventionsQuery(groupId ?? 0, params), enabled: groupId !== undefined });
}
