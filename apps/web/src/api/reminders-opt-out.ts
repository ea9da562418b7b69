/**
 * POST /v3/reminders/opt-out — stops (or, with `resume`, restarts) the reminders of one channel
 * for the person a reminder was sent to, from the token of its link (docs/reminders.md "Stopping
 * them"). No session: the token is the only proof. A link not ours answers 404 linkNotFound.
 */
import type { AnswerOf } from '@creneau/contract/endpoint';
import type { setReminderOptOut } from '@creneau/contract/endpoints/reminders';
import * as routes from '@creneau/contract/routes';
import { useMutation } from '../query/query.ts';
import { apiCall } from './client.ts';

export type ReminderChannel = 'email' | 'sms';
export type ReminderOptOut = AnswerOf<typeof setReminderOptOut>;

export interface ReminderOptOutInput {
  token: string;
  channel: ReminderChannel;
  resume: boolean;
}

export function changeReminderOptOut({ token, channel, resume }: ReminderOptOutInput) {
  return apiCall(
    routes.reminders.setReminderOptOut,
    { body: { token, channel, ...(resume ? { resume: true } : {}) } },
    // The link works for anybody who holds it, logged in or not: a session changes nothing.
    { withToken: false },
  );
}

export function useReminderOptOut() {
  return useMutation({ mutationFn: changeReminderOptOut });
}
