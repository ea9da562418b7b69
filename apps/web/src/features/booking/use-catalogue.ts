/**
 * The group's catalogue in the page language, fetched on demand and shared by every step (the query
 * cache keeps each list): categories, services, packs, calendar sets, calendars and resources.
 * Nothing of it is stored with the booking (docs/requirements/booking-flow.md §4: rehydration resets these lists).
 */
import { useCalendars } from '../../api/calendars.ts';
import { useCalendarsets } from '../../api/calendarsets.ts';
import { type Intervention, useInterventions } from '../../api/interventions.ts';
import { useInterventionsets } from '../../api/interventionsets.ts';
import { usePackInterventions } from '../../api/pack-interventions.ts';
import { useGroupContext } from '../../lib/group-context.ts';

export type CataloguePart = 'interventionsets' | 'services' | 'calendarsets' | 'calendars';

/** The lists a page needs; each is loaded only when asked for. */
export function useCatalogue(parts: readonly CataloguePart[]) {
  const { group, locale } = useGroupContext();
  const want = (part: CataloguePart) => (parts.includes(part) ? group.id : undefined);
  const params = { locale };
  const interventionsets = useInterventionsets(
    group.public_interventionsets > 0 ? want('interventionsets') : undefined,
    params,
  );
  const interventions = useInterventions(want('services'), params);
  const packs = usePackInterventions(group.pack_interventions ? want('services') : undefined, params);
  const calendarsets = useCalendarsets(
    group.public_calendarsets > 0 ? want('calendarsets') : undefined,
    params,
  );
  const calendars = useCalendars(want('calendars'), params);

  const services: Intervention[] = [
    ...(interventions.data ?? []),
    ...(packs.data ?? []).map((p) => ({ ...p, type: 'pack' as const })),
  ];
  const queries = [
    parts.includes('interventionsets') && group.public_interventionsets > 0 ? interventionsets : null,
    parts.includes('services') ? interventions : null,
    parts.includes('services') && group.pack_interventions ? packs : null,
    parts.includes('calendarsets') && group.public_calendarsets > 0 ? calendarsets : null,
    parts.includes('calendars') ? calendars : null,
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
