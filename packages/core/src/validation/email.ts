/**
 * The e-mail rule (docs/requirements/accounts-and-appointments.md §5): a local part of letters, digits and - _ . + (at most 64), an "@",
 * a domain, and a top-level domain of at least 2 letters; failure is emailValidator. Made precise:
 * - local part: ASCII letters, digits, "-", "_", "+", "."; no leading, trailing or doubled dot
 *   (RFC 5321 dot-atom, which mail servers enforce anyway); 1–64 characters;
 * - domain: dot-separated labels of ASCII letters, digits and "-", 1–63 characters each, not starting
 *   or ending with "-"; at least two labels; the last (TLD) is 2+ letters, or an IDNA "xn--" label;
 *   whole address at most 254 characters (RFC 5321 path limit);
 * - nothing else: no spaces, no quotes, no comments, no IP literals, no Unicode (internationalised
 *   domains must be typed in their xn-- form). Leading/trailing spaces are an error here; forms trim
 *   before validating (normalizeEmail).
 * Addresses are case-insensitive throughout Créneau: compare with sameEmail, store normalizeEmail.
 */

export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;

export const EMAIL_KEYS = {
  /** Not an e-mail address by the rule above. */
  invalid: 'emailValidator',
  /** The new address equals the current one. */
  same: 'emailUsing',
} as const;

const LOCAL = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const TLD = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** True when the value is an e-mail address by the spec's pattern (see file comment). */
export function isValidEmail(value: string): boolean {
  // Length first: keeps the checks below cheap on hostile input.
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= 63 && LABEL.test(label))) return false;
  return TLD.test(labels[labels.length - 1]!);
}

/** The form's verdict on an e-mail: null when valid, else emailValidator. */
export function validateEmail(value: string): typeof EMAIL_KEYS.invalid | null {
  return isValidEmail(value) ? null : EMAIL_KEYS.invalid;
}

/** Trimmed and lower-cased: the form in which Créneau stores and compares addresses. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** True when two addresses are the same, ignoring case and surrounding spaces. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a == null || b == null) return false;
  return normalizeEmail(a) === normalizeEmail(b);
}

/** E-mail change rule: emailValidator when invalid, emailUsing when equal to the current address. */
export function validateNewEmail(
  value: string,
  current: string | null | undefined,
): (typeof EMAIL_KEYS)[keyof typeof EMAIL_KEYS] | null {
  const invalid = validateEmail(value);
  if (invalid) return invalid;
  return sameEmail(value, current) ? EMAIL_KEYS.same : null;
}
