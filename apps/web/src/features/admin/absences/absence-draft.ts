/**
 * How the absence form's draft starts and changes (docs/back-office.md "Absences and closures"):
 * some hours of today on the only calendar, repeating on today's weekday for four weeks; a new date
 * carries the weekly repeat and the last day along until the person sets them.
 */
import { dayOfIsoDate } from '@creneau/core/time/civil-day';
import { addDays, isoWeekdayOf } from '@creneau/core/validation/calendar-date';
import type { AbsenceDraft, DraftErrors, DraftField } from './absence-request.ts';

export function initialDraft(calendars: readonly { id: number }[], today: string): AbsenceDraft {
  return {
    scope: 'calendar',
    calendarId: calendars.length === 1 ? calendars[0]!.id : null,
    span: 'hours',
    date: today,
    endDate: today,
    fromTime: '12:00',
    toTime: '14:00',
    repeat: false,
    frequency: 'week:1',
    weekdays: [isoWeekdayOf(today)],
    monthBy: 'day',
    until: addDays(today, 28),
    label: '',
  };
}

/** The draft after a change: until the person picks weekdays, the repeat follows the chosen date. */
export function changedDraft(current: AbsenceDraft, next: Partial<AbsenceDraft>): AbsenceDraft {
  const updated = { ...current, ...next };
  if (next.date && dayOfIsoDate(next.date) !== undefined && !current.repeat)
    updated.weekdays = [isoWeekdayOf(next.date)];
  if (next.date && current.endDate < next.date) updated.endDate = next.date;
  return updated;
}

/** The errors left once some fields are changed: theirs go. */
export function errorsWithout(errors: DraftErrors, touched: readonly string[]): DraftErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => !touched.includes(field as DraftField)),
  );
}

/** The week of its month a date falls in, 1 to 5: "the second Tuesday" is in week 2; 5 reads as the last. */
export function weekOfMonth(date: string): number {
  return Math.ceil(Number(date.slice(8, 10)) / 7);
}
