/** GET /v3/groups/{id}/interventionsets — service categories (spec 000 §3 Interventionset). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ListParams, listQueryParams } from './catalogue-params.ts';
import { apiGet } from './client.ts';

export interface Interventionset {
  id: number;
  externid: string;
  name: string;
  publicname: string;
  description: string | null;
  thumbnail: string | null;
  sort: number;
  interventions: number[];
}

export async function fetchInterventionsets(groupId: number, params: ListParams = {}, signal?: AbortSignal) {
  const body = await apiGet<{ records: Interventionset[] }>(
    `/v3/groups/${groupId}/interventionsets`,
    listQueryParams(params),
    { signal },
  );
  return body.records;
}

export const interventionsetsQuery = (groupId: number, params: ListParams = {}) =>
  queryOptions({
    queryKey: ['interventionsets', groupId, params],
    queryFn: ({ signal }) => fetchInterventionsets(groupId, params, signal),
  });

/** The group's categories in a language. */
export function useInterventionsets(groupId: number | undefined, params: ListParams = {}) {
  return useQuery({ ...interventionsetsQuery(groupId ?? 0, params), enabled: groupId !== undefined });
}
