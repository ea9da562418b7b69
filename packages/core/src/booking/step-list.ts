/**
 * The booking step list (docs/requirements/booking-flow.md §2 "Building the step list"), built once at start-up from the
 * group's configuration and the query string, then walked by the sequence. The rules, in order:
 * 1. start from steps_init when the group provides one, else user_sequence_config (per-step options
 *    come from user_sequence_config either way); a name listed twice counts once;
 * 2. a category step is added when the group has categories (public_interventionsets > 0), a
 *    calendar-set step when it has calendar sets (public_calendarsets > 0);
 * 3. the resource step is removed when the group has no resources;
 * 4. steps whose value the query string fixes are dropped (fixing the services also settles the
 *    category, fixing the calendar settles the calendar set);
 * 5. a login step stays where the sequence puts it;
 * 6. slots, fiche_info and confirm are always appended.
 * Decision (the spec is silent): a sequence without a services step gets one, since no booking can
 * be made without a service; it goes first, after the category step.
 * Skipping at run time (unique choice, skippable_agenda, need_resource) is in step-skipping.ts.
 */
import type { GroupSettings } from '../group-config/group-config.schema.ts';

export type SequenceStepConfig = GroupSettings['user_sequence_config'][number];
export type SequenceStepName = SequenceStepConfig['name'];
export type BookingStepName = SequenceStepName | 'slots' | 'fiche_info' | 'confirm';

export interface BookingStep {
  name: BookingStepName;
  /** The configured cap on services per booking (services step); null when not set. */
  max_multirdvs: number | null;
  skip_uniq_choice: boolean;
  /** Offer a "no preferences" choice. */
  any: boolean;
  preposition: string | null;
}

/** What the builder reads from the group (docs/requirements/booking-flow.md §3 Group). */
export interface StepListGroup {
  user_sequence_config: readonly (Partial<SequenceStepConfig> & Pick<SequenceStepConfig, 'name'>)[];
  steps_init?: readonly SequenceStepName[] | null;
  public_interventionsets: number;
  public_calendarsets: number;
  resource_count: number;
}

export const FINAL_STEPS = ['slots', 'fiche_info', 'confirm'] as const;

/** Steps whose value is settled when another step's value is fixed by the query. */
const SETTLED_BY: Partial<Record<SequenceStepName, SequenceStepName>> = {
  interventionset_ids: 'intervention_ids',
  calendarset_id: 'calendar_id',
};

function step(name: BookingStepName, config?: Partial<SequenceStepConfig>): BookingStep {
  return {
    name,
    max_multirdvs: config?.max_multirdvs ?? null,
    skip_uniq_choice: config?.skip_uniq_choice ?? false,
    any: config?.any ?? false,
    preposition: config?.preposition ?? null,
  };
}

function insertBefore(steps: BookingStep[], added: BookingStep, before: SequenceStepName[]): void {
  const index = steps.findIndex((s) => (before as string[]).includes(s.name));
  steps.splice(index === -1 ? steps.length : index, 0, added);
}

/** The ordered booking steps for a group and the steps the query string fixes (rules above). */
export function buildStepList(group: StepListGroup, fixed: ReadonlySet<string> = new Set()): BookingStep[] {
  const configOf = (name: SequenceStepName) => group.user_sequence_config.find((s) => s.name === name);
  const names: SequenceStepName[] =
    group.steps_init && group.steps_init.length > 0
      ? [...group.steps_init]
      : group.user_sequence_config.map((s) => s.name);
  const steps: BookingStep[] = [];
  for (const name of names) {
    if (!steps.some((s) => s.name === name)) steps.push(step(name, configOf(name)));
  }
  const has = (name: SequenceStepName) => steps.some((s) => s.name === name);

  if (!has('intervention_ids')) {
    insertBefore(steps, step('intervention_ids', configOf('intervention_ids')), [
      'calendarset_id',
      'calendar_id',
      'resource_id',
      'login',
    ]);
  }
  if (group.public_interventionsets > 0 && !has('interventionset_ids')) {
    insertBefore(steps, step('interventionset_ids', configOf('interventionset_ids')), ['intervention_ids']);
  }
  if (group.public_calendarsets > 0 && !has('calendarset_id')) {
    // Before the calendar step; without one, right after the services (what the sets narrow down).
    const calendar = steps.findIndex((s) => s.name === 'calendar_id');
    const services = steps.findIndex((s) => s.name === 'intervention_ids');
    steps.splice(
      calendar !== -1 ? calendar : services + 1,
      0,
      step('calendarset_id', configOf('calendarset_id')),
    );
  }
  const kept = steps.filter((s) => {
    const name = s.name as SequenceStepName;
    if (name === 'resource_id' && group.resource_count === 0) return false;
    if (fixed.has(name)) return false;
    const settledBy = SETTLED_BY[name];
    return !(settledBy && fixed.has(settledBy));
  });
  return [...kept, ...FINAL_STEPS.map((name) => step(name))];
}

/** Default and floor of services per booking (docs/requirements/booking-flow.md §4, §9: default maximum 1). */
export const DEFAULT_MAX_SERVICES = 1;

/**
 * How many services one booking may hold: the services step's max_multirdvs, else 1; 0 means one
 * service (docs/booking.md). The max_multirdvs query parameter may lower it for one page, never raise it:
 * the server refuses a booking above the group's own cap (docs/booking.md, services per booking).
 */
export function maxServicesPerBooking(
  group: Pick<StepListGroup, 'user_sequence_config'>,
  queryMax?: number | null,
): number {
  const configured = group.user_sequence_config.find((s) => s.name === 'intervention_ids')?.max_multirdvs;
  const cap = Math.max(DEFAULT_MAX_SERVICES, configured ?? DEFAULT_MAX_SERVICES);
  return queryMax == null ? cap : Math.max(DEFAULT_MAX_SERVICES, Math.min(cap, queryMax));
}
