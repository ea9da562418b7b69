/**
 * The parameters of a reminder's stop link (docs/reminders.md "Stopping them"): `token` as the
 * server signed it and `channel`, e-mail or text message. Read strictly, so that a cut or altered
 * link is told to be invalid without asking the server.
 */
import type { ReminderChannel } from '../../api/reminders-opt-out.ts';

export const REMINDER_LINK_PARAMS = ['token', 'channel'] as const;

/** The contract's bound for the token (packages/contract/src/endpoints/reminders.ts). */
const MAX_TOKEN_LENGTH = 200;

export interface ReminderLink {
  token: string;
  channel: ReminderChannel;
}

/** The link's token and channel; null when either is missing or not of a possible form. */
export function readReminderLink(search: string): ReminderLink | null {
  const params = new URLSearchParams(search);
  const token = (params.get('token') ?? '').trim();
  const channel = params.get('channel');
  if (token === '' || token.length > MAX_TOKEN_LENGTH) return null;
  if (channel !== 'email' && channel !== 'sms') return null;
  return { token, channel };
}
