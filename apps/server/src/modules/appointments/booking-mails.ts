import type { Locale } from '@creneau/core/locales';
import type { Kysely, Transaction } from 'kysely';
import type { Scope } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { groupMailBrand } from '../../mail/mail-brand.ts';
import { type AppointmentMailData, renderMail } from '../../mail/mail-templates.ts';
import { enqueueMailSoon } from '../../mail/outbox.ts';
import { createEmailLinkTokens } from '../accounts/email-links.ts';
import { takeBookingMail } from '../security/send-limits.ts';
import type { LinkKind } from '../sessions/link-scope.ts';
import { appointmentAddress, calendarEventOf, presentAppointment } from './appointment-presenter.ts';
import type { DetailedAppointment } from './appointments.repository.ts';
import { buildCalendar } from './ics.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Links that open the appointments list, the cancel dialog or the calendar export for this booking.
 * Each names its kind and the booking's first appointment (link-scope.ts says what it may do), and
 * lives until the booking's last appointment is over.
 */
export async function bookingLinks(
  { ctx, group, now }: Pick<Scope, 'ctx' | 'group' | 'now'>,
  db: Db,
  rows: readonly DetailedAppointment[],
) {
  const first = rows[0]!;
  const owner = { groupId: group.id, ficheId: first.fiche_id };
  const base = `${ctx.config.publicUrl}/${group.urlname}/appointments`;
  const over = new Date(Math.max(...rows.map((row) => row.ends_at.getTime())));
  const kinds: LinkKind[] = ['manage', 'cancel_apt', 'export_apt'];
  const [manage = '', cancel = '', exportKey = ''] = await createEmailLinkTokens(db, {
    lifetime: { purpose: 'fiche', expiresAt: over },
    owner,
    payloads: kinds.map((action) => ({ action, appointment_id: first.id })),
    now,
  });
  return {
    manageLink: `${base}?ficheKey=${manage}`,
    cancelLink: `${base}?ficheKey=${cancel}&cancel_apt=${first.id}`,
    exportLink: `${base}?ficheKey=${exportKey}&export_apt=${first.id}`,
    ficheToken: manage,
  };
}

/** The address line of the booking's place: its first appointment's site, or the group's. */
function addressLine(first: DetailedAppointment): string | null {
  const place = appointmentAddress(first);
  return place ? `${place.address}, ${place.zipcode} ${place.city}` : null;
}

/** What a mail about a booking shows: its appointments, prices and place, and the links. */
export function appointmentMailData(
  { ctx, group }: Pick<Scope, 'ctx' | 'group'>,
  rows: readonly DetailedAppointment[],
  links: Pick<Awaited<ReturnType<typeof bookingLinks>>, 'manageLink' | 'cancelLink' | 'exportLink'>,
  locale: Locale,
): AppointmentMailData {
  const first = rows[0]!;
  const settings = group.settings;
  const presented = rows.map((row) =>
    presentAppointment(row, { locale, videoBaseUrl: ctx.config.videoBaseUrl }),
  );
  // A pack is paid once, on its first item; included items show no price of their own.
  const totalCents = presented.some((a) => a.price_amount !== null)
    ? presented.reduce((sum, a) => sum + (a.price_amount ?? 0), 0)
    : null;
  return {
    groupName: group.name,
    groupPhone: settings.phone,
    groupAddress: addressLine(first),
    timeZone: settings.timezone,
    patientName: `${first.fiche_firstname} ${first.fiche_lastname}`,
    appointments: presented.map((a) => ({
      start: new Date(a.start),
      end: new Date(a.end),
      service: a.pack && a.type === 'first' ? `${a.pack.name} — ${a.intervention_name}` : a.intervention_name,
      calendar: a.calendar_name,
      priceCents: a.price_amount,
      videoUrl: a.video_credentials?.url ?? null,
    })),
    totalCents,
    currency: settings.currency,
    manageLink: links.manageLink,
    cancelLink: links.cancelLink,
    exportLink: links.exportLink,
    comment: first.comments,
  };
}

/** The appointments of one booking, as just written, and which mail tells the customer about them. */
export interface BookingMail {
  rows: readonly DetailedAppointment[];
  kind: 'appointment_confirmation' | 'appointment_changed';
}

/**
 * Confirmation or change notice, with the booking's .ics attached. Counts against the recipient's
 * mail limit of whoever caused it (the scope's viewer); over the limit the whole booking or change
 * is refused.
 */
export async function sendBookingMail(
  scope: Scope,
  db: Db,
  { rows, kind }: BookingMail,
): Promise<{ ficheToken: string } | undefined> {
  const { ctx, group } = scope;
  const first = rows[0];
  if (!first) return undefined;
  const links = await bookingLinks(scope, db, rows);
  // A record without its own address is reached through its account's.
  const to = first.fiche_email ?? first.account_email;
  if (!to) return { ficheToken: links.ficheToken };
  await takeBookingMail(scope, db, to);
  const locale = group.settings.locale;
  const mail = renderMail(
    kind,
    locale,
    appointmentMailData({ ctx, group }, rows, links, locale),
    groupMailBrand(group, ctx.config.publicUrl),
  );
  const ics = buildCalendar(
    rows.map((row) => calendarEventOf(row, locale)),
    scope.now,
  );
  await enqueueMailSoon(db, {
    groupId: group.id,
    to,
    ...mail,
    attachments: [
      {
        filename: 'rendez-vous.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: Buffer.from(ics).toString('base64'),
      },
    ],
  });
  return { ficheToken: links.ficheToken };
}

export async function sendCancellationMail(
  { ctx, group }: Pick<Scope, 'ctx' | 'group'>,
  db: Db,
  rows: readonly DetailedAppointment[],
): Promise<void> {
  const first = rows[0];
  const to = first?.fiche_email ?? first?.account_email;
  if (!first || !to) return;
  const settings = group.settings;
  const locale = settings.locale;
  const mail = renderMail(
    'appointment_cancelled',
    locale,
    {
      groupName: group.name,
      groupPhone: settings.phone,
      timeZone: settings.timezone,
      patientName: `${first.fiche_firstname} ${first.fiche_lastname}`,
      appointments: rows.map((row) => ({
        start: row.starts_at,
        service: presentAppointment(row, { locale, videoBaseUrl: ctx.config.videoBaseUrl }).intervention_name,
      })),
      bookAgainLink: `${ctx.config.publicUrl}/${group.urlname}`,
    },
    groupMailBrand(group, ctx.config.publicUrl),
  );
  await enqueueMailSoon(db, { groupId: group.id, to, ...mail });
}
