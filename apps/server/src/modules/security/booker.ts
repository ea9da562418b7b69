/**
 * The person a public booking or change is for, as the booking rate limits count people (docs/api.md
 * "Rate limits", docs/decisions/017-fair-rate-limits.md). Read from the request before anything is
 * checked, so it is what the caller says, compared the way the booking rules compare people
 * (docs/booking.md "Who is the same person").
 */
import { emailKey, personKeys } from '@creneau/core/booking/person-identity';
import type { Viewer } from '../sessions/viewer.ts';

/** A booking naming nobody: every such booking from one address is counted as one person. */
export const UNNAMED_BOOKER = 'unnamed';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * 'email:…', 'phone:…', 'account:…', 'fiche:…' or UNNAMED_BOOKER. A logged-in session books with
 * its account's e-mail whatever the form says (the record takes the account's e-mail); others with
 * the new record's e-mail, else its phone; else the session's own record.
 */
export function bookerKey(
  viewer: Viewer,
  fiche: number | Record<string, unknown> | undefined,
  country: string,
): string {
  const typed =
    typeof fiche === 'object' && viewer.type !== 'user'
      ? personKeys({ email: text(fiche.email), firstphone: text(fiche.firstphone) }, country)
      : null;
  const email = typed ? typed.emailKey : emailKey(viewer.email);
  if (email) return `email:${email}`;
  if (typed?.phoneKey) return `phone:${typed.phoneKey}`;
  if (viewer.accountId !== null) return `account:${viewer.accountId}`;
  if (viewer.ficheId !== null) return `fiche:${viewer.ficheId}`;
  return UNNAMED_BOOKER;
}
