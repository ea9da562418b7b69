/**
 * Verifies the booking choices preselected by the query string before they are trusted (docs/requirements/booking-flow.md
 * §5): one list call per parameter with the spec's conditions; extern ids come back as ids.
 * What to ask and how to read the answers is in @creneau/core/url/preselection.
 */
import {
  applyLookupResults,
  type LookupEndpoint,
  type PreselectionLookup,
  preselectionLookups,
} from '@creneau/core/url/preselection';
import type { Preselection, PreselectionName } from '@creneau/core/url/query-params';
import { fetchCalendars } from '../api/calendars.ts';
import { fetchCalendarsets } from '../api/calendarsets.ts';
import type { Condition } from '../api/catalogue-params.ts';
import { fetchInterventions } from '../api/interventions.ts';
import { fetchInterventionsets } from '../api/interventionsets.ts';
import { fetchPackInterventions } from '../api/pack-interventions.ts';
import { queryKeys } from '../api/query-keys.ts';
import { useQuery } from '../query/query.ts';

type Found = { id: number; externid?: string | null }[];

const FETCHERS: Record<
  LookupEndpoint,
  (groupId: number, lookup: PreselectionLookup, c: Condition[]) => Promise<Found>
> = {
  interventionsets: (id, _l, conditions) => fetchInterventionsets(id, { conditions }),
  interventions: (id, _l, conditions) => fetchInterventions(id, { conditions }),
  pack_interventions: (id, _l, conditions) => fetchPackInterventions(id, { conditions }),
  calendarsets: (id, _l, conditions) => fetchCalendarsets(id, { conditions }),
  calendars: (id, lookup, conditions) => fetchCalendars(id, { conditions, resource: lookup.resource }),
};

export interface VerifiedPreselection {
  preselection: Preselection;
  /** Parameters dropped because the catalogue does not have what they name. */
  unverified: PreselectionName[];
}

/** Runs the look-ups; a failed look-up counts as "not found". */
export async function verifyPreselection(
  groupId: number,
  preselection: Preselection,
): Promise<VerifiedPreselection> {
  const lookups = preselectionLookups(preselection);
  const found: Partial<Record<PreselectionName, Found>> = {};
  await Promise.all(
    lookups.map(async (lookup) => {
      const conditions: Condition[] = [
        { field: lookup.field, op: lookup.op, value: lookup.values.map(String) },
      ];
      try {
        found[lookup.param] = await FETCHERS[lookup.endpoint](groupId, lookup, conditions);
      } catch {
        found[lookup.param] = [];
      }
    }),
  );
  return applyLookupResults(preselection, found);
}

/** The verified preselection of the page (immediate when nothing is preselected). */
export function useVerifiedPreselection(groupId: number | undefined, preselection: Preselection) {
  const empty = Object.keys(preselection).length === 0;
  return useQuery({
    queryKey: queryKeys.preselection(groupId, preselection),
    queryFn: () => verifyPreselection(groupId!, preselection),
    enabled: groupId !== undefined && !empty,
    staleTime: 5 * 60_000,
    ...(empty ? { initialData: { preselection: {}, unverified: [] } satisfies VerifiedPreselection } : {}),
  });
}
