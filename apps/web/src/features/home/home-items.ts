/**
 * What the home page lists and highlights (docs/requirements/booking-flow.md §2 screen 7): at most six categories, services
 * or packs, in the order the mini-site gives, and the preselection that books each of them.
 */

import type { Intervention } from '../../api/interventions.ts';
import type { Interventionset } from '../../api/interventionsets.ts';
import type { Website } from '../../api/website.ts';

/** Items shown on the home page (docs/requirements/booking-flow.md §9). */
export const MAX_LISTED = 6;

export type ListingKind = NonNullable<Website['listing']>;

export interface HomeItem {
  kind: 'category' | 'service' | 'pack';
  id: number;
  name: string;
  description: string | null;
  thumbnail: string | null;
  price: number | null;
  length: number | null;
  promotion: number | null;
  videoconference: boolean;
  /** Services in a category. */
  count: number | null;
}

/** The query parameter and value that preselect an item (docs/requirements/booking-flow.md §2 preselection). */
export function preselectionOf(item: Pick<HomeItem, 'kind' | 'id'>): [string, string] {
  if (item.kind === 'category') return ['interventionset_ids', String(item.id)];
  if (item.kind === 'pack') return ['pack_id', String(item.id)];
  return ['intervention_ids', String(item.id)];
}

/** The booking step a listing's "see more" leads to. */
export function stepOfListing(kind: ListingKind): string {
  return kind === 'category' ? 'interventionset_ids' : 'intervention_ids';
}

const displayName = (item: { publicname: string; name: string }) => item.publicname || item.name;

export function categoryItem(set: Interventionset): HomeItem {
  return {
    kind: 'category',
    id: set.id,
    name: displayName(set),
    description: set.description,
    thumbnail: set.thumbnail,
    price: null,
    length: null,
    promotion: null,
    videoconference: false,
    count: set.interventions.length,
  };
}

export function serviceItem(service: Intervention): HomeItem {
  const pack = service.type === 'pack';
  return {
    kind: pack ? 'pack' : 'service',
    id: service.id,
    name: displayName(service),
    description: service.description,
    thumbnail: service.thumbnail,
    // A pack without its own price costs the sum of its items (docs/requirements/booking-flow.md §4).
    price: service.price ?? service.total_price ?? null,
    length: service.length,
    promotion: service.promotions.length > 0 ? Math.max(...service.promotions.map((p) => p.percent)) : null,
    videoconference: service.videoconference,
    count: null,
  };
}

/** The listed items: those named by the mini-site, in its order, else the first ones; at most six. */
export function pickListed<T extends { id: number }>(all: readonly T[], ids: readonly number[]): T[] {
  const chosen = ids.length > 0 ? ids.flatMap((id) => all.filter((item) => item.id === id)) : [...all];
  return chosen.slice(0, MAX_LISTED);
}
