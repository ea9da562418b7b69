/** A person stops or resumes reminders of one channel from a reminder's link (docs/reminders.md). */
import type { CallScope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { contextOfGroup } from '../../sharding/group-shard-context.ts';
import { readReminderStopToken } from './reminder-links.ts';
import { setRemindersOf } from './reminder-optouts.ts';

export async function setReminderOptOut(
  scope: CallScope,
  request: { token: string; channel: 'email' | 'sms'; resume?: boolean },
) {
  const ids = readReminderStopToken(scope.ctx.config.cookieSecret, request.token);
  // The same answer for a forged token and for a record erased since: neither reveals anything.
  if (!ids) throw errors.notFound('linkNotFound');
  // The link's path names no group; its signed token does, and the record is on that group's shard.
  const ctx = await contextOfGroup(scope.ctx, ids.groupId, true);
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
