/**
 * The invitation page's own words for the server's refusals (docs/back-office.md "Invitations");
 * anything else reads as a generic failure.
 */
const KNOWN_ERRORS = new Set([
  'invitationNotFound',
  'customerAccount',
  'invitationLoginRequired',
  'nameRequired',
]);

/** The key under account.invitation.errors for a refusal's key. */
export function knownInvitationError(key: string): string {
  return KNOWN_ERRORS.has(key) ? key : 'other';
}
