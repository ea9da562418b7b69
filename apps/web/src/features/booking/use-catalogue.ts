/**
 * The group's catalogue in the page language, fetched on demand and shared by every step (the query
 * cache keeps each list): categories, services, packs, calendar sets, calendars and resources.
 * Nothing of it is stored with the booking (docs/requirements/booking-flow.md §4: rehydration resets these lists).
 */
import type { Preselection } from '@creneau/core/url/query-params';
import { calendarsQuery, useCalendars } from '../../api/calendars.ts';
import { calendarsetsQuery, useCalendarsets } from '../../api/calendarsets.ts';
import type { Group } from '../../api/group.ts';
import { type Intervention, interventionsQuery, useInterventions } from '../../api/interventions.ts';
import { interventionsetsQuery, useInterventionsets } from '../../api/interventionsets.ts';
import { packInterventionsQuery, usePackInterventions } from '../../api/pack-interventions.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import type { QueryClient } from '../../query/query.ts';

export type CataloguePart = 'interventionsets' | 'services' | 'calendarsets' | 'calendars';

/** Which lists the parts come to for this group (the sets only where it shows some, packs where it has them). */
function listsOf(group: Group, parts: readonly CataloguePart[]) {
  return {
    interventionsets: parts.includes('interventionsets') && group.public_interventionsets > 0,
    interventions: parts.includes('services'),
    packs: parts.includes('services') && group.pack_interventions,
    calendarsets: parts.includes('calendarsets') && group.public_calendarsets > 0,
    calendars: parts.includes('calendars'),
  };
}

/** The lists a page needs; each is loaded only when asked for. */
export function useCatalogue(parts: readonly CataloguePart[]) {
  const { group, locale } = useGroupContext();
  const lists = listsOf(group, parts);
  const params = { locale };
  const interventionsets = useInterventionsets(lists.interventionsets ? group.id : undefined, params);
  const interventions = useInterventions(lists.interventions ? group.id : undefined, params);
  const packs = usePackInterventions(lists.packs ? group.id : undefined, params);
  const calendarsets = useCalendarsets(lists.calendarsets ? group.id : undefined, params);
  const calendars = useCalendars(lists.calendars ? group.id : undefined, params);

  const services: Intervention[] = [
    ...(interventions.data ?? []),
    ...(packs.data ?? []).map((p) => ({ ...p, type: 'pack' as const })),
  ];
  const queries = [
    lists.interventionsets ? interventionsets : null,
    lists.interventions ? interventions : null,
    lists.packs ? packs : null,
    lists.calendarsets ? calendarsets : null,
    lists.calendars ? calendars : null,
  ].filter((q) => q !== null);
  return {
    interventionsets: interventionsets.data ?? [],
    services,
    calendarsets: calendarsets.data ?? [],
    calendars: calendars.data ?? [],
    loading: queries.some((q) => q.isPending),
    error: queries.find((q) => q.isError)?.error ?? null,
    refetch: () => {
      for (const q of queries) void q.refetch();
    },
  };
}

/**
 * What the booking flow's pages will read of the catalogue (the steps and the summary): the
 * services' categories only where the address leaves the service to choose.
 */
export function bookingCatalogue(preselection: Preselection): CataloguePart[] {
  const serviceChosen = preselection.intervention_ids !== undefined || preselection.pack_id !== undefined;
  return serviceChosen
    ? ['services', 'calendarsets', 'calendars']
    : ['interventionsets', 'services', 'calendarsets', 'calendars'];
}

/**
 * Starts loading the lists of `parts` as soon as the group and the language are known. A booking
 * page asks for them only once the address's preselection is verified and its step's code has
 * come (docs/web-app.md "First paint"): fetched ahead, they arrive beside the preselection's
 * look-ups instead of one round trip after them.
 */
export function prefetchCatalogue(
  client: QueryClient,
  group: Group,
  locale: string,
  parts: readonly CataloguePart[],
): void {
  const lists = listsOf(group, parts);
  const params = { locale };
  if (lists.interventionsets) client.prefetchQuery(interventionsetsQuery(group.id, params));
  if (lists.interventions) client.prefetchQuery(interventionsQuery(group.id, params));
  if (lists.packs) client.prefetchQuery(packInterventionsQuery(group.id, params));
  if (lists.calendarsets) client.prefetchQuery(calendarsetsQuery(group.id, params));
  if (lists.calendars) client.prefetchQuery(calendarsQuery(group.id, params));
}
