/**
 * The visitor's choices in the booking steps (StepChoices: the "Filters" of
 * docs/requirements/booking-flow.md §3) and how choices change them (docs/requirements/booking-flow.md §4).
 * Not to be confused with the engine's BookingSelection (availability.types.ts), what is finally
 * booked. The rules:
 * - going back to a step, or changing the choice of a step, clears the values of the steps after it;
 *   values fixed by the query string belong to no step of the list and are never cleared;
 * - a single calendar is stored as calendar_id, several (the "no preferences" choice) as calendar_ids;
 * - "0" for a calendar or a resource means no choice;
 * - when a calendar, calendar set or resource choice differs from the previous one, the start date
 *   resets to today (or to the date from the query), the chosen slot is cleared and refresh_slots is
 *   raised so the slots are fetched again;
 * - a slots failure clears the slots and lowers refresh_slots; an error text containing
 *   "Invalid calendar" marks the chosen resources invalid.
 */
import type { BookingStepName } from './step-list.ts';

export interface StepChoices {
  interventionset_ids: number[];
  /** Services and packs (they share one id space). */
  intervention_ids: number[];
  calendarset_id: number | null;
  /** One chosen calendar. */
  calendar_id: number | null;
  /** Several calendars ("no preferences" among them); empty when one or none is chosen. */
  calendar_ids: number[];
  resource_id: number | null;
  /** First day the slot step shows, "YYYY-MM-DD". */
  start: string;
  /** The chosen slot's start, or null. */
  slots: string | null;
  /** The promotion percent of the chosen slot, or null. */
  slot_promotion: number | null;
  /** An earlier choice changed: the slots must be fetched again. */
  refresh_slots: boolean;
  /** The chosen resources cannot serve the chosen services. */
  invalid_resources: boolean;
}

export interface StartContext {
  /** Today "YYYY-MM-DD" in the group's time zone. */
  today: string;
  /** The date from the query's date parameter, if any. */
  queryDate?: string | null;
}

/** The start date a reset goes back to: the query's date, else today. */
export function resetStart(context: StartContext): string {
  return context.queryDate ?? context.today;
}

/** A selection with nothing chosen. */
export function emptySelection(context: StartContext): StepChoices {
  return {
    interventionset_ids: [],
    intervention_ids: [],
    calendarset_id: null,
    calendar_id: null,
    calendar_ids: [],
    resource_id: null,
    start: resetStart(context),
    slots: null,
    slot_promotion: null,
    refresh_slots: false,
    invalid_resources: false,
  };
}

type Owned = Partial<StepChoices>;

/** The values each step owns, as they are when nothing is chosen. */
const OWNED: Record<BookingStepName, Owned> = {
  interventionset_ids: { interventionset_ids: [] },
  intervention_ids: { intervention_ids: [] },
  calendarset_id: { calendarset_id: null },
  calendar_id: { calendar_id: null, calendar_ids: [] },
  resource_id: { resource_id: null, invalid_resources: false },
  slots: { slots: null, slot_promotion: null },
  login: {},
  fiche_info: {},
  confirm: {},
};

/** The selection with the values of the steps after `index` cleared (going back, changing a choice). */
export function clearAfter(
  selection: StepChoices,
  steps: readonly { name: BookingStepName }[],
  index: number,
): StepChoices {
  let cleared = selection;
  for (const step of steps.slice(Math.max(0, index + 1))) cleared = { ...cleared, ...OWNED[step.name] };
  return cleared;
}

/** A calendar or resource value: "0", 0, "" or null mean no choice (null); an id; else undefined. */
export function parseChoiceId(raw: string | number | null | undefined): number | null | undefined {
  if (raw == null || raw === '' || raw === 0 || (typeof raw === 'string' && /^0+$/.test(raw.trim())))
    return null;
  const n = typeof raw === 'number' ? raw : /^\d{1,10}$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return a.length === b.length && b.every((id) => set.has(id));
}

function withReset(selection: StepChoices, changed: boolean, context: StartContext): StepChoices {
  if (!changed) return selection;
  return { ...selection, start: resetStart(context), slots: null, slot_promotion: null, refresh_slots: true };
}

/**
 * Stores a calendar choice: no id or only 0 → no choice; one → calendar_id; several →
 * calendar_ids. A different choice resets the start date and raises refresh_slots.
 */
export function pickCalendars(
  selection: StepChoices,
  ids: readonly number[],
  context: StartContext,
): StepChoices {
  const chosen = [...new Set(ids.filter((id) => id > 0))];
  const calendar_id = chosen.length === 1 ? chosen[0]! : null;
  const calendar_ids = chosen.length > 1 ? chosen : [];
  const changed = calendar_id !== selection.calendar_id || !sameIds(calendar_ids, selection.calendar_ids);
  if (!changed) return selection;
  return withReset({ ...selection, calendar_id, calendar_ids }, true, context);
}

/** Stores a resource choice (null: no choice); a different one resets the start date. */
export function pickResource(selection: StepChoices, id: number | null, context: StartContext): StepChoices {
  const resource_id = id && id > 0 ? id : null;
  const changed = resource_id !== selection.resource_id;
  return withReset({ ...selection, resource_id, invalid_resources: false }, changed, context);
}

/** Stores a calendar-set choice (null: no choice); a different one resets the start date. */
export function pickCalendarset(
  selection: StepChoices,
  id: number | null,
  context: StartContext,
): StepChoices {
  const calendarset_id = id && id > 0 ? id : null;
  const changed = calendarset_id !== selection.calendarset_id;
  return withReset({ ...selection, calendarset_id }, changed, context);
}

/** Stores the chosen slot and its promotion percent (null when not promoted). */
export function pickSlot(
  selection: StepChoices,
  start: string,
  promotion: number | null = null,
): StepChoices {
  return { ...selection, slots: start, slot_promotion: promotion };
}

/** After a failed slots request: slots cleared, refresh off, resources invalid on "Invalid calendar". */
export function applySlotsFailure(selection: StepChoices, errorText: string): StepChoices {
  return {
    ...selection,
    slots: null,
    slot_promotion: null,
    refresh_slots: false,
    invalid_resources: selection.invalid_resources || errorText.includes('Invalid calendar'),
  };
}

/**
 * Multi-appointment steps (max_multirdvs above 1): the chosen resources are invalid when none of
 * them is linked to every chosen service that needs a resource (links: calendar id → service ids,
 * the group's calendars_interventions_links).
 */
export function resourcesIncompatible(
  resourceIds: readonly number[],
  services: readonly { id: number; need_resource: boolean }[],
  links: Readonly<Record<string, readonly number[]>>,
): boolean {
  const needing = services.filter((s) => s.need_resource);
  if (resourceIds.length === 0 || needing.length === 0) return false;
  return !resourceIds.some((resource) => needing.every((s) => (links[resource] ?? []).includes(s.id)));
}
