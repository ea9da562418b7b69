/**
 * The failure modes of form validation and the spec's translation key for each (docs/requirements/accounts-and-appointments.md §5:
 * "empty (emptyRequiredTextInput)", "format (invalidTextInput)", "dateFormat (invalidDateInput)",
 * "formatAnts (invalidNumberRequestAnts)", e-mail "emailValidator"). One table, used by every
 * validator, so the server and the web app name a failure the same way.
 */
export const FIELD_ERROR_MESSAGES = {
  /** A required value is missing (empty text, unchecked box, no choice). */
  empty: 'emptyRequiredTextInput',
  /** Wrong length, not an integer, out of range, not one of the choices. */
  format: 'invalidTextInput',
  /** Not a date in the expected format, or not a date that exists. */
  dateFormat: 'invalidDateInput',
  /** A birth date after today; the spec names no key of its own, so the date message is reused. */
  futureDate: 'invalidDateInput',
  /** The str9 government-request reference number does not match its pattern. */
  formatAnts: 'invalidNumberRequestAnts',
  /** Not an e-mail address by the spec's pattern. */
  emailValidator: 'emailValidator',
} as const;

export type FieldErrorCode = keyof typeof FIELD_ERROR_MESSAGES;
export type FieldErrorMessage = (typeof FIELD_ERROR_MESSAGES)[FieldErrorCode];

/** A validation failure: what went wrong (code) and the translation key to show (message). */
export interface FieldError {
  code: FieldErrorCode;
  message: FieldErrorMessage;
}

/** The FieldError for a failure mode. */
export function fieldError(code: FieldErrorCode): FieldError {
  return { code, message: FIELD_ERROR_MESSAGES[code] };
}
