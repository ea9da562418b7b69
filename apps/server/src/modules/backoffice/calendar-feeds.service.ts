/**
 * Private calendar subscriptions, as the back office manages them (docs/back-office.md "Calendar
 * subscriptions"). A member makes a feed of one calendar they work on, or of "my appointments":
 * every calendar their membership covers. The address carries a secret answered once, at
 * creation; only its hash is kept, so a lost address is revoked and a new one made rather than
 * shown again. Owners and managers also see and revoke the feeds of the group's other members.
 */
import { MAX_FEEDS_PER_MEMBER } from '@creneau/contract/endpoints/calendar-feeds';
import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { newSecretToken } from '../sessions/secret-tokens.ts';
import * as repo from './calendar-feeds.repository.ts';
import { type Membership, requireRight, worksOn } from './membership.service.ts';
import { roleAllows } from './staff-rights.ts';

/** The address a calendar app subscribes to. */
export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/v3/feeds/${token}.ics`;

const present = (row: repo.FeedRow, member: Membership) => ({
  id: row.id,
  calendar_id: row.calendar_id,
  calendar_name: row.calendar_name,
  account_id: row.account_id,
  owner_name: row.owner_name || row.owner_email,
  mine: row.account_id === member.accountId,
  created_at: row.created_at.toISOString(),
  last_fetched_at: row.last_fetched_at?.toISOString() ?? null,
});

const managesOthers = (member: Membership) => roleAllows(member.role, 'feeds.manage');

export async function listCalendarFeeds(scope: Scope) {
  const member = await requireRight(scope, 'feeds.subscribe');
  const rows = await repo.listFeeds(
    scope.ctx.db,
    scope.group.id,
    managesOthers(member) ? null : member.accountId,
  );
  // The caller's own feeds first: they are what most people come for.
  return rows.map((row) => present(row, member)).sort((a, b) => Number(b.mine) - Number(a.mine));
}

export async function createCalendarFeed(scope: Scope, input: { calendar_id: number | null }) {
  const member = await requireRight(scope, 'feeds.subscribe');
  const { ctx, group, now } = scope;
  const calendarId = input.calendar_id;
  if (calendarId !== null) {
    // A calendar of another group, a deleted one or one the member does not work on: the same answer.
    const calendar = await repo.activeCalendar(ctx.db, group.id, calendarId);
    if (!calendar || !worksOn(member, calendarId))
      throw errors.unprocessable('calendarNotFound', { calendar_id: ['calendarNotFound'] });
  }
  const { token, hash } = newSecretToken();
  const id = await ctx.db.transaction().execute(async (trx) => {
    // Counted in the transaction that adds, under a lock on the member's row, so two clicks make at most the limit.
    await trx
      .selectFrom('pro_groups')
      .select('account_id')
      .where('account_id', '=', member.accountId)
      .where('group_id', '=', group.id)
      .forUpdate()
      .execute();
    if ((await repo.countFeedsOf(trx, group.id, member.accountId)) >= MAX_FEEDS_PER_MEMBER)
      throw errors.conflict('tooManyFeeds', { max: MAX_FEEDS_PER_MEMBER });
    return repo.insertFeed(trx, {
      groupId: group.id,
      accountId: member.accountId,
      calendarId,
      tokenHash: hash,
      now,
    });
  });
  const row = await repo.findFeed(ctx.db, group.id, id);
  if (!row) throw new Error('the feed just made is missing');
  return { ...present(row, member), url: feedUrl(ctx.config.publicUrl, token) };
}

export async function revokeCalendarFeed(scope: Scope, feedId: number) {
  const member = await requireRight(scope, 'feeds.subscribe');
  const { ctx, group } = scope;
  const row = await repo.findFeed(ctx.db, group.id, feedId);
  // Another member's feed is not found for whoever may not manage it: nothing tells it exists.
  if (!row || (row.account_id !== member.accountId && !managesOthers(member)))
    throw errors.notFound('feedNotFound');
  if (!(await repo.deleteFeed(ctx.db, group.id, feedId))) throw errors.notFound('feedNotFound');
  return { id: feedId, revoked: true as const };
}
