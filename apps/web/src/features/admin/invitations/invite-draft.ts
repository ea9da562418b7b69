/**
 * The invitation form's rules (docs/back-office.md "Invitations"): the roles offered, the address's
 * shape, which calendars a staff member gets, and the refusals the form words itself.
 */

export const ROLES = ['staff', 'manager', 'owner', 'callcentre'] as const;
export type Role = (typeof ROLES)[number];

/** The server's refusals this form words itself; anything else is a generic failure. */
const KNOWN_ERRORS = new Set(['alreadyMember', 'calendarNotFound', 'emailValidator', 'tooManyRequests']);

/** The key under admin.invite.errors for a refusal's key. */
export function inviteErrorKey(key: string): string {
  return KNOWN_ERRORS.has(key) ? key : 'other';
}

/** Something@somewhere.tld, no spaces: the form's first check, before the server's. */
export function looksLikeEmail(address: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address);
}

/** The calendars sent: chosen ones (sorted) for staff limited to some, else null (every calendar). */
export function calendarIdsOf(
  role: Role,
  everyCalendar: boolean,
  chosen: ReadonlySet<number>,
): number[] | null {
  return role === 'staff' && !everyCalendar ? [...chosen].sort((a, b) => a - b) : null;
}
