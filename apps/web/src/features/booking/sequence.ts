/**
 * The booking sequence (docs/requirements/booking-flow.md §3 "Sequence", §4 "Booking sequence") as pure reducers over the
 * state the booking store keeps: the selection (filters), the per-item calendar choices of packs,
 * and where the visitor stands. The rules:
 * - a choice stores its value, clears the values of the steps after it (core clearAfter) and moves
 *   to the next step that is not passed over; the steps passed over on the way are recorded as
 *   ignored, so a reload knows they were settled;
 * - going back to a step clears the values after it; the step keeps its own value (so "next" stays
 *   allowed) and the ignored list is trimmed to the step;
 * - a step can be shown only once every step before it is done or ignored;
 * - adding or replacing an appointment (booking summary) returns to the services while keeping the
 *   services already chosen; deleting or reordering one keeps the later choices but drops the slot.
 */
import {
  clearAfter,
  emptySelection,
  type StartContext,
  type StepChoices,
} from '@creneau/core/booking/selection';
import type { BookingStep, BookingStepName } from '@creneau/core/booking/step-list';
import { type ChosenService, isStepSkipped } from '@creneau/core/booking/step-skipping';

/** Calendar chosen per item of each chosen service or pack (by its id); null: no preference. */
export type ItemCalendars = Record<string, (number | null)[]>;

/** "Add another appointment" or "replace appointment N" from the booking summary. */
export type PendingChange = { kind: 'add' } | { kind: 'replace'; index: number };

export interface Sequence {
  /** Index of the step shown last. */
  current: number;
  /** Steps whose choice is made (their value may be "no preference"). */
  done: BookingStepName[];
  /** Steps passed over (unique choice picked, skipped by a rule). */
  ignored: BookingStepName[];
  went_back: boolean;
  same_step: boolean;
  /** An appointment being changed: its id; the earlier steps are locked. */
  editing: number | null;
  pending: PendingChange | null;
}

export interface FlowState {
  selection: StepChoices;
  itemCalendars: ItemCalendars;
  sequence: Sequence;
}

/** What decides whether a step is passed over. */
export interface PassContext {
  services: readonly ChosenService[];
  calendarsetCount?: number | undefined;
  /** A logged-in visitor passes the login step. */
  logged: boolean;
}

export const emptySequence = (): Sequence => ({
  current: 0,
  done: [],
  ignored: [],
  went_back: false,
  same_step: false,
  editing: null,
  pending: null,
});

/** A fresh booking: the query's preselection applied to an empty selection. */
export function initialFlow(start: StartContext, preset: Partial<StepChoices> = {}): FlowState {
  return { selection: { ...emptySelection(start), ...preset }, itemCalendars: {}, sequence: emptySequence() };
}

/** True when the rules pass over a step (login for logged visitors, skippable or empty steps). */
export function isPassedOver(step: Pick<BookingStep, 'name'>, context: PassContext): boolean {
  if (step.name === 'login') return context.logged;
  return isStepSkipped(step, {
    services: context.services,
    ...(context.calendarsetCount !== undefined ? { calendarsetCount: context.calendarsetCount } : {}),
  });
}

/** The first step after `from` that is not passed over (the last step when all are). */
export function nextIndex(steps: readonly Pick<BookingStep, 'name'>[], from: number, context: PassContext) {
  for (let i = from + 1; i < steps.length; i++) if (!isPassedOver(steps[i]!, context)) return i;
  return steps.length - 1;
}

/** Whether a step may be shown: every step before it is done or ignored. */
export function isReachable(
  steps: readonly Pick<BookingStep, 'name'>[],
  index: number,
  sequence: Pick<Sequence, 'done' | 'ignored'>,
): boolean {
  return steps
    .slice(0, Math.max(0, index))
    .every((s) => sequence.done.includes(s.name) || sequence.ignored.includes(s.name));
}

/** The furthest step the visitor may be on. */
export function furthestReachable(
  steps: readonly Pick<BookingStep, 'name'>[],
  sequence: Pick<Sequence, 'done' | 'ignored'>,
): number {
  let index = 0;
  while (
    index < steps.length - 1 &&
    (sequence.done.includes(steps[index]!.name) || sequence.ignored.includes(steps[index]!.name))
  ) {
    index++;
  }
  return index;
}

const names = (steps: readonly Pick<BookingStep, 'name'>[], from: number, to: number) =>
  steps.slice(from, to).map((s) => s.name);

/** The selection with the values of the steps after `index` cleared, keeping pending services. */
function clearedAfter(state: FlowState, steps: readonly BookingStep[], index: number): FlowState {
  const selection = clearAfter(state.selection, steps, index);
  const servicesIndex = steps.findIndex((s) => s.name === 'intervention_ids');
  const calendarIndex = steps.findIndex((s) => s.name === 'calendar_id');
  const keepServices = state.sequence.pending !== null && index < servicesIndex;
  return {
    ...state,
    selection: keepServices
      ? { ...selection, intervention_ids: state.selection.intervention_ids }
      : selection,
    // Per-item calendars belong to the calendar step (or, without one, to the services).
    itemCalendars:
      (calendarIndex !== -1 && index < calendarIndex) || (calendarIndex === -1 && index < servicesIndex)
        ? {}
        : state.itemCalendars,
  };
}

export interface ChoiceResult {
  state: FlowState;
  /** The step to show next. */
  next: number;
}

/**
 * A choice on step `index`: `apply` returns the new selection (and per-item calendars); the later
 * values are cleared, the step is marked done (and ignored when picked automatically), and the
 * sequence moves to the next step not passed over, recording the ones passed.
 */
export function choose(
  state: FlowState,
  steps: readonly BookingStep[],
  index: number,
  apply: (state: FlowState) => Pick<FlowState, 'selection'> & Partial<Pick<FlowState, 'itemCalendars'>>,
  context: PassContext,
  options: { auto?: boolean } = {},
): ChoiceResult {
  const step = steps[index]!;
  const changed = apply(state);
  let next: FlowState = {
    ...state,
    selection: changed.selection,
    itemCalendars: changed.itemCalendars ?? state.itemCalendars,
  };
  // The services pick completes an add/replace; until then the chosen services are kept.
  const pending = step.name === 'intervention_ids' ? null : state.sequence.pending;
  next = clearedAfter({ ...next, sequence: { ...next.sequence, pending } }, steps, index);
  const target = nextIndex(steps, index, context);
  const before = names(steps, 0, index);
  const passed = names(steps, index + 1, target);
  const sequence: Sequence = {
    ...state.sequence,
    current: target,
    done: [...state.sequence.done.filter((n) => before.includes(n)), step.name],
    ignored: [
      ...state.sequence.ignored.filter((n) => before.includes(n)),
      ...(options.auto ? [step.name] : []),
      ...passed,
    ],
    went_back: false,
    same_step: false,
    pending,
  };
  return { state: { ...next, sequence }, next: target };
}

/** The visitor returns to step `index`: later values cleared, the ignored list trimmed. */
export function goBack(state: FlowState, steps: readonly BookingStep[], index: number): FlowState {
  const cleared = clearedAfter(state, steps, index);
  const upTo = names(steps, 0, index + 1);
  return {
    ...cleared,
    sequence: {
      ...state.sequence,
      current: index,
      done: state.sequence.done.filter((n) => upTo.includes(n)),
      ignored: state.sequence.ignored.filter((n) => names(steps, 0, index).includes(n)),
      went_back: true,
      same_step: index === state.sequence.current,
    },
  };
}

/** Moving forward to a step already reachable (browser forward, step bar "next"). */
export function visit(state: FlowState, index: number): FlowState {
  return {
    ...state,
    sequence: { ...state.sequence, current: index, same_step: index === state.sequence.current },
  };
}

/** Where "add" and "replace" lead: the category step when there is one, else the services. */
export function serviceEntryIndex(steps: readonly BookingStep[]): number {
  const category = steps.findIndex((s) => s.name === 'interventionset_ids');
  const services = steps.findIndex((s) => s.name === 'intervention_ids');
  return category !== -1 && category < services ? category : services;
}

/** Starts adding or replacing an appointment: back to the services, chosen ones kept. */
export function startChange(
  state: FlowState,
  steps: readonly BookingStep[],
  change: PendingChange,
): ChoiceResult {
  const target = serviceEntryIndex(steps);
  const withPending: FlowState = { ...state, sequence: { ...state.sequence, pending: change } };
  return { state: goBack(withPending, steps, Math.max(0, target)), next: Math.max(0, target) };
}

/** The chosen service ids after a pick, honouring a pending add or replace. */
export function servicesAfterPick(
  current: readonly number[],
  picked: readonly number[],
  pending: PendingChange | null,
  groups: readonly (readonly number[])[],
): number[] {
  if (!pending) return [...picked];
  const without = current.filter((id) => !picked.includes(id));
  if (pending.kind === 'add') return [...without, ...picked];
  const replaced = groups[pending.index] ?? [];
  const position = current.findIndex((id) => replaced.includes(id));
  const kept = current.filter((id) => !replaced.includes(id) && !picked.includes(id));
  const at =
    position === -1 ? kept.length : current.slice(0, position).filter((id) => kept.includes(id)).length;
  return [...kept.slice(0, at), ...picked, ...kept.slice(at)];
}

/** Why a later step must be shown again after the appointments changed: only the slot is lost. */
function withoutSlot(state: FlowState, steps: readonly BookingStep[]): FlowState {
  const slots = steps.findIndex((s) => s.name === 'slots');
  const upTo = names(steps, 0, slots);
  return {
    ...state,
    selection: { ...state.selection, slots: null, slot_promotion: null, refresh_slots: true },
    sequence: {
      ...state.sequence,
      current: Math.min(state.sequence.current, slots),
      done: state.sequence.done.filter((n) => upTo.includes(n)),
      ignored: state.sequence.ignored.filter((n) => upTo.includes(n)),
    },
  };
}

/** Removes the appointment made of `ids` (a service and its merged peers, or a pack). */
export function removeAppointment(
  state: FlowState,
  steps: readonly BookingStep[],
  ids: readonly number[],
): FlowState {
  const remaining = state.selection.intervention_ids.filter((id) => !ids.includes(id));
  const itemCalendars = Object.fromEntries(
    Object.entries(state.itemCalendars).filter(([id]) => !ids.includes(Number(id))),
  );
  const next = withoutSlot(
    { ...state, selection: { ...state.selection, intervention_ids: remaining }, itemCalendars },
    steps,
  );
  if (remaining.length > 0) return next;
  // Nothing left to book: back to choosing a service.
  return goBack(next, steps, Math.max(0, serviceEntryIndex(steps)));
}

/** Moves appointment `from` to position `to` (appointments given as id groups, in order). */
export function reorderAppointments(
  state: FlowState,
  steps: readonly BookingStep[],
  groups: readonly (readonly number[])[],
  from: number,
  to: number,
): FlowState {
  if (from === to || from < 0 || to < 0 || from >= groups.length || to >= groups.length) return state;
  const order = [...groups];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  return withoutSlot({ ...state, selection: { ...state.selection, intervention_ids: order.flat() } }, steps);
}

/**
 * Edit mode (docs/requirements/accounts-and-appointments.md §4): the booking's choices are preloaded, every step before the slots is
 * done and locked, and the visitor lands on the slots.
 */
export function startEditing(
  start: StartContext,
  steps: readonly BookingStep[],
  appointmentId: number,
  preset: Partial<StepChoices>,
  itemCalendars: ItemCalendars,
): ChoiceResult {
  const slots = steps.findIndex((s) => s.name === 'slots');
  const base = initialFlow(start, preset);
  return {
    state: {
      ...base,
      itemCalendars,
      sequence: { ...base.sequence, current: slots, done: names(steps, 0, slots), editing: appointmentId },
    },
    next: slots,
  };
}
