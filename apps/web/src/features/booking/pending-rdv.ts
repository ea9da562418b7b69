/**
 * The pending appointment (docs/requirements/accounts-and-appointments.md §3 Session pendingRdv, §4): a booking chosen before
 * registering travels with the registration, comes back with the first login, and resumes — choices
 * and slot restored, straight to the contact details (or to the step after the login when no slot
 * was chosen yet).
 */
import type { StepChoices } from '@creneau/core/booking/selection';
import type { BookingStep } from '@creneau/core/booking/step-list';
import { emptySequence, type FlowState, type ItemCalendars } from './sequence.ts';

export interface PendingRdv {
  kind: 'creneau.booking';
  urlname: string;
  selection: StepChoices;
  itemCalendars: ItemCalendars;
}

/** What registering carries for the booking in progress; undefined when nothing is chosen yet. */
export function pendingRdvOf(
  urlname: string,
  state: Pick<FlowState, 'selection' | 'itemCalendars'>,
): PendingRdv | undefined {
  if (state.selection.intervention_ids.length === 0) return undefined;
  return { kind: 'creneau.booking', urlname, selection: state.selection, itemCalendars: state.itemCalendars };
}

function isPending(value: unknown): value is PendingRdv {
  const v = value as Partial<PendingRdv> | null;
  return (
    !!v &&
    v.kind === 'creneau.booking' &&
    typeof v.urlname === 'string' &&
    !!v.selection &&
    Array.isArray(v.selection.intervention_ids) &&
    v.selection.intervention_ids.every((id) => Number.isInteger(id) && id > 0)
  );
}

/**
 * The booking to resume for this group, with where to go: the contact details when a slot was
 * chosen (every step before them settled), else the step after the login. Null when the pending
 * appointment is not this group's or not readable.
 */
export function resumePending(
  raw: unknown,
  urlname: string,
  steps: readonly BookingStep[],
): { state: FlowState; next: number } | null {
  if (!isPending(raw) || raw.urlname !== urlname) return null;
  const fiche = steps.findIndex((s) => s.name === 'fiche_info');
  const login = steps.findIndex((s) => s.name === 'login');
  const next = raw.selection.slots && fiche !== -1 ? fiche : Math.min(steps.length - 1, login + 1);
  return {
    state: {
      selection: { ...raw.selection, refresh_slots: true },
      itemCalendars: raw.itemCalendars ?? {},
      sequence: { ...emptySequence(), current: next, done: steps.slice(0, next).map((s) => s.name) },
    },
    next,
  };
}
