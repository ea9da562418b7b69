/**
 * The waiting list's job (docs/waitlist.md): after a change that frees time — a cancellation, a
 * move, an absence removed, hours extended — it looks, with the availability engine, for free starts
 * matching the open entries and mails offers, oldest entries first, a few people per start. It also
 * tells people whose offered start was booked some other way that it is gone.
 */
import { dayOfIsoDate } from '@creneau/core/time/civil-day';
import { localDateIn } from '@creneau/core/time/time-zone';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { standardRetry } from '../../jobs/job-policy.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import * as appointments from '../appointments/appointments.repository.ts';
import { loadGroupSchedule } from '../availability/availability.service.ts';
import { enqueueWaitlistScan } from '../freed-time/freed-time.ts';
import { findGroupById } from '../groups/groups.repository.ts';
import * as repo from './waitlist.repository.ts';
import { sendGoneMail, sendOfferMail } from './waitlist-mails.ts';
import { calendarsFor, firstFreeSlot, planOf, type SlotContext, stillFree } from './waitlist-slots.ts';
import { newOfferToken } from './waitlist-tokens.ts';

/** How many people one freed start is offered to at once. */
export const OFFERS_PER_START = 3;
/** How long an offer holds, unless the start comes sooner. */
export const OFFER_LIFETIME_MS = 2 * 3_600_000;
export { WAITLIST_SCAN } from '../freed-time/freed-time.ts';

export const waitlistScanHandler: JobHandler = {
  mode: 'transaction',
  retryDelayMs: standardRetry,
  async run(job, { ctx, db, now }) {
    const trx = db as Transaction<Database>;
    const payload = job.payload as {
      groupId: number;
      fromDate: string | null;
      toDate: string | null;
      calendarIds: number[] | null;
    };
    const group = await findGroupById(trx, payload.groupId);
    if (!group?.active) return;
    const zone = group.settings.timezone;
    const entries = await repo.openEntriesOfGroup(trx, group.id);
    if (entries.length === 0) return;
    const { schedule } = await loadGroupSchedule(trx, { groupId: group.id, now });
    const slots: SlotContext = { db: trx, group, schedule, now };
    const mailer = { ctx, db: trx, group };
    const today = localDateIn(now, zone);
    const byId = new Map(entries.map((entry) => [entry.id, entry]));

    // Offers out for starts booked some other way since: their people hear it is gone.
    const pending = await repo.pendingOffersOfGroup(trx, group.id);
    const live = [];
    for (const offer of pending) {
      const entry = byId.get(offer.entry_id);
      if (offer.expires_at <= now || !entry) continue;
      const plan = planOf(schedule, entry.intervention_id, offer.calendar_id);
      if (plan && (await stillFree(slots, plan, offer.starts_at.getTime() / 60_000))) live.push(offer);
      else if (await repo.decideOffer(trx, offer.id, 'taken', now))
        await sendGoneMail(mailer, entry, offer.starts_at);
    }
    const waitingForAnswer = new Set(live.map((offer) => offer.entry_id));
    const perStart = new Map<string, number>();
    const slotKey = (start: number, calendarId: number) => `${start}@${calendarId}`;
    for (const offer of live) {
      const key = slotKey(offer.starts_at.getTime() / 60_000, offer.calendar_id);
      perStart.set(key, (perStart.get(key) ?? 0) + 1);
    }
    const offered = await repo.offeredStarts(trx, [...byId.keys()]);
    const freedCalendars = payload.calendarIds ? new Set(payload.calendarIds) : null;
    let nextExpiry: Date | null = null;

    for (const entry of entries) {
      if (entry.to_date < today) {
        await repo.closeEntry(trx, entry.id, 'closed', now);
        continue;
      }
      // An entry tied to an appointment wants only starts before it, while it is still to come.
      let before = Number.POSITIVE_INFINITY;
      let movesFrom: Date | null = null;
      if (entry.appointment_id !== null) {
        const [appointment] = await appointments.findDetailed(trx, group.id, [entry.appointment_id]);
        if (appointment?.status !== 'confirmed' || appointment.starts_at <= now) {
          await repo.closeEntry(trx, entry.id, 'closed', now);
          continue;
        }
        before = appointment.starts_at.getTime() / 60_000;
        movesFrom = appointment.starts_at;
      }
      if (waitingForAnswer.has(entry.id)) continue;
      const from = [entry.from_date, today, payload.fromDate ?? today].sort().at(-1)!;
      const to = [entry.to_date, payload.toDate ?? entry.to_date].sort()[0]!;
      const fromDay = dayOfIsoDate(from);
      const toDay = dayOfIsoDate(to);
      if (fromDay === undefined || toDay === undefined || fromDay > toDay) continue;
      const calendars = (
        entry.calendar_id !== null ? [entry.calendar_id] : calendarsFor(schedule, entry.intervention_id)
      ).filter((id) => !freedCalendars || freedCalendars.has(id));
      let best: { start: number; calendarId: number } | null = null;
      for (const calendarId of calendars) {
        const plan = planOf(schedule, entry.intervention_id, calendarId);
        if (!plan) continue;
        const found = await firstFreeSlot(slots, plan, { fromDay, toDay }, (slot) => {
          const key = slotKey(slot.start, calendarId);
          return (
            slot.start < before &&
            (perStart.get(key) ?? 0) < OFFERS_PER_START &&
            !offered.has(`${entry.id}@${slot.start * 60_000}`)
          );
        });
        if (found && (!best || found.start < best.start)) best = { start: found.start, calendarId };
      }
      if (!best) continue;
      const start = new Date(best.start * 60_000);
      const expiresAt = new Date(Math.min(now.getTime() + OFFER_LIFETIME_MS, start.getTime()));
      const { token, hash } = newOfferToken();
      await repo.insertOffer(trx, {
        entryId: entry.id,
        groupId: group.id,
        startsAt: start,
        calendarId: best.calendarId,
        tokenHash: hash,
        expiresAt,
        now,
      });
      const key = slotKey(best.start, best.calendarId);
      perStart.set(key, (perStart.get(key) ?? 0) + 1);
      offered.add(`${entry.id}@${start.getTime()}`);
      await sendOfferMail(mailer, {
        entry,
        token,
        start,
        end: new Date(start.getTime() + entry.intervention_length * 60_000),
        // The calendar is named when the person chose it; otherwise any would do for them.
        calendar: entry.calendar_id !== null ? entry.calendar_publicname || entry.calendar_name : null,
        expiresAt,
        movesFrom,
      });
      if (!nextExpiry || expiresAt < nextExpiry) nextExpiry = expiresAt;
    }
    // When offers lapse unanswered, their starts go to the next people waiting.
    for (const offer of live) if (!nextExpiry || offer.expires_at < nextExpiry) nextExpiry = offer.expires_at;
    if (nextExpiry) {
      await enqueueWaitlistScan(trx, group.id, nextExpiry, {
        fromDate: payload.fromDate ?? undefined,
        toDate: payload.toDate ?? undefined,
        calendarIds: payload.calendarIds ?? undefined,
      });
    }
  },
};
