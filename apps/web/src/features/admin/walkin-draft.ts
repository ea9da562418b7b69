/**
 * A booking from the agenda as the staff fill it in (docs/back-office.md "Booking from the
 * agenda"): the dialog's own checks before anything is sent, and the booking sent. The server
 * checks everything again.
 */
import type { WalkInBooking } from '../../api/admin-actions.ts';
import { minuteOfClock, wallClockOf } from './agenda-grid.ts';
import type { PickedCustomer } from './CustomerPicker.tsx';
import type { Refusal } from './walkin-errors.ts';

/** The override reason's bounds (packages/contract: MAX_OVERRIDE_REASON, at least 3 characters). */
export const MIN_REASON = 3;
export const MAX_REASON = 300;

export interface NewPerson {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
}

export interface WalkInDraft {
  calendarId: number;
  serviceId: number | null;
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM. */
  time: string;
  mode: 'existing' | 'new';
  picked: PickedCustomer | null;
  person: NewPerson;
  comments: string;
  notify: boolean;
  reason: string;
}

/** Whether a new customer's e-mail and phone are required, from the group's record form. */
export interface RequiredContact {
  email: boolean;
  phone: boolean;
}

/** The group's record form says which; the server holds a walk-in to the booking pages' rules. */
export function requiredContactOf(
  ficheFields: readonly { name: string; required?: boolean | undefined }[] | undefined,
): RequiredContact {
  const required = (name: string) => (ficheFields ?? []).some((f) => f.name === name && f.required);
  return { email: required('email'), phone: required('firstphone') };
}

/** What the dialog refuses before sending, in the order of the form. */
export function checkWalkIn(
  draft: WalkInDraft,
  requiredContact: RequiredContact,
  canOverride: boolean,
): Refusal[] {
  const found: Refusal[] = [];
  const { person } = draft;
  if (draft.serviceId === null) found.push({ key: 'walkin.errors.service', field: 'service' });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date) || minuteOfClock(draft.time) === null)
    found.push({ key: 'walkin.errors.when', field: 'time' });
  if (draft.mode === 'existing' && !draft.picked)
    found.push({ key: 'walkin.errors.pick', field: 'customer' });
  if (draft.mode === 'new') {
    if (!person.firstname.trim())
      found.push({ key: 'booking.fieldErrors.emptyRequiredTextInput', core: true, field: 'firstname' });
    if (!person.lastname.trim())
      found.push({ key: 'booking.fieldErrors.emptyRequiredTextInput', core: true, field: 'lastname' });
    for (const field of ['email', 'phone'] as const)
      if (requiredContact[field] && !person[field].trim())
        found.push({ key: 'booking.fieldErrors.emptyRequiredTextInput', core: true, field });
  }
  const given = draft.reason.trim();
  if (canOverride && given && (given.length < MIN_REASON || given.length > MAX_REASON))
    found.push({ key: 'walkin.errors.reason', field: 'override' });
  return found;
}

/**
 * The booking sent for a checked draft: the picked customer, or the new one's filled fields; empty
 * texts are left out. A time that cannot be read keeps the place's minute (`fallbackMinute`).
 */
export function bookingOf(draft: WalkInDraft, fallbackMinute: number, canOverride: boolean): WalkInBooking {
  const { person } = draft;
  const minute = minuteOfClock(draft.time) ?? fallbackMinute;
  const customer: WalkInBooking['customer'] =
    draft.mode === 'existing' && draft.picked
      ? { fiche_id: draft.picked.fiche_id }
      : {
          firstname: person.firstname.trim(),
          lastname: person.lastname.trim(),
          ...(person.email.trim() ? { email: person.email.trim() } : {}),
          ...(person.phone.trim() ? { phone: person.phone.trim() } : {}),
        };
  return {
    calendar_id: draft.calendarId,
    intervention_id: draft.serviceId as number,
    start: wallClockOf(draft.date, minute),
    customer,
    ...(draft.comments.trim() ? { comments: draft.comments.trim() } : {}),
    notify_customer: draft.notify,
    ...(canOverride && draft.reason.trim() ? { override_reason: draft.reason.trim() } : {}),
  };
}

/** "30 min" in the page's language. */
export function minuteFormat(language: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  } catch {
    return new Intl.NumberFormat('en', { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  }
}
