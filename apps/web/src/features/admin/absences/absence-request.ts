/**
 * The absence form's answers turned into what the server takes (docs/back-office.md "Absences and
 * closures"): wall-clock times in the group's zone, `to` excluded, and one `repeat` rule — every
 * N days, weeks on chosen weekdays, or months — that the server expands with the same code
 * (packages/core/src/time/recurrence.ts), so the form's checks and the server's answer agree.
 */
import { dayOfIsoDate } from '@creneau/core/time/civil-day';
import { countOccurrences, type Repetition } from '@creneau/core/time/recurrence';
import { addDays } from '@creneau/core/validation/calendar-date';

/** The repeats the form offers: a unit and an interval, as people say them. */
export const FREQUENCIES = [
  'day:1',
  'week:1',
  'week:2',
  'week:3',
  'week:4',
  'month:1',
  'month:2',
  'month:3',
  'month:6',
] as const;
export type Frequency = (typeof FREQUENCIES)[number];

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
  frequency: Frequency;
  /** Weekly: ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: readonly number[];
  /** Monthly: the same day of the month, or the same weekday of it ("the second Tuesday"). */
  monthBy: 'day' | 'weekday';
  /** The last date a repeat may fall on (included). */
  until: string;
  label: string;
}

export interface AbsenceBody {
  calendar_ids: number[] | null;
  kind: 'absence' | 'closure';
  from: string;
  to: string;
  label: string | null;
  repeat?: {
    every: 'day' | 'week' | 'month';
    interval: number;
    until: string;
    weekdays?: number[];
    month_by?: 'day' | 'weekday';
  };
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
/** The most occurrences one repeat may create (packages/contract: MAX_ABSENCE_OCCURRENCES). */
export const MAX_OCCURRENCES = 104;

const TIME = /^\d{2}:\d{2}$/;

/** The repetition a draft asks for, as the server and core's recurrence read it. */
export function repetitionOf(draft: AbsenceDraft): Repetition {
  const [every, interval] = draft.frequency.split(':') as ['day' | 'week' | 'month', string];
  return {
    every,
    interval: Number(interval),
    until: draft.until,
    ...(every === 'week' ? { weekdays: [...new Set(draft.weekdays)].sort((a, b) => a - b) } : {}),
    ...(every === 'month' ? { monthBy: draft.monthBy } : {}),
  };
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
  const start = dayOfIsoDate(draft.date);
  if (!draft.date) errors.date = 'dateRequired';
  else if (start === undefined) errors.date = 'dateInvalid';

  if (draft.span === 'days' && !draft.repeat) {
    const end = dayOfIsoDate(draft.endDate);
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
    const repetition = repetitionOf(draft);
    if (repetition.every === 'week' && draft.weekdays.length === 0) errors.weekdays = 'weekdaysRequired';
    const until = dayOfIsoDate(draft.until);
    if (!draft.until) errors.until = 'dateRequired';
    else if (until === undefined) errors.until = 'dateInvalid';
    else if (start !== undefined && !errors.weekdays) {
      const count = countOccurrences(`${draft.date}T00:00`, repetition, MAX_OCCURRENCES);
      if (until < start) errors.until = 'untilBeforeStart';
      else if (count > MAX_OCCURRENCES) errors.until = 'tooMany';
      else if (count === 0) errors.until = 'noOccurrence';
    }
  }
  if (draft.label.trim().length > MAX_LABEL) errors.label = 'labelTooLong';
  return errors;
}

/** The first field in error, in the form's order. */
export function firstError(errors: DraftErrors): DraftField | undefined {
  return DRAFT_FIELDS.find((field) => errors[field]);
}

/** The request that writes the draft (validated first). */
export function requestOf(draft: AbsenceDraft): AbsenceBody {
  const base = {
    calendar_ids: draft.scope === 'group' ? null : [draft.calendarId!],
    kind: draft.scope === 'group' ? ('closure' as const) : ('absence' as const),
    label: draft.label.trim() || null,
  };
  const lastDate = draft.span === 'days' && !draft.repeat ? draft.endDate : draft.date;
  const times =
    draft.span === 'hours'
      ? { from: `${draft.date}T${draft.fromTime}`, to: `${draft.date}T${draft.toTime}` }
      : { from: `${draft.date}T00:00`, to: `${addDays(lastDate, 1)}T00:00` };
  if (!draft.repeat) return { ...base, ...times };
  const repetition = repetitionOf(draft);
  return {
    ...base,
    ...times,
    repeat: {
      every: repetition.every,
      interval: repetition.interval,
      until: repetition.until,
      ...(repetition.weekdays ? { weekdays: [...repetition.weekdays] } : {}),
      ...(repetition.monthBy ? { month_by: repetition.monthBy } : {}),
    },
  };
}
