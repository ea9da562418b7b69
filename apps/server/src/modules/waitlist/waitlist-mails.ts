/**
 * The waiting list's mails (docs/waitlist.md): an offer, and the notice that an offered time went to
 * someone else. In the language the person chose when joining, times on the group's wall clock,
 * written to the outbox in the caller's transaction.
 */
import { isLocale } from '@creneau/core/locales';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Database, GroupRow } from '../../db/database.ts';
import { groupMailBrand } from '../../mail/mail-brand.ts';
import { renderMail } from '../../mail/mail-templates.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { EntryDetails } from './waitlist.repository.ts';
import { leaveToken } from './waitlist-tokens.ts';

type Mailer = { ctx: AppContext; db: Kysely<Database>; group: GroupRow };

export const localeOf = (entry: Pick<EntryDetails, 'locale'>) =>
  isLocale(entry.locale) ? entry.locale : 'en';

/** The service's name as the person reads it. */
export function serviceName(entry: EntryDetails): string {
  const own = entry.intervention_translations?.[entry.locale];
  return own?.publicname || own?.name || entry.intervention_publicname || entry.intervention_name;
}

/**
 * A page of the waiting list in the person's language. The key is not named `token`: the app reads
 * that parameter as a session and keeps it in every link of the page.
 */
const pageLink = (
  ctx: AppContext,
  group: GroupRow,
  entry: Pick<EntryDetails, 'locale'>,
  page: 'offer' | 'leave',
  key: string,
) =>
  `${ctx.config.publicUrl}/${group.urlname}/waitlist/${page}?${page}Key=${encodeURIComponent(key)}&locale=${localeOf(entry)}`;

export function leaveLink(ctx: AppContext, group: GroupRow, entry: EntryDetails): string {
  return pageLink(ctx, group, entry, 'leave', leaveToken(ctx.config.cookieSecret, entry.id));
}

export async function sendOfferMail(
  { ctx, db, group }: Mailer,
  offer: {
    entry: EntryDetails;
    token: string;
    start: Date;
    end: Date;
    calendar: string | null;
    expiresAt: Date;
    movesFrom: Date | null;
  },
): Promise<void> {
  const { entry } = offer;
  const mail = renderMail(
    'waitlist_offer',
    localeOf(entry),
    {
      groupName: group.name,
      timeZone: group.settings.timezone,
      patientName: `${entry.firstname} ${entry.lastname}`,
      service: serviceName(entry),
      calendar: offer.calendar,
      start: offer.start,
      end: offer.end,
      expiresAt: offer.expiresAt,
      movesFrom: offer.movesFrom,
      offerLink: pageLink(ctx, group, entry, 'offer', offer.token),
      leaveLink: leaveLink(ctx, group, entry),
    },
    groupMailBrand(group, ctx.config.publicUrl),
  );
  await enqueueMail(db, { groupId: group.id, to: entry.email, ...mail });
}

export async function sendGoneMail(
  { ctx, db, group }: Mailer,
  entry: EntryDetails,
  start: Date,
): Promise<void> {
  const mail = renderMail(
    'waitlist_gone',
    localeOf(entry),
    {
      groupName: group.name,
      timeZone: group.settings.timezone,
      patientName: `${entry.firstname} ${entry.lastname}`,
      service: serviceName(entry),
      start,
      leaveLink: leaveLink(ctx, group, entry),
    },
    groupMailBrand(group, ctx.config.publicUrl),
  );
  await enqueueMail(db, { groupId: group.id, to: entry.email, ...mail });
}
