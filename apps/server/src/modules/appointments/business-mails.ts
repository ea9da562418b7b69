/**
 * Notices to the business (docs/back-office.md "Notices to the business"): a mail to the addresses
 * the owner chose for each new booking, change or cancellation, whoever made it. Written to the
 * outbox in the transaction of the change, like the customer's own mail.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Scope } from '../../app-context.ts';
import type { Database } from '../../db/database.ts';
import { groupMailBrand } from '../../mail/mail-brand.ts';
import { renderMail } from '../../mail/mail-templates.ts';
import { enqueueMailSoon } from '../../mail/outbox.ts';
import type { DetailedAppointment } from './appointments.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The appointments of one booking, as they are now, and what just happened to them. */
export interface BusinessNotice {
  rows: readonly DetailedAppointment[];
  event: 'created' | 'changed' | 'cancelled';
}

export async function noticeToBusiness(
  { ctx, group }: Pick<Scope, 'ctx' | 'group'>,
  db: Db,
  { rows, event }: BusinessNotice,
): Promise<void> {
  const { emails, events } = group.settings.notifications;
  const first = rows[0];
  if (emails.length === 0 || !events.includes(event) || !first) return;
  const settings = group.settings;
  const day = first.starts_at.toLocaleDateString('en-CA', { timeZone: settings.timezone });
  const mail = renderMail(
    'business_notice',
    settings.locale,
    {
      groupName: group.name,
      timeZone: settings.timezone,
      event,
      customerName: `${first.fiche_firstname} ${first.fiche_lastname}`.trim(),
      customerPhone: first.fiche_phone,
      customerEmail: first.fiche_email ?? first.account_email,
      appointments: rows.map((row) => ({
        start: row.starts_at,
        end: row.ends_at,
        service: row.intervention_name,
        calendar: row.calendar_name,
      })),
      agendaLink: `${ctx.config.publicUrl}/${group.urlname}/admin?date=${day}`,
    },
    groupMailBrand(group, ctx.config.publicUrl),
  );
  for (const to of emails) await enqueueMailSoon(db, { groupId: group.id, to, ...mail });
}
