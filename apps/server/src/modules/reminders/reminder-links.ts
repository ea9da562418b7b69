/**
 * The link in every reminder that stops reminders of its channel (docs/reminders.md "Stopping
 * them"). Its token names the group and the person's record and is signed with the server's cookie
 * secret (every process shares it), so it needs no table and works as long as the record exists.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_LENGTH = 22; // base64url characters: 132 bits

function signature(secret: string, groupId: number, ficheId: number): string {
  return createHmac('sha256', secret)
    .update(`reminders:${groupId}:${ficheId}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

export function reminderStopToken(secret: string, groupId: number, ficheId: number): string {
  return `${groupId}.${ficheId}.${signature(secret, groupId, ficheId)}`;
}

/** The group and record a token names, or null when it is not one we signed. */
export function readReminderStopToken(
  secret: string,
  token: string,
): { groupId: number; ficheId: number } | null {
  const match = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const groupId = Number(match[1]);
  const ficheId = Number(match[2]);
  const expected = Buffer.from(signature(secret, groupId, ficheId));
  const given = Buffer.from(match[3]!);
  return timingSafeEqual(expected, given) ? { groupId, ficheId } : null;
}

export function reminderStopLink(
  base: { publicUrl: string; urlname: string; secret: string },
  ids: { groupId: number; ficheId: number },
  channel: 'email' | 'sms',
): string {
  const token = reminderStopToken(base.secret, ids.groupId, ids.ficheId);
  return `${base.publicUrl}/${base.urlname}/reminders?token=${token}&channel=${channel}`;
}
