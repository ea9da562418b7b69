/** GET /v3/websites?group_id= — the mini-site home settings (docs/requirements/booking-flow.md §3 Website). */
import * as groups from '@creneau/contract/endpoints/groups';
import type { Weekday } from '@creneau/core/group-config/group-config.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, callPath } from './client.ts';
import { queryKeys } from './query-keys.ts';

export interface Website {
  group_id: number;
  title: string | null;
  quick_desc: string | null;
  keywords: string | null;
  domain: string | null;
  map: boolean;
  listing: 'category' | 'intervention' | 'package' | null;
  listing_ids: number[];
  listset_ids: number[];
  package_ids: number[];
  highlight: boolean;
  highlight_service: number | null;
  highlight_package: number | null;
  offer_text: string | null;
  /** Ranges per weekday, local wall-clock "HH:MM" in the group's time zone. */
  openinghours?: Partial<Record<Weekday, [string, string][]>>;
  contact_info: boolean;
  website_link: string | null;
  social_link: boolean;
  facebook: string | null;
  twitterX: string | null;
  instagram: string | null;
  snapchat: string | null;
  mail: string | null;
  complement_text: string | null;
  otherbox: string | null;
  image: string | null;
  /** Gallery images. */
  file_upload: { url: string; alt: string }[];
  offer_type: string | null;
  provider_website: boolean;
}

export function fetchWebsite(groupId: number, signal?: AbortSignal): Promise<Website> {
  return apiGet<Website>(callPath(groups.getWebsite, {}), { group_id: groupId }, { signal });
}

export const websiteQuery = (groupId: number) =>
  queryOptions({
    queryKey: queryKeys.website(groupId),
    queryFn: ({ signal }) => fetchWebsite(groupId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The group's home settings (404 noWebsite when it has none). */
export function useWebsite(groupId: number | undefined) {
  return useQuery({ ...websiteQuery(groupId ?? 0), enabled: groupId !== undefined });
}
