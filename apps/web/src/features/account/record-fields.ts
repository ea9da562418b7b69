/**
 * The fields of a customer record on the records page (docs/requirements/accounts-and-appointments.md §2 customer-records page, §3, §5):
 * the group's fiche form with the person fields the server always adds (first and last name,
 * e-mail, phone) first, asked as a customer sees them — the e-mail of an Account-profile customer's
 * record is the account's own, so it is not asked.
 */
import { MAX_RECORDS_PER_ACCOUNT } from '@creneau/core/booking/records-cap';
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import { visibleFields } from '@creneau/core/validation/hidden-fields';
import type { Group } from '../../api/group.ts';

/** docs/requirements/accounts-and-appointments.md §2, §9: the add tab is offered while fewer than 8 records are shown (core records-cap). */
export const MAX_RECORDS = MAX_RECORDS_PER_ACCOUNT;

/** The person fields the server adds to every group's form (apps/server fiches.service BASE_FIELDS). */
const PERSON_FIELDS: readonly [name: string, type: 'text' | 'email', required: boolean, maxLength: number][] =
  [
    ['firstname', 'text', true, 100],
    ['lastname', 'text', true, 100],
    ['email', 'email', false, 254],
    ['firstphone', 'text', false, 30],
  ];

/** The group's form with the missing person fields first, labelled through `label`. */
export function recordFormFields(
  defined: readonly FormField[],
  label: (name: string) => string,
): FormField[] {
  const names = new Set(defined.map((f) => f.name));
  const person = PERSON_FIELDS.filter(([name]) => !names.has(name)).map(
    ([name, type, required, maxLength]): FormField => ({
      name,
      type,
      label: label(name),
      rightLabel: null,
      allowAny: false,
      required,
      maxLength,
      trim: true,
      description: null,
      addEmptyChoice: false,
      value: null,
      birthdate: false,
    }),
  );
  return [...person, ...defined];
}

/** The fields a customer fills for an existing record (`saved`) or a new one. */
export function recordFieldsFor(
  group: Pick<Group, 'forms' | 'loginProfile' | 'hide_marketing_sms' | 'profile'>,
  saved: boolean,
  label: (name: string) => string,
): FormField[] {
  return visibleFields(recordFormFields(group.forms.fiche, label), {
    form: 'fiche',
    role: 'user',
    loginProfile: group.loginProfile,
    hideMarketingSms: group.hide_marketing_sms || Boolean(group.profile.hide_marketing_sms),
    ficheSelected: saved,
    antsMode: group.profile.ants_group,
  });
}

/** True when the values differ from the saved ones on the form's fields (an unsaved change). */
export function hasUnsavedChanges(
  saved: Record<string, unknown>,
  current: Record<string, unknown>,
  fields: readonly Pick<FormField, 'name'>[],
): boolean {
  const norm = (value: unknown) =>
    value === undefined || value === null || value === '' || value === false ? null : JSON.stringify(value);
  return fields.some((f) => norm(saved[f.name]) !== norm(current[f.name]));
}
