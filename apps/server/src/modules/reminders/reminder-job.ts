/**
 * Sending one reminder (docs/reminders.md): runs at its time, in one transaction with the job's
 * completion, so its mail and text message are queued exactly once. It reads the booking as it is
 * now: nothing for a cancelled or moved booking, one whose time has passed, a lead time the group
 * no longer uses, or a channel the person stopped.
 */
import { reminderInstant } from '@creneau/core/booking/reminder-time';
import { isLocale } from '@creneau/core/locales';
import { normalizePhone } from '@creneau/core/validation/phone';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { standardRetry } from '../../jobs/job-policy.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { groupMailBrand } from '../../mail/mail-brand.ts';
import { renderMail, renderReminderSms } from '../../mail/mail-templates.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { enqueueSms } from '../../sms/sms-job.ts';
import { findDetailed } from '../appointments/appointments.repository.ts';
import { appointmentMailData, bookingLinks } from '../appointments/booking-mails.ts';
import type { ReminderPayload } from '../appointments/reminder-schedule.ts';
import { reminderSettingsOf } from '../appointments/reminder-settings.ts';
import { findGroupById } from '../groups/groups.repository.ts';
import { reminderStopLink } from './reminder-links.ts';
import { remindersWanted } from './reminder-optouts.ts';

export const reminderJobHandler: JobHandler = {
  mode: 'transaction',
  retryDelayMs: standardRetry,
  async run(job, { ctx, db, now }) {
    const trx = db as Transaction<Database>;
    const payload = job.payload as unknown as ReminderPayload;
    const group = job.groupId === null ? undefined : await findGroupById(trx, job.groupId);
    if (!group?.active) return;
    const settings = reminderSettingsOf(group.settings);
    if (!settings.lead_minutes.includes(payload.leadMinutes)) return;
    const rows = (await findDetailed(trx, group.id, payload.appointmentIds)).filter(
      (row) => row.status === 'confirmed',
    );
    const first = rows[0];
    if (!first || first.starts_at.toISOString() !== payload.startsAt || first.starts_at <= now) return;
    // After an outage several reminders of one booking can be due at once: only the nearest goes.
    const zone = group.settings.timezone;
    const nearerDue = settings.lead_minutes.some(
      (lead) => lead < payload.leadMinutes && reminderInstant(first.starts_at, lead, zone) <= now,
    );
    if (nearerDue) return;

    const person = await remindersWanted(trx, group.id, first.fiche_id);
    if (!person) return;
    const locale = isLocale(first.locale) ? first.locale : group.settings.locale;
    const links = await bookingLinks({ ctx, group, now }, trx, rows);
    const stopLink = (channel: 'email' | 'sms') =>
      reminderStopLink(
        { publicUrl: ctx.config.publicUrl, urlname: group.urlname, secret: ctx.config.cookieSecret },
        { groupId: group.id, ficheId: first.fiche_id },
        channel,
      );

    const to = first.fiche_email ?? first.account_email;
    if (settings.email && person.email && to) {
      const mail = renderMail(
        'appointment_reminder',
        locale,
        { ...appointmentMailData({ ctx, group }, rows, links, locale), stopLink: stopLink('email') },
        groupMailBrand(group, ctx.config.publicUrl),
      );
      await enqueueMail(trx, { groupId: group.id, to, ...mail });
    }
    const phone = normalizePhone(first.fiche_phone, group.settings.country);
    if (settings.sms && person.sms && phone?.startsWith('+')) {
      const text = renderReminderSms(locale, {
        groupName: group.name,
        timeZone: zone,
        start: first.starts_at,
        manageLink: links.manageLink,
        stopLink: stopLink('sms'),
      });
      await enqueueSms(trx, { groupId: group.id, to: phone, text, id: `reminder-${job.id}` }, now);
    }
  },
};
