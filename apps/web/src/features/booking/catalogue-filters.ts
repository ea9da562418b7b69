/**
 * Which categories, services, packs, calendar sets, calendars and resources each step offers, given
 * what is already chosen (docs/requirements/booking-flow.md §2 screens 1–5, §4). The group's calendars_interventions_links
 * (calendar or resource id → service ids) say who performs what:
 * - a service is offered when a calendar (of the chosen set, if any) performs it; a pack when every
 *   one of its items is; services sold only in packs are never offered alone;
 * - categories are offered when they hold an offered service or pack;
 * - calendar sets are offered when one of their calendars performs the chosen services;
 * - calendars must perform every chosen service (and sit in the chosen set);
 * - resources must serve every chosen service that needs one (and sit in the chosen set).
 * Shown names: the public name, else the name (an empty public name reaches only call-centre pros).
 */

import { mergeKey } from '@creneau/core/booking/service-choice';
import type { ChosenService } from '@creneau/core/booking/step-skipping';
import type { Calendar } from '../../api/calendars.ts';
import type { Calendarset } from '../../api/calendarsets.ts';
import type { Intervention } from '../../api/interventions.ts';
import type { Interventionset } from '../../api/interventionsets.ts';

export type Links = Readonly<Record<string, readonly number[]>>;

/** The name a visitor reads. */
export function displayName(item: { name: string; publicname?: string | null }): string {
  return item.publicname?.trim() ? item.publicname : item.name;
}

/** The real service ids of a pack, break-time entries left out. */
export function packItemIds(pack: Pick<Intervention, 'config'>): number[] {
  return (pack.config ?? []).map((item) => item.intervention_id).filter((id) => id > 0);
}

/** The calendars of a set (all calendars when no set is chosen: undefined). */
export function calendarsOfSet(sets: readonly Calendarset[], setId: number | null): Set<number> | undefined {
  if (setId === null) return undefined;
  return new Set(sets.find((s) => s.id === setId)?.calendars ?? []);
}

/** Service ids performed by at least one of the calendars (all linked calendars when undefined). */
export function performedServices(links: Links, calendars: Set<number> | undefined): Set<number> {
  const performed = new Set<number>();
  for (const [calendar, services] of Object.entries(links)) {
    if (calendars && !calendars.has(Number(calendar))) continue;
    for (const id of services) performed.add(id);
  }
  return performed;
}

/** Whether a service or pack can be booked given who performs what. */
export function isOffered(item: Intervention, performed: Set<number>): boolean {
  if (item.deleted) return false;
  if (item.type === 'pack') {
    const items = packItemIds(item);
    return item.status !== 'closed' && items.length > 0 && items.every((id) => performed.has(id));
  }
  return !item.only_package && performed.has(item.id);
}

/** Categories holding at least one offered service or pack, in their order. */
export function categoriesToShow(sets: readonly Interventionset[], offered: readonly Intervention[]) {
  const ids = new Set(offered.map((s) => s.id));
  return sets.filter((set) => set.interventions.some((id) => ids.has(id)));
}

/** The offered services and packs of the chosen categories (all categories when none is chosen). */
export function servicesOfCategories(
  offered: readonly Intervention[],
  sets: readonly Interventionset[],
  categoryIds: readonly number[],
): Intervention[] {
  if (categoryIds.length === 0) return [...offered];
  const inCategories = new Set(
    sets.filter((s) => categoryIds.includes(s.id)).flatMap((s) => s.interventions),
  );
  return offered.filter(
    (item) => inCategories.has(item.id) || categoryIds.includes(item.interventionset_id ?? -1),
  );
}

/**
 * With merge_interventions, services of the same name and category are one choice: the first of
 * each group stands for it (docs/requirements/booking-flow.md §2 summary, §4).
 */
export function mergedGroups(services: readonly Intervention[], merge: boolean): Intervention[][] {
  if (!merge) return services.map((s) => [s]);
  const groups = new Map<string, Intervention[]>();
  for (const service of services) {
    const key = service.type === 'pack' ? `pack:${service.id}` : mergeKey(service);
    groups.set(key, [...(groups.get(key) ?? []), service]);
  }
  return [...groups.values()];
}

/** The chosen ids as appointments: each id with its merged peers, in the chosen order. */
export function appointmentGroups(
  chosen: readonly number[],
  catalogue: readonly Intervention[],
  merge: boolean,
): number[][] {
  const groups: number[][] = [];
  const byKey = new Map<string, number[]>();
  for (const id of chosen) {
    const item = catalogue.find((s) => s.id === id);
    const key = !merge || !item || item.type === 'pack' ? `id:${id}` : mergeKey(item);
    const group = byKey.get(key);
    if (group) group.push(id);
    else {
      const created = [id];
      byKey.set(key, created);
      groups.push(created);
    }
  }
  return groups;
}

/** The chosen services and packs, in order (unknown ids left out). */
export function chosenItems(chosen: readonly number[], catalogue: readonly Intervention[]): Intervention[] {
  return chosen.map((id) => catalogue.find((s) => s.id === id)).filter((s): s is Intervention => !!s);
}

/** What the skip rules need to know of each chosen item (a pack needs a resource when an item does). */
export function chosenFacts(chosen: readonly number[], catalogue: readonly Intervention[]): ChosenService[] {
  return chosenItems(chosen, catalogue).map((item) => {
    const items = item.type === 'pack' ? packItemIds(item) : [];
    const itemNeeds = items.some((id) => catalogue.find((s) => s.id === id)?.need_resource);
    return { skippable_agenda: item.skippable_agenda, need_resource: item.need_resource || itemNeeds };
  });
}

/** The service ids a booking really performs: free services, and the items of packs. */
export function performedIds(chosen: readonly number[], catalogue: readonly Intervention[]): number[] {
  return chosenItems(chosen, catalogue).flatMap((item) =>
    item.type === 'pack' ? packItemIds(item) : [item.id],
  );
}

/** Calendar sets with a calendar performing every chosen service (all sets when none is chosen). */
export function calendarsetsToShow(
  sets: readonly Calendarset[],
  serviceIds: readonly number[],
  links: Links,
) {
  return sets.filter((set) =>
    set.calendars.some((calendar) => serviceIds.every((id) => (links[calendar] ?? []).includes(id))),
  );
}

/** Calendars (not resources) of the chosen set performing every one of the services. */
export function calendarsToShow(
  calendars: readonly Calendar[],
  serviceIds: readonly number[],
  inSet: Set<number> | undefined,
  links: Links,
): Calendar[] {
  return calendars.filter(
    (c) =>
      !c.resource &&
      !c.deleted &&
      (!inSet || inSet.has(c.id)) &&
      serviceIds.every((id) => (links[c.id] ?? []).includes(id)),
  );
}

/** Resources of the chosen set serving every chosen service that needs one. */
export function resourcesToShow(
  resources: readonly Calendar[],
  needing: readonly number[],
  inSet: Set<number> | undefined,
  links: Links,
): Calendar[] {
  return resources.filter(
    (r) =>
      r.resource &&
      !r.deleted &&
      (!inSet || inSet.has(r.id)) &&
      needing.every((id) => (links[r.id] ?? []).includes(id)),
  );
}

/** The best promotion percent of a service or pack (0 when none). */
export function bestPromotion(item: Pick<Intervention, 'promotions'>): number {
  return Math.max(0, ...(item.promotions ?? []).map((p) => p.percent));
}
