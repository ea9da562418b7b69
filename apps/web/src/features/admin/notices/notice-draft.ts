/**
 * The notices form's checks (docs/back-office.md "Notices to the business"): up to five addresses,
 * each a valid e-mail once. Empty rows are left out rather than refused.
 */
import { isValidEmail, normalizeEmail } from '@creneau/core/validation/email';

/** The most addresses the server keeps. */
export const MAX_RECIPIENTS = 5;

/** Per row, the key of its error under admin.notices.errors. */
export type RowErrors = (string | undefined)[];

export function validateRecipients(rows: readonly string[]): RowErrors {
  const seen = new Set<string>();
  return rows.map((row) => {
    const value = row.trim();
    if (value === '') return undefined;
    if (!isValidEmail(value)) return 'emailInvalid';
    const key = normalizeEmail(value);
    if (seen.has(key)) return 'duplicate';
    seen.add(key);
    return undefined;
  });
}

/** The addresses to send: the filled rows, trimmed. */
export function recipientsOf(rows: readonly string[]): string[] {
  return rows.map((row) => row.trim()).filter((row) => row !== '');
}

/** The staff members worth offering: those whose address is not in a row yet (any case). */
export function unlistedStaff<Member extends { email: string }>(
  staff: readonly Member[],
  rows: readonly string[],
): Member[] {
  const listed = new Set(rows.map((row) => row.trim().toLowerCase()));
  return staff.filter((member) => !listed.has(member.email.toLowerCase()));
}
