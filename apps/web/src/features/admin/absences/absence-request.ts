/**
 * The absence form's answers turned into what the server takes (docs/back-office.md "Absences and
 * closures"): wall-clock times in the group's zone, `to` excluded, and `weekly_until` for a weekly
 * repeat. The server repeats one weekday per request, so "every Monday and Thursday" is one request
 * per chosen weekday, each starting on that weekday's first date from the chosen start.
 */

/** What the person chose in the form. Dates are YYYY-MM-DD, times HH:MM, both in the group's zone. */
export interface AbsenceDraft {
  /** The whole business (a closure of every calendar) or one calendar. */
  scope: 'group' | 'calendar';
  calendarId: number | null;
  /** Some hours of a day, or whole days. */
  span: 'hours' | 'days';
  date: string;
  /** The last whole day (included), when not repeating. */
  endDate: string;
  fromTime: string;
  toTime: string;
  repeat: boolean;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: readonly number[];
  /** The last date a weekly repeat may fall on (included). */
  until: string;
  label: string;
}

export interface AbsenceBody {
  calendar_ids: number[] | null;
  kind: 'absence' | 'closure';
  from: string;
  to: string;
  label: string | null;
  weekly_until?: string;
}

export type DraftField =
  | 'calendar'
  | 'date'
  | 'endDate'
  | 'fromTime'
  | 'toTime'
  | 'weekdays'
  | 'until'
  | 'label';
/** Per field, the key of its error under admin.absences.errors. */
export type DraftErrors = Partial<Record<DraftField, string>>;

/** The order fields are checked and focused in, as they appear in the form. */
export const DRAFT_FIELDS: readonly DraftField[] = [
  'calendar',
  'date',
  'endDate',
  'fromTime',
  'toTime',
  'weekdays',
  'until',
  'label',
];

/** The longest label the server keeps. */
export const MAX_LABEL = 100;
/** The most weekly occurrences one request may create (packages/contract: MAX_ABSENCE_OCCURRENCES). */
export const MAX_WEEKS = 104;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** Days since 1970-01-01 of a YYYY-MM-DD date, or undefined when it is not a real date. */
export function dayNumber(date: string): number | undefined {
  if (!DATE.test(date)) return undefined;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const value = new Date(Date.UTC(year, month - 1, day));
  if (value.getUTCMonth() !== month - 1 || value.getUTCDate() !== day) return undefined;
  return Math.round(value.getTime() / DAY_MS);
}

/** The YYYY-MM-DD date of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return dateOfDay((dayNumber(date) ?? 0) + days);
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  // Day 0 (1970-01-01) was a Thursday.
  return (((((dayNumber(date) ?? 0) + 3) % 7) + 7) % 7) + 1;
}

/** The first date on or after `date` that falls on the ISO `weekday`. */
export function firstOnOrAfter(date: string, weekday: number): string {
  return addDays(date, (weekday - isoWeekday(date) + 7) % 7);
}

const validTime = (time: string) => {
  if (!TIME.test(time)) return false;
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours < 24 && minutes < 60;
};

/** The form's errors, field by field; empty when the draft can be sent. */
export function validateDraft(draft: AbsenceDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.scope === 'calendar' && draft.calendarId === null) errors.calendar = 'calendarRequired';
  const start = dayNumber(draft.date);
  if (!draft.date) errors.date = 'dateRequired';
  else if (start === undefined) errors.date = 'dateInvalid';

  if (draft.span === 'days' && !draft.repeat) {
    const end = dayNumber(draft.endDate);
    if (!draft.endDate) errors.endDate = 'dateRequired';
    else if (end === undefined) errors.endDate = 'dateInvalid';
    else if (start !== undefined && end < start) errors.endDate = 'endBeforeStart';
  }
  if (draft.span === 'hours') {
    if (!validTime(draft.fromTime)) errors.fromTime = 'timeRequired';
    if (!validTime(draft.toTime)) errors.toTime = 'timeRequired';
    else if (validTime(draft.fromTime) && draft.toTime <= draft.fromTime) errors.toTime = 'timeOrder';
  }
  if (draft.repeat) {
    if (draft.weekdays.length === 0) errors.weekdays = 'weekdaysRequired';
    const until = dayNumber(draft.until);
    if (!draft.until) errors.until = 'dateRequired';
    else if (until === undefined) errors.until = 'dateInvalid';
    else if (start !== undefined) {
      if (until < start) errors.until = 'untilBeforeStart';
      else if (Math.floor((until - start) / 7) >= MAX_WEEKS) errors.until = 'tooManyWeeks';
      else if (
        draft.weekdays.length > 0 &&
        draft.weekdays.every((weekday) => (dayNumber(firstOnOrAfter(draft.date, weekday)) ?? 0) > until)
      )
        errors.until = 'noOccurrence';
    }
  }
  if (draft.label.trim().length > MAX_LABEL) errors.label = 'labelTooLong';
  return errors;
}

/** The first field in error, in the form's order. */
export function firstError(errors: DraftErrors): DraftField | undefined {
  return DRAFT_FIELDS.find((field) => errors[field]);
}

/** The requests that write the draft (validated first): one, or one per chosen weekday. */
export function requestsOf(draft: AbsenceDraft): AbsenceBody[] {
  const base = {
    calendar_ids: draft.scope === 'group' ? null : [draft.calendarId!],
    kind: draft.scope === 'group' ? ('closure' as const) : ('absence' as const),
    label: draft.label.trim() || null,
  };
  const times = (date: string, lastDate: string) =>
    draft.span === 'hours'
      ? { from: `${date}T${draft.fromTime}`, to: `${date}T${draft.toTime}` }
      : { from: `${date}T00:00`, to: `${addDays(lastDate, 1)}T00:00` };
  if (!draft.repeat) return [{ ...base, ...times(draft.date, draft.endDate) }];
  const until = dayNumber(draft.until) ?? 0;
  return [...new Set(draft.weekdays)]
    .sort((a, b) => a - b)
    .map((weekday) => firstOnOrAfter(draft.date, weekday))
    .filter((first) => (dayNumber(first) ?? 0) <= until)
    .sort()
    .map((first) => ({ ...base, ...times(first, first), weekly_until: draft.until }));
}
