/** A person stops or resumes reminders of one channel from a reminder's link (docs/reminders.md). */
import type { CallScope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { readReminderStopToken } from './reminder-links.ts';
import { setRemindersOf } from './reminder-optouts.ts';

export async function setReminderOptOut(
  { ctx }: CallScope,
  request: { token: string; channel: 'email' | 'sms'; resume?: boolean },
) {
  const ids = readReminderStopToken(ctx.config.cookieSecret, request.token);
  // The same answer for a forged token and for a record erased since: neither reveals anything.
  if (!ids) throw errors.notFound('linkNotFound');
  const reminders = request.resume === true;
  const updated = await setRemindersOf(ctx.db, ids, request.channel, reminders);
  if (!updated) throw errors.notFound('linkNotFound');
  const group = await ctx.db
    .selectFrom('groups')
    .select('name')
    .where('id', '=', ids.groupId)
    .executeTakeFirstOrThrow();
  return { channel: request.channel, reminders, group_name: group.name };
}
