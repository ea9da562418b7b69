/**
 * The opening hours form over the configuration document (docs/group-configuration.md "Calendars:
 * `calendarsets` and `calendars`", weekly hours): each calendar's `[start, end)` ranges per
 * weekday, read from the document, written back into a copy of it with every other part untouched
 * (a day the owner did not change keeps its value as it was), checked in the browser (an end after
 * its start, no overlap in a day) and the server's problem paths brought back to the range they name.
 */
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { sortProblemsBy, withoutRoot } from './server-problems.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface RangeDraft {
  /** Stable while the form lives, for React keys and field ids. */
  key: string;
  /** "HH:MM" as the time inputs give it. */
  from: string;
  /** "HH:MM"; "00:00" (or "24:00") ends the range at midnight. */
  to: string;
}

export interface CalendarHours {
  externid: string;
  name: string;
  days: Record<Weekday, RangeDraft[]>;
}

export type HoursDraft = CalendarHours[];

export type RangeProblem = 'from' | 'to' | 'order' | 'overlap';

/** A field of the form: "leonie:tue:r3:from". */
export type HoursFieldId = `${string}:${Weekday}:${string}:${'from' | 'to'}`;

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const listOf = (value: unknown): Json[] =>
  Array.isArray(value)
    ? value.map((item) => objectOr(item)).filter((item): item is Json => item !== null)
    : [];

let lastKey = 0;
export const newRangeKey = () => `r${++lastKey}`;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of a start; null when it is no time. */
export function startMinute(text: string): number | null {
  return TIME.test(text) ? Number(text.slice(0, 2)) * 60 + Number(text.slice(3)) : null;
}

/** Minutes since midnight of an end, midnight ("00:00" or "24:00") being the day's end. */
export function endMinute(text: string): number | null {
  if (text === '24:00' || text === '00:00') return 24 * 60;
  return startMinute(text);
}

/** What a time input shows for a stored time: "24:00" is midnight, which it writes "00:00". */
const shownTime = (text: string) => (text === '24:00' ? '00:00' : text);
/** What the document stores for a typed end. */
const storedEnd = (text: string) => (text === '00:00' ? '24:00' : text);

function rangesOf(value: unknown): [string, string][] {
  return Array.isArray(value)
    ? value
        .filter((range): range is unknown[] => Array.isArray(range) && range.length === 2)
        .map((range) => [textOf(range[0]), textOf(range[1])])
    : [];
}

export function draftOf(document: ConfigurationDocument): HoursDraft {
  return listOf(document.calendars)
    .filter((calendar) => calendar.deleted !== true)
    .map((calendar) => {
      const weekly = objectOr(calendar.weekly) ?? {};
      const days = Object.fromEntries(
        WEEKDAYS.map((day) => [
          day,
          rangesOf(weekly[day]).map(([from, to]) => ({ key: newRangeKey(), from, to: shownTime(to) })),
        ]),
      ) as Record<Weekday, RangeDraft[]>;
      return { externid: textOf(calendar.externid), name: textOf(calendar.name), days };
    });
}

const sameRanges = (a: [string, string][], b: [string, string][]) =>
  a.length === b.length && a.every((range, i) => range[0] === b[i]?.[0] && range[1] === b[i]?.[1]);

/** The whole document with the draft's weekly hours written in; nothing else is touched. */
export function documentWith(document: ConfigurationDocument, draft: HoursDraft): ConfigurationDocument {
  const copy = structuredClone(document) as Json;
  const hoursOf = new Map(draft.map((calendar) => [calendar.externid, calendar]));
  copy.calendars = listOf(copy.calendars).map((calendar) => {
    const edited = hoursOf.get(textOf(calendar.externid));
    if (!edited) return calendar;
    const weekly: Json = { ...(objectOr(calendar.weekly) ?? {}) };
    let changed = false;
    for (const day of WEEKDAYS) {
      const ranges: [string, string][] = edited.days[day].map((range) => [range.from, storedEnd(range.to)]);
      if (sameRanges(ranges, rangesOf(weekly[day]))) continue;
      changed = true;
      if (ranges.length === 0) delete weekly[day];
      else weekly[day] = ranges;
    }
    return changed ? { ...calendar, weekly } : calendar;
  });
  return copy;
}

/** The problem of each range of a day, by key: unreadable times, an end not after its start, an overlap. */
export function dayProblems(ranges: readonly RangeDraft[]): Map<string, RangeProblem> {
  const problems = new Map<string, RangeProblem>();
  const readable: { key: string; from: number; to: number }[] = [];
  for (const range of ranges) {
    const from = startMinute(range.from);
    const to = endMinute(range.to);
    if (from === null) problems.set(range.key, 'from');
    else if (to === null) problems.set(range.key, 'to');
    else if (to <= from) problems.set(range.key, 'order');
    else readable.push({ key: range.key, from, to });
  }
  const sorted = [...readable].sort((a, b) => a.from - b.from);
  for (let i = 1; i < sorted.length; i += 1) {
    const previous = sorted[i - 1] as (typeof sorted)[number];
    const current = sorted[i] as (typeof sorted)[number];
    if (current.from < previous.to) problems.set(current.key, 'overlap');
  }
  return problems;
}

export interface LocalProblem {
  calendar: string;
  day: Weekday;
  key: string;
  problem: RangeProblem;
}

/** Every range the browser finds wrong, in the form's order. */
export function localProblems(draft: HoursDraft): LocalProblem[] {
  const found: LocalProblem[] = [];
  for (const calendar of draft)
    for (const day of WEEKDAYS) {
      const problems = dayProblems(calendar.days[day]);
      for (const range of calendar.days[day]) {
        const problem = problems.get(range.key);
        if (problem) found.push({ calendar: calendar.externid, day, key: range.key, problem });
      }
    }
  return found;
}

/** The input a problem should focus: the start when it is the start's fault. */
export function fieldOfProblem(problem: LocalProblem): HoursFieldId {
  const which = problem.problem === 'from' || problem.problem === 'overlap' ? 'from' : 'to';
  return `${problem.calendar}:${problem.day}:${problem.key}:${which}`;
}

export interface SortedProblems {
  /** The ranges with a problem, by calendar externid, day and key. */
  ranges: LocalProblem[];
  other: string[];
}

/**
 * Splits a 422's `problems` ("$.calendars[1].weekly.tue[0][1]: …") into the ranges of the draft
 * they name and the rest. Ranges are written in the draft's order, so the index finds the range.
 */
export function sortProblems(
  sent: ConfigurationDocument,
  draft: HoursDraft,
  problems: readonly string[],
): SortedProblems {
  const calendars = listOf((sent as Json).calendars);
  const { fields: ranges, other } = sortProblemsBy(
    problems,
    (path): LocalProblem | undefined => {
      const match = /^calendars\[([^\]]+)\]\.weekly\.(\w+)(?:\[(\d+)\](?:\[(\d)\])?)?/.exec(
        withoutRoot(path),
      );
      const reference = match?.[1] ?? '';
      const externid = /^\d+$/.test(reference) ? textOf(calendars[Number(reference)]?.externid) : reference;
      const day = match?.[2] as Weekday | undefined;
      const calendar = draft.find((item) => item.externid === externid);
      const range =
        calendar && day && WEEKDAYS.includes(day) ? calendar.days[day][Number(match?.[3] ?? 0)] : undefined;
      if (!calendar || !day || !range) return undefined;
      const problem: RangeProblem = match?.[4] === '0' ? 'from' : match?.[4] === '1' ? 'to' : 'order';
      return { calendar: externid, day, key: range.key, problem };
    },
    { sameField: (a, b) => a.key === b.key },
  );
  return { ranges, other };
}
