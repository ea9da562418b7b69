/**
 * The rules of the contact-details step (docs/requirements/accounts-and-appointments.md §2 fiche step, §4 Booking details, §5, §6):
 * - a person needs a name whatever the group's form says (the server adds first and last name,
 *   e-mail and phone when the form lacks them; the page asks the same);
 * - which fields are asked depends on who books (core hidden-fields);
 * - the new-fiche entry is offered under 8 fiches and not while changing an appointment;
 * - submit waits for a fiche, accepted video-conference terms and error-free forms; the hint says
 *   which, in that order: terms, form errors, choose a fiche.
 */
import { MAX_RECORDS_PER_ACCOUNT, mayAddRecord } from '@creneau/core/booking/records-cap';
import type { FormField } from '@creneau/core/group-config/group-config.schema';

/** docs/requirements/accounts-and-appointments.md §9: the new-fiche option while a customer sees fewer than 8 (core records-cap). */
export const MAX_FICHES = MAX_RECORDS_PER_ACCOUNT;

const base = (name: string, type: 'text' | 'email', required: boolean, maxLength: number): FormField => ({
  name,
  type,
  label: name,
  rightLabel: null,
  allowAny: false,
  required,
  maxLength,
  trim: true,
  description: null,
  addEmptyChoice: false,
  value: null,
  birthdate: false,
});

/** The fields a fiche always has, labelled by the page when the group's form lacks them. */
export const BASE_FICHE_FIELDS: readonly FormField[] = [
  base('firstname', 'text', true, 100),
  base('lastname', 'text', true, 100),
  base('email', 'email', false, 254),
  base('firstphone', 'text', false, 30),
];

/** The group's fiche form with the base fields it lacks first (as the server validates it). */
export function ficheFormFields(defined: readonly FormField[]): FormField[] {
  const names = new Set(defined.map((f) => f.name));
  return [...BASE_FICHE_FIELDS.filter((f) => !names.has(f.name)), ...defined];
}

/** Whether the accordion offers a new fiche (docs/customer-area.md, records cap); `count` is of the fiches shown. */
export function offersNewFiche(count: number, editing: boolean): boolean {
  return mayAddRecord(count) && !editing;
}

export type SubmitBlock = 'acceptJitsi' | 'formStdError' | 'selectFiche' | null;

/** Why the booking cannot be sent yet, or null. */
export function submitBlock(state: {
  hasFiche: boolean;
  videoconference: boolean;
  termsAccepted: boolean;
  formsValid: boolean;
}): SubmitBlock {
  if (state.videoconference && !state.termsAccepted) return 'acceptJitsi';
  if (!state.formsValid) return 'formStdError';
  if (!state.hasFiche) return 'selectFiche';
  return null;
}

/** A saved fiche as form values: its columns and its own fields. */
export function ficheValues(
  fiche: Record<string, unknown>,
  fields: readonly FormField[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = fiche[field.name];
    if (value !== undefined && value !== null) values[field.name] = value;
  }
  return values;
}

/** True when two value sets differ on the given fields (a saved fiche was edited). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly FormField[],
): boolean {
  const norm = (v: unknown) => (v === undefined || v === null || v === '' ? null : JSON.stringify(v));
  return fields.some((f) => norm(before[f.name]) !== norm(after[f.name]));
}
