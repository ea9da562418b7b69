/**
 * Scheduling a booking's reminders (docs/reminders.md): one job per lead time, written in the
 * transaction that books or moves it. A move schedules new ones keyed by the new time; the jobs of
 * the old time find, when they run, that the booking no longer starts then, and send nothing.
 */
import { reminderInstant } from '@creneau/core/booking/reminder-time';
import type { Kysely, Transaction } from 'kysely';
import type { Database, GroupRow } from '../../db/database.ts';
import { insertJobs, type NewJob } from '../../jobs/jobs.repository.ts';
import { reminderSettingsOf } from './reminder-settings.ts';

export const REMINDER_JOB = 'reminder.send';
const MAX_ATTEMPTS = 10;

export interface ReminderPayload {
  /** Every appointment of the booking; the first (earliest) is the one reminded of. */
  appointmentIds: number[];
  /** The first appointment's start when the reminder was scheduled (ISO). */
  startsAt: string;
  leadMinutes: number;
}

/** The booking's appointments, earliest first, as just written. */
type BookingRows = readonly { id: number; starts_at: Date }[];

export async function scheduleReminders(
  db: Kysely<Database> | Transaction<Database>,
  group: Pick<GroupRow, 'id' | 'settings'>,
  rows: BookingRows,
  now: Date,
): Promise<void> {
  const settings = reminderSettingsOf(group.settings);
  const first = rows[0];
  if (!first || (!settings.email && !settings.sms)) return;
  const jobs: NewJob[] = [];
  for (const leadMinutes of settings.lead_minutes) {
    const runAt = reminderInstant(first.starts_at, leadMinutes, group.settings.timezone);
    // Booked after this reminder's time: the confirmation that just went out says it all.
    if (runAt <= now) continue;
    const payload: ReminderPayload = {
      appointmentIds: rows.map((row) => row.id),
      startsAt: first.starts_at.toISOString(),
      leadMinutes,
    };
    jobs.push({
      kind: REMINDER_JOB,
      payload: { ...payload },
      groupId: group.id,
      runAt,
      onceKey: `reminder:${first.id}:${payload.startsAt}:${leadMinutes}`,
      maxAttempts: MAX_ATTEMPTS,
    });
  }
  // One statement for every lead time: each is a round trip less on the booking's path.
  await insertJobs(db, jobs);
}
