/**
 * The str9 reference number of government-request groups (docs/requirements/accounts-and-appointments.md §5, §9): one or more codes of
 * exactly 10 upper-case letters or digits, separated by , ; : - / . or spaces (runs such as ", " are
 * one separator). The field is upper-cased before checking; failure is formatAnts
 * (invalidNumberRequestAnts). Only ASCII a–z are upper-cased: toUpperCase would turn "ß" into "SS"
 * and "ﬁ" into "FI", making invalid input look valid.
 */

/** The vevent field that carries the reference number. */
export const REFERENCE_FIELD_NAME = 'str9';

const PATTERN = /^[A-Z0-9]{10}(?:[,;:\-/. ]+[A-Z0-9]{10})*$/;
const SEPARATORS = /[,;:\-/. ]+/;

/** Trimmed, with ASCII letters upper-cased: the form in which the number is checked and stored. */
export function normalizeReferenceNumber(value: string): string {
  return value.trim().replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/** The codes of a reference number (after normalising), or null when it breaks the pattern. */
export function parseReferenceNumbers(value: string): string[] | null {
  const normalized = normalizeReferenceNumber(value);
  if (!PATTERN.test(normalized)) return null;
  return normalized.split(SEPARATORS);
}

/** Null when valid, else formatAnts. */
export function validateReferenceNumber(value: string): 'formatAnts' | null {
  return parseReferenceNumbers(value) ? null : 'formatAnts';
}
