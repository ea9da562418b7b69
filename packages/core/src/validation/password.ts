/**
 * Password rules (docs/requirements/accounts-and-appointments.md §5, §9). Lengths count Unicode code points, not UTF-16
 * units, so an emoji is one character as the user sees it.
 *
 * "Must not contain the part of the e-mail before the @ (or all/part of the e-mail)" is made precise
 * as: the password, lower-cased, must not contain any *e-mail fragment*, lower-cased. The fragments
 * are the local part (text before the last "@", or the whole value when there is none) and each
 * piece of it split on ". _ + -", keeping only those of at least EMAIL_FRAGMENT_MIN_LENGTH
 * characters: "jean-marc.dupont@x.fr" forbids "jean-marc.dupont", "jean", "marc" and "dupont". The
 * full address contains the local part, so it is covered too. Shorter pieces are ignored because
 * forbidding "jo" or a single letter would reject ordinary passwords for no security gain. The
 * domain is not a fragment: it is shared by every user of a provider and says nothing about the user.
 */

export const PASSWORD_MIN_LENGTH = 10;
/** The server refuses longer passwords (bounded hashing cost); the spec's UI caps inputs at 20. */
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_FRAGMENT_MIN_LENGTH = 3;

/** The rules of the live checklist, in display order. */
export const PASSWORD_RULES = ['length', 'digit', 'lowercase', 'uppercase', 'special', 'email'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** Translation keys the spec gives around passwords. */
export const PASSWORD_KEYS = {
  /** Login form: the password is shorter than 10 characters. */
  length: 'passwordLength',
  /** The confirmation is shorter than 10 characters or differs from the new password. */
  confirm: 'passwordConfirm',
  /** The current password given for a change is wrong (server answer). */
  wrongCurrent: 'pwd.wrongPwd',
  /** A login succeeded with a password that no longer meets the rules. */
  mustChange: 'needPasswordChange',
} as const;

export interface PasswordCheck {
  /** True when every rule holds and the password is not longer than PASSWORD_MAX_LENGTH. */
  valid: boolean;
  /** One entry per rule, in PASSWORD_RULES order, for the live checklist. */
  checklist: { rule: PasswordRule; ok: boolean }[];
  /** The rules that fail, in PASSWORD_RULES order. */
  failed: PasswordRule[];
  /** Longer than PASSWORD_MAX_LENGTH: the server refuses it (not part of the checklist). */
  tooLong: boolean;
}

const DIGIT = /\p{Nd}/u;
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
// Unicode punctuation and symbols: covers the 32 ASCII punctuation characters (! " # … ~), of which
// some ($ + < = > ^ ` | ~) Unicode files under symbols, and also € § £ « » and the like.
const SPECIAL = /[\p{P}\p{S}]/u;

/** The lower-cased pieces of an e-mail address that a password may not contain (see file comment). */
export function emailFragments(email: string | null | undefined): string[] {
  const value = (email ?? '').trim().toLowerCase();
  if (!value) return [];
  const at = value.lastIndexOf('@');
  const local = at === -1 ? value : value.slice(0, at);
  const pieces = [local, ...local.split(/[._+-]+/)];
  return [...new Set(pieces.filter((p) => [...p].length >= EMAIL_FRAGMENT_MIN_LENGTH))];
}

/** Checks a new password against every rule, for the checklist and the server's verdict. */
export function checkPassword(password: string, email?: string | null): PasswordCheck {
  const length = [...password].length;
  const lower = password.toLowerCase();
  const results: Record<PasswordRule, boolean> = {
    length: length >= PASSWORD_MIN_LENGTH,
    digit: DIGIT.test(password),
    lowercase: LOWER.test(password),
    uppercase: UPPER.test(password),
    special: SPECIAL.test(password),
    email: !emailFragments(email).some((fragment) => lower.includes(fragment)),
  };
  const checklist = PASSWORD_RULES.map((rule) => ({ rule, ok: results[rule] }));
  const failed = checklist.filter((item) => !item.ok).map((item) => item.rule);
  const tooLong = length > PASSWORD_MAX_LENGTH;
  return { valid: failed.length === 0 && !tooLong, checklist, failed, tooLong };
}

/** True when the password meets every rule (used at login to decide needPasswordChange). */
export function isStrongPassword(password: string, email?: string | null): boolean {
  return checkPassword(password, email).valid;
}

/** Confirmation rule: at least 10 characters and equal to the new password, else passwordConfirm. */
export function validatePasswordConfirmation(
  newPassword: string,
  confirmation: string,
): typeof PASSWORD_KEYS.confirm | null {
  return [...confirmation].length >= PASSWORD_MIN_LENGTH && confirmation === newPassword
    ? null
    : PASSWORD_KEYS.confirm;
}
