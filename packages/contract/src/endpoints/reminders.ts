/** Reminders: a customer stops (or resumes) them from the link every reminder carries (docs/reminders.md). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { keyText } from '../wire-rules.ts';
import { plainQuery } from './common.ts';

export const reminderChannel = z.enum(['email', 'sms']);

export const setReminderOptOut = endpoint({
  method: 'POST',
  path: '/api/v3/reminders/opt-out',
  summary: 'Stop or resume the reminders of one channel for the person a reminder was sent to',
  description:
    'The `token` comes from the link in a reminder; it names the group and the person and needs no session.',
  tags: ['reminders'],
  querystring: plainQuery,
  body: z.object({
    token: keyText(200).min(1),
    channel: reminderChannel,
    /** true: receive the reminders of this channel again (the page's undo). */
    resume: z.boolean().optional(),
  }),
  answers: {
    200: z.object({
      channel: reminderChannel,
      /** Whether reminders of this channel go to the person from now on. */
      reminders: z.boolean(),
      group_name: z.string(),
    }),
  },
});
