/**
 * The tokens of the waiting list's mail links (docs/waitlist.md). An offer's token is random and
 * only its hash is stored: reading the database does not let anyone take an offer. The link to
 * leave the list is in every mail, including offers written later by a job, so it is derived from
 * the entry's id with the server's secret instead of being stored.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function newOfferToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashOfferToken(token) };
}

export const hashOfferToken = (token: string) => createHash('sha256').update(token).digest('hex');

const leaveSignature = (secret: string, entryId: number) =>
  createHmac('sha256', secret).update(`creneau-waitlist-leave\u0000${entryId}`).digest('base64url');

export function leaveToken(secret: string, entryId: number): string {
  return `${entryId}.${leaveSignature(secret, entryId)}`;
}

/** The entry a leave token names, or null when the token is not one this server signed. */
export function entryOfLeaveToken(secret: string, token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(leaveSignature(secret, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
