/**
 * Validation of the group's dynamic forms (fiche and vevent) against their field definitions
 * (docs/requirements/accounts-and-appointments.md §3 "Form field definition", §5). The same function gives the web form its live errors
 * and the server its verdict, so both agree. Values come in as typed (or as JSON from the API) and
 * leave in their stored form:
 *
 * | type        | accepted input                                    | stored           |
 * |-------------|---------------------------------------------------|------------------|
 * | text        | string (numbers are stringified)                  | string, trimmed when field.trim |
 * | email       | string                                            | trimmed, lower-cased |
 * | integer     | integer number, or a string of digits with sign   | number           |
 * | boolean     | true/false, "true"/"false", "1"/"0", 1/0, "on"    | boolean          |
 * | select      | one of the choices' values                        | string           |
 * | radio       | a choice value; with allowAny any text, or {other: text} for the free-text answer | string |
 * | linkedcombo | {value, child} (child among the chosen value's children), or the value alone when it has none | {value, child} |
 * | datesplit   | text in the input format (a language, or "iso"), or {day, month, year} | "YYYY-MM-DD" |
 *
 * Empty (null, undefined, "", only spaces, unchecked box) is `empty` when required, else stored
 * as null (false for a boolean). Failure codes and their messages: see field-errors.ts.
 */
import type { FormField } from '../group-config/group-config.schema.ts';
import type { Locale } from '../locales.ts';
import { isRealDate, parseIsoDate, toIsoDate } from './calendar-date.ts';
import { isValidEmail, normalizeEmail } from './email.ts';
import { type FieldError, fieldError } from './field-errors.ts';
import { parseLocaleDate } from './locale-date.ts';
import {
  normalizeReferenceNumber,
  REFERENCE_FIELD_NAME,
  validateReferenceNumber,
} from './reference-number.ts';
import { isAllowedText, textKindOfField } from './text-rules.ts';

export const TEXT_MAX_LENGTH_DEFAULT = 255;
export const TEXT_MIN_LENGTH_DEFAULT = 0;
export const INTEGER_MAX = 2_147_483_647;
/** The spec gives only a maximum; the minimum is the other end of the same 32-bit range. */
export const INTEGER_MIN = -2_147_483_648;

/** The parts of a field definition that validation reads; defaults as in the configuration format. */
export type FieldDefinition = Pick<FormField, 'name' | 'type'> &
  Partial<
    Pick<
      FormField,
      'required' | 'choices' | 'allowAny' | 'minLength' | 'maxLength' | 'trim' | 'birthdate' | 'rows'
    >
  >;

export interface LinkedComboValue {
  value: string;
  child: string | null;
}

export type StoredFieldValue = string | number | boolean | LinkedComboValue | null;

export interface FieldContext {
  /** Today's date "YYYY-MM-DD" in the group's time zone: birth dates may not be after it. */
  today: string;
  /** How datesplit text is written: a language's input format (web forms) or "iso" (API). Default iso. */
  dateInput?: Locale | 'iso';
}

export type FieldResult = { ok: true; value: StoredFieldValue } | { ok: false; error: FieldError };

export interface FormResult {
  valid: boolean;
  /** Every defined field in its stored form; fields in error are left out. */
  values: Record<string, StoredFieldValue>;
  /** The first failure of each field in error, by field name. */
  errors: Record<string, FieldError>;
  /** Names present in the input that the form does not define (ignored). */
  unknown: string[];
}

const ok = (value: StoredFieldValue): FieldResult => ({ ok: true, value });
const fail = (code: FieldError['code']): FieldResult => ({ ok: false, error: fieldError(code) });
const missing = (field: FieldDefinition): FieldResult => (field.required ? fail('empty') : ok(null));

function isBlank(raw: unknown): boolean {
  return raw == null || (typeof raw === 'string' && raw.trim() === '');
}

/** A string for text-like input (numbers are accepted as their decimal text), else undefined. */
function asText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return undefined;
}

const codePoints = (value: string) => [...value].length;

function validateText(field: FieldDefinition, raw: unknown): FieldResult {
  if (isBlank(raw)) return missing(field);
  const text = asText(raw);
  if (text === undefined) return fail('format');
  const value = field.trim === false ? text : text.trim();
  // Characters first (text-rules.ts): a name takes no line break or bidi control, only a field of
  // several rows takes line breaks, nothing takes NUL or other control characters.
  if (!isAllowedText(value, textKindOfField(field))) return fail('format');
  if (field.name === REFERENCE_FIELD_NAME) {
    // str9 (docs/requirements/accounts-and-appointments.md §5): upper-cased, then the reference-number pattern instead of the lengths.
    return validateReferenceNumber(value) ? fail('formatAnts') : ok(normalizeReferenceNumber(value));
  }
  const length = codePoints(value);
  const min = field.minLength ?? TEXT_MIN_LENGTH_DEFAULT;
  const max = field.maxLength ?? TEXT_MAX_LENGTH_DEFAULT;
  return length < min || length > max ? fail('format') : ok(value);
}

function validateEmailField(field: FieldDefinition, raw: unknown): FieldResult {
  if (isBlank(raw)) return missing(field);
  if (typeof raw !== 'string') return fail('emailValidator');
  const value = raw.trim();
  return isValidEmail(value) ? ok(normalizeEmail(value)) : fail('emailValidator');
}

function validateInteger(field: FieldDefinition, raw: unknown): FieldResult {
  if (isBlank(raw)) return missing(field);
  let value: number;
  if (typeof raw === 'number') {
    if (!Number.isInteger(raw)) return fail('format');
    value = raw;
  } else if (typeof raw === 'string' && /^[+-]?\d{1,12}$/.test(raw.trim())) {
    value = Number(raw.trim());
  } else {
    return fail('format');
  }
  return value > INTEGER_MAX || value < INTEGER_MIN ? fail('format') : ok(value === 0 ? 0 : value);
}

const TRUE_VALUES = new Set<unknown>([true, 1, 'true', '1', 'on', 'yes']);
const FALSE_VALUES = new Set<unknown>([false, 0, 'false', '0', 'off', 'no', '', null, undefined]);

function validateBoolean(field: FieldDefinition, raw: unknown): FieldResult {
  if (TRUE_VALUES.has(raw)) return ok(true);
  if (!FALSE_VALUES.has(raw)) return fail('format');
  // An unchecked required box is "empty" (docs/requirements/accounts-and-appointments.md §5): a required boolean must be ticked.
  return field.required ? fail('empty') : ok(false);
}

function choiceValues(field: FieldDefinition): string[] {
  return (field.choices ?? []).map((choice) => choice.value);
}

function validateSelect(field: FieldDefinition, raw: unknown): FieldResult {
  if (isBlank(raw)) return missing(field);
  const value = asText(raw);
  if (value === undefined) return fail('format');
  const values = choiceValues(field);
  // A field defined without choices accepts any short text rather than nothing at all.
  if (values.length === 0)
    return value.length <= TEXT_MAX_LENGTH_DEFAULT && isAllowedText(value, 'single-line')
      ? ok(value)
      : fail('format');
  return values.includes(value) ? ok(value) : fail('format');
}

function validateRadio(field: FieldDefinition, raw: unknown): FieldResult {
  if (raw !== null && typeof raw === 'object' && 'other' in raw) {
    if (!field.allowAny) return fail('format');
    // The free-text answer was chosen: leaving its text empty is "empty", required or not.
    const other = asText((raw as { other: unknown }).other);
    if (other === undefined) return fail('format');
    const text = other.trim();
    if (text === '') return fail('empty');
    return freeAnswer(field, text);
  }
  if (isBlank(raw)) return missing(field);
  const value = asText(raw);
  if (value === undefined) return fail('format');
  if (choiceValues(field).includes(value)) return ok(value);
  if (!field.allowAny) return fail('format');
  return freeAnswer(field, value.trim());
}

/** The free-text answer of a radio with allowAny: one line within the field's maximum length. */
function freeAnswer(field: FieldDefinition, text: string): FieldResult {
  const fits = codePoints(text) <= (field.maxLength ?? TEXT_MAX_LENGTH_DEFAULT);
  return fits && isAllowedText(text, 'single-line') ? ok(text) : fail('format');
}

function validateLinkedCombo(field: FieldDefinition, raw: unknown): FieldResult {
  let parent: unknown = raw;
  let child: unknown = null;
  if (raw !== null && typeof raw === 'object') {
    if (Array.isArray(raw)) return fail('format');
    parent = (raw as { value?: unknown }).value;
    child = (raw as { child?: unknown }).child ?? null;
  }
  if (isBlank(parent)) return isBlank(child) ? missing(field) : fail('format');
  const value = asText(parent);
  const choice = (field.choices ?? []).find((c) => c.value === value);
  if (value === undefined || !choice) return fail('format');
  const children = choice.children ?? [];
  if (children.length === 0) return isBlank(child) ? ok({ value, child: null }) : fail('format');
  // A first choice that opens sub-choices is only half an answer until one of them is picked.
  if (isBlank(child)) return fail('empty');
  const childValue = asText(child);
  return children.some((c) => c.value === childValue)
    ? ok({ value, child: childValue as string })
    : fail('format');
}

function datePartsFromObject(raw: object): string | null {
  const read = (key: 'day' | 'month' | 'year', digits: RegExp) => {
    const part = (raw as Record<string, unknown>)[key];
    const text = typeof part === 'number' ? String(part) : part;
    return typeof text === 'string' && digits.test(text.trim()) ? Number(text) : Number.NaN;
  };
  const parts = {
    day: read('day', /^\d{1,2}$/),
    month: read('month', /^\d{1,2}$/),
    year: read('year', /^\d{4}$/),
  };
  return isRealDate(parts) ? toIsoDate(parts) : null;
}

function validateDate(field: FieldDefinition, raw: unknown, context: FieldContext): FieldResult {
  const isEmptyParts =
    raw !== null &&
    typeof raw === 'object' &&
    ['day', 'month', 'year'].every((key) => isBlank((raw as Record<string, unknown>)[key]));
  if (isBlank(raw) || isEmptyParts) return missing(field);
  let iso: string | null = null;
  if (typeof raw === 'string') {
    const input = context.dateInput ?? 'iso';
    iso = input === 'iso' ? (parseIsoDate(raw.trim()) ? raw.trim() : null) : parseLocaleDate(raw, input);
  } else if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    iso = datePartsFromObject(raw);
  }
  if (iso === null) return fail('dateFormat');
  return field.birthdate && iso > context.today ? fail('futureDate') : ok(iso);
}

/** Validates one value against its field definition; the stored form of the value when valid. */
export function validateField(field: FieldDefinition, raw: unknown, context: FieldContext): FieldResult {
  switch (field.type) {
    case 'text':
      return validateText(field, raw);
    case 'email':
      return validateEmailField(field, raw);
    case 'integer':
      return validateInteger(field, raw);
    case 'boolean':
      return validateBoolean(field, raw);
    case 'select':
      return validateSelect(field, raw);
    case 'radio':
      return validateRadio(field, raw);
    case 'linkedcombo':
      return validateLinkedCombo(field, raw);
    case 'datesplit':
      return validateDate(field, raw, context);
    default:
      return fail('format');
  }
}

/** Validates a whole form: every defined field, in definition order; unknown names are reported. */
export function validateForm(
  fields: readonly FieldDefinition[],
  input: Readonly<Record<string, unknown>>,
  context: FieldContext,
): FormResult {
  const values: Record<string, StoredFieldValue> = {};
  const errors: Record<string, FieldError> = {};
  const defined = new Set<string>();
  for (const field of fields) {
    defined.add(field.name);
    const raw = Object.hasOwn(input, field.name) ? input[field.name] : undefined;
    const result = validateField(field, raw, context);
    if (result.ok) values[field.name] = result.value;
    else errors[field.name] = result.error;
  }
  const unknown = Object.keys(input).filter((name) => !defined.has(name));
  return { valid: Object.keys(errors).length === 0, values, errors, unknown };
}
