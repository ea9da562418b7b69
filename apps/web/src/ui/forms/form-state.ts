/**
 * The state rules of a dynamic form (docs/requirements/accounts-and-appointments.md §5), kept pure: every shown field is validated with
 * the shared core rules (the server checks the same), errors show once a field was left or a
 * submit was tried and then follow each keystroke, text is trimmed when a field is left, and a
 * date typed in an errored state is forgotten when the language changes (its format changed).
 */
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import type { Locale } from '@creneau/core/locales';
import { FIELD_ERROR_MESSAGES, type FieldError, fieldError } from '@creneau/core/validation/field-errors';
import { type FormResult, validateForm } from '@creneau/core/validation/form-fields';
import { formatLocaleDate } from '@creneau/core/validation/locale-date';

export type FormValues = Record<string, unknown>;

/** The form checked against its fields, dates read in the page language. */
export function checkForm(
  fields: readonly FormField[],
  values: FormValues,
  context: { locale: Locale; today: string },
): FormResult {
  return validateForm(fields, values, { today: context.today, dateInput: context.locale });
}

/** The errors to show: of fields left at least once, or all after a submit attempt. */
export function visibleErrors(
  result: Pick<FormResult, 'errors'>,
  touched: ReadonlySet<string>,
  submitted: boolean,
): Record<string, FieldError> {
  if (submitted) return result.errors;
  return Object.fromEntries(Object.entries(result.errors).filter(([name]) => touched.has(name)));
}

/** The value after leaving a field: text trimmed unless the field says otherwise. */
export function valueOnBlur(field: Pick<FormField, 'type' | 'trim'>, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (
    field.type === 'text' ||
    field.type === 'email' ||
    field.type === 'integer' ||
    field.type === 'datesplit'
  ) {
    return field.trim === false && field.type === 'text' ? value : value.trim();
  }
  return value;
}

/** The form's starting values: given ones, else each field's default (checkbox off, stored dates in the language's format). */
export function initialValues(fields: readonly FormField[], given: FormValues, locale: Locale): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = Object.hasOwn(given, field.name) ? given[field.name] : field.value;
    if (field.type === 'datesplit' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      values[field.name] = formatLocaleDate(value, locale) ?? value;
    } else if (field.type === 'boolean') {
      values[field.name] = value === true || value === 'true' || value === 1 || value === '1';
    } else if (value !== undefined && value !== null) {
      values[field.name] = value;
    }
  }
  return values;
}

/** Dates whose text fails in the new language are cleared (docs/requirements/accounts-and-appointments.md §5 "changing locale resets an errored date"). */
export function resetErroredDates(
  fields: readonly FormField[],
  values: FormValues,
  context: { locale: Locale; today: string },
): FormValues {
  const result = checkForm(fields, values, context);
  let changed = false;
  const next = { ...values };
  for (const field of fields) {
    if (field.type === 'datesplit' && result.errors[field.name]?.code === 'dateFormat') {
      next[field.name] = '';
      changed = true;
    }
  }
  return changed ? next : values;
}

/** A server's per-field codes (422 formStdError, vevent) as FieldErrors. */
export function serverFieldErrors(codes: Record<string, string> | undefined): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const [name, code] of Object.entries(codes ?? {})) {
    errors[name] = fieldError(
      Object.hasOwn(FIELD_ERROR_MESSAGES, code) ? (code as FieldError['code']) : 'format',
    );
  }
  return errors;
}

/** A field's label and description in the page language (the group's translations, else its own). */
export function fieldTexts(field: FormField, locale: Locale): { label: string; description: string | null } {
  const own = field.translations?.[locale];
  return { label: own?.label || field.label, description: own?.description || field.description || null };
}
