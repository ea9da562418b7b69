/**
 * What a preselection from the query string means for the booking (docs/requirements/booking-flow.md §2, §5): which steps it
 * fixes, and the look-ups that verify each value against the catalogue before it is trusted. The
 * verification uses the list endpoints' conditions (`conditions[0][field]` id or externid,
 * `conditions[0][op]` = or in, `conditions[0][value]`); an externid preselection is replaced by the
 * ids the look-up returns.
 */
import type { Choice, Preselection, PreselectionName } from './query-params.ts';

/** The booking steps a preselection can fix. */
export type PreselectableStep =
  | 'interventionset_ids'
  | 'intervention_ids'
  | 'calendarset_id'
  | 'calendar_id'
  | 'resource_id';

const STEP_OF: Record<PreselectionName, PreselectableStep> = {
  interventionset_ids: 'interventionset_ids',
  intervention_ids: 'intervention_ids',
  pack_id: 'intervention_ids',
  calendarset_id: 'calendarset_id',
  calendar_id: 'calendar_id',
  calendar_ids: 'calendar_id',
  resource_id: 'resource_id',
};

/** The steps whose value the query string fixes ("0" for a calendar or resource fixes "no choice"). */
export function fixedSteps(preselection: Preselection): Set<PreselectableStep> {
  const steps = new Set<PreselectableStep>();
  for (const [name, choice] of Object.entries(preselection) as [PreselectionName, Choice | undefined][]) {
    if (choice) steps.add(STEP_OF[name]);
  }
  return steps;
}

export type LookupEndpoint =
  | 'interventionsets'
  | 'interventions'
  | 'pack_interventions'
  | 'calendarsets'
  | 'calendars';

export interface PreselectionLookup {
  param: PreselectionName;
  endpoint: LookupEndpoint;
  /** Only resources (calendars with the resource flag) are acceptable. */
  resource?: boolean;
  field: 'id' | 'externid';
  op: '=' | 'in';
  values: (number | string)[];
}

const ENDPOINT_OF: Record<PreselectionName, LookupEndpoint> = {
  interventionset_ids: 'interventionsets',
  intervention_ids: 'interventions',
  pack_id: 'pack_interventions',
  calendarset_id: 'calendarsets',
  calendar_id: 'calendars',
  calendar_ids: 'calendars',
  resource_id: 'calendars',
};

/** One look-up per preselected parameter ("no choice" needs none). */
export function preselectionLookups(preselection: Preselection): PreselectionLookup[] {
  const lookups: PreselectionLookup[] = [];
  for (const [param, choice] of Object.entries(preselection) as [PreselectionName, Choice | undefined][]) {
    if (!choice || choice.by === 'none') continue;
    const values = choice.by === 'id' ? choice.ids : choice.externids;
    lookups.push({
      param,
      endpoint: ENDPOINT_OF[param],
      ...(param === 'resource_id' ? { resource: true } : {}),
      field: choice.by,
      op: values.length === 1 ? '=' : 'in',
      values,
    });
  }
  return lookups;
}

/** The conditions query of a look-up, in the spec's bracket form (values of "in" comma-separated). */
export function lookupConditions(lookup: PreselectionLookup): URLSearchParams {
  return new URLSearchParams({
    'conditions[0][field]': lookup.field,
    'conditions[0][op]': lookup.op,
    'conditions[0][value]': lookup.values.join(','),
  });
}

/**
 * The verified preselection: each choice replaced by the ids the look-up found (in the order asked).
 * A choice whose values were not all found is dropped, like an invalid parameter.
 */
export function applyLookupResults(
  preselection: Preselection,
  found: Partial<Record<PreselectionName, readonly { id: number; externid?: string | null }[]>>,
): { preselection: Preselection; unverified: PreselectionName[] } {
  const verified: Preselection = {};
  const unverified: PreselectionName[] = [];
  for (const [param, choice] of Object.entries(preselection) as [PreselectionName, Choice | undefined][]) {
    if (!choice) continue;
    if (choice.by === 'none') {
      verified[param] = choice;
      continue;
    }
    const records = found[param] ?? [];
    const ids =
      choice.by === 'id'
        ? choice.ids.filter((id) => records.some((r) => r.id === id))
        : choice.externids.flatMap((e) => records.filter((r) => r.externid === e).map((r) => r.id));
    const asked = choice.by === 'id' ? choice.ids.length : choice.externids.length;
    if (ids.length === asked) verified[param] = { by: 'id', ids };
    else unverified.push(param);
  }
  return { preselection: verified, unverified };
}
