/**
 * What a calendar app reads at a feed's address (docs/back-office.md "Calendar subscriptions"):
 * the appointments of the feed's calendars from 30 days back to 180 days ahead, as RFC 5545. The
 * secret in the address is the only credential, so every wrong address (malformed, unknown,
 * revoked, its maker no longer allowed) answers the same 404. The answer is the same bytes for
 * the same appointments, so its hash is a strong ETag and an unchanged feed costs a 304.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import type { GroupRow } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { contextOfGroup, everyShard } from '../../sharding/group-shard-context.ts';
import { findAccountById } from '../accounts/accounts.repository.ts';
import { appointmentUid, serviceNameOf } from '../appointments/appointment-presenter.ts';
import { findDetailed } from '../appointments/appointments.repository.ts';
import { buildCalendar, type CalendarEvent } from '../appointments/ics.ts';
import { findGroupById } from '../groups/groups.repository.ts';
import { takeAttempt } from '../security/attempt-limits.ts';
import { hashSecretToken, isWellFormedToken } from '../sessions/secret-tokens.ts';
import { findMembership } from './backoffice.repository.ts';
import * as repo from './calendar-feeds.repository.ts';
import { isLimitedToCalendars, roleAllows } from './staff-rights.ts';

const DAY_MS = 24 * 3_600_000;
/** Past appointments a phone keeps showing, and how far ahead: a month back, half a year ahead. */
export const FEED_WINDOW = { pastDays: 30, futureDays: 180 } as const;
/** The most events one answer holds (the earliest first): a busy team's half year fits. */
export const MAX_FEED_EVENTS = 5000;
/** Calendar apps poll every few minutes at most; a feed asked more often is refused for the hour. */
const FETCHES_PER_HOUR = { kind: 'calendar-feed', max: 120, windowMs: 3_600_000 };
/** What the file asks apps to wait before asking again. */
const REFRESH = 'PT1H';

export interface FeedFile {
  body: string;
  etag: string;
  lastModified: Date;
}

const notFound = () => errors.notFound('feedNotFound');

/** The calendars a feed shows now (null: every calendar of the group), or undefined when it no longer answers. */
async function feedCalendars(
  ctx: AppContext,
  feed: { group_id: number; account_id: number; calendar_id: number | null },
) {
  const member = await findMembership(ctx.db, feed.account_id, feed.group_id);
  if (!member || !roleAllows(member.role, 'feeds.subscribe')) return undefined;
  const limited = isLimitedToCalendars(member.role, member.all_calendars) ? member.calendarIds : null;
  if (feed.calendar_id === null) return { calendarIds: limited, calendarName: null };
  if (limited && !limited.includes(feed.calendar_id)) return undefined;
  const calendar = await repo.activeCalendar(ctx.db, feed.group_id, feed.calendar_id);
  return calendar ? { calendarIds: [calendar.id], calendarName: calendar.name } : undefined;
}

/**
 * The feed a secret opens, and the context its group's reads run in. The address names no group,
 * so on a sharded deployment each shard is asked in turn (docs/operations.md "Sharding"); the
 * group's reads then go to the shard the directory names. One database: one look-up, as always.
 */
async function findFeedAndContext(ctx: AppContext, tokenHash: Buffer) {
  for (const db of everyShard(ctx)) {
    const feed = await repo.findFeedByHash(db, tokenHash);
    if (feed) return { feed, ctx: await contextOfGroup(ctx, feed.group_id, false) };
  }
  return undefined;
}

export async function readFeedFile(appCtx: AppContext, token: string): Promise<FeedFile> {
  // A malformed secret is refused before any lookup; a well-formed one is looked up by its hash only.
  if (!isWellFormedToken(token)) throw notFound();
  const found = await findFeedAndContext(appCtx, hashSecretToken(token));
  if (!found) throw notFound();
  const { feed, ctx } = found;
  const group = await findGroupById(ctx.db, feed.group_id);
  if (!group?.active) throw notFound();
  const shown = await feedCalendars(ctx, feed);
  if (!shown) throw notFound();
  const now = ctx.now();
  await takeAttempt(ctx.db, { limit: FETCHES_PER_HOUR, subject: String(feed.id), now });

  const window = {
    from: new Date(now.getTime() - FEED_WINDOW.pastDays * DAY_MS),
    to: new Date(now.getTime() + FEED_WINDOW.futureDays * DAY_MS),
  };
  const listed = await repo.feedAppointments(ctx.db, group.id, shown.calendarIds, window, MAX_FEED_EVENTS);
  const details = new Map(
    (
      await findDetailed(
        ctx.db,
        group.id,
        listed.map((a) => a.id),
      )
    ).map((row) => [row.id, row]),
  );
  const locale = group.settings.locale;
  const events: CalendarEvent[] = [];
  for (const item of listed) {
    const row = details.get(item.id);
    if (!row) continue;
    const customer = [row.fiche_firstname, row.fiche_lastname].filter(Boolean).join(' ');
    const service = serviceNameOf(row, locale);
    const stamps = [
      new Date(item.updated_at),
      ...(item.last_history_at ? [new Date(item.last_history_at)] : []),
    ];
    events.push({
      uid: appointmentUid(row.id),
      start: row.starts_at,
      end: row.ends_at,
      summary: customer ? `${service} — ${customer}` : service,
      description: [row.calendar_publicname || row.calendar_name, row.comments].filter(Boolean).join('\n'),
      status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
      // Every move, change or cancellation recorded in the history raises it: calendar apps take the newer one.
      sequence: Number(item.revisions ?? 0),
      stamp: new Date(Math.max(...stamps.map((d) => d.getTime()))),
    });
  }
  const name = await feedName(ctx, group, feed.account_id, shown.calendarName);
  const body = buildCalendar(events, now, '-//Créneau//Calendar subscription//EN', {
    name,
    refresh: REFRESH,
  });
  await repo.markFetched(ctx.db, feed.id, now);
  const lastModified = Math.max(0, ...events.map((e) => e.stamp!.getTime()));
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url')}"`,
    lastModified: lastModified > 0 ? new Date(lastModified) : now,
  };
}

async function feedName(ctx: AppContext, group: GroupRow, accountId: number, calendarName: string | null) {
  if (calendarName) return `${calendarName} — ${group.name}`;
  const account = await findAccountById(ctx.db, accountId);
  return `${group.name} — ${account?.name || account?.email || ''}`;
}
