/** GET /v3/services/groups/{urlname}.json — the group configuration the booking page starts from. */
import * as groups from '@creneau/contract/endpoints/groups';
import type { FormField, GroupSettings } from '@creneau/core/group-config/group-config.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { followGroupGeneration } from './api-generation.ts';
import { ApiError, apiGet, callPath } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The group as the server publishes it (docs/requirements/booking-flow.md §3 Group). */
export type Group = Omit<GroupSettings, 'rules' | 'enabled_locales' | 'profile'> & {
  id: number;
  urlname: string;
  name: string;
  /** Comma-separated, as the spec has it. */
  enabled_locales: string;
  active: boolean;
  inactive: boolean;
  has_promotions: boolean;
  resource_count: number;
  public_interventionsets: number;
  public_calendarsets: number;
  calendars_interventions_links: Record<string, number[]>;
  pack_interventions: boolean;
  sso_provider: { issuer: string } | null;
  /** Not sent by every server version: the map page falls back to the build-time tile URL. */
  map_tile_url?: string | null;
  profile: {
    use_api_v3: boolean;
    use_booking_service: boolean;
    ants_group: boolean;
    pack_interventions: boolean;
    merge_interventions: boolean;
    hide_marketing_sms: boolean;
  };
  rules: {
    min_notice_minutes: number;
    cancel_notice_minutes: number;
    modify_notice_minutes: number;
    max_future_appointments: number | null;
  };
  forms: { fiche: FormField[]; vevent: FormField[] };
};

/** What the inactive answer carries so the inactive page can show the name and phone. */
export interface InactiveGroup {
  urlname: string;
  name: string;
  phone: string | null;
  inactive: true;
}

/** The inactive group's details when the error is the inactive variant of groupDoesNotExist. */
export function inactiveGroupOf(error: unknown): InactiveGroup | null {
  if (!(error instanceof ApiError) || error.key !== 'groupDoesNotExist') return null;
  const group = (error.body as { group?: InactiveGroup } | null)?.group;
  return group?.inactive ? group : null;
}

export async function fetchGroup(urlname: string, signal?: AbortSignal): Promise<Group> {
  const group = await apiGet<Group>(callPath(groups.getGroup, { urlname }), {}, { signal });
  // Every later call of the page follows the group's API generation.
  followGroupGeneration(group);
  return group;
}

export const groupQuery = (urlname: string) =>
  queryOptions({
    queryKey: queryKeys.group(urlname),
    queryFn: ({ signal }) => fetchGroup(urlname, signal),
    staleTime: 5 * 60_000,
    // A 404 is an answer (not_found / inactive), not a hiccup worth retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** The group of the current page. */
export function useGroup(urlname: string) {
  return useQuery(groupQuery(urlname));
}
