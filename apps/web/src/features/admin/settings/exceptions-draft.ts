/**
 * The dated changes to a calendar's hours (docs/group-configuration.md "Calendars", exceptions):
 * a closure (the place is shut: a holiday, a closed day), an absence (this calendar is away) or an
 * extra opening, each over `[from, to)` in local date-times "YYYY-MM-DDTHH:MM" of the group's zone.
 * A day with other hours is a closure of the day and an opening. Read from the document, written
 * back in the same order (so a problem path's index names the row), checked in the browser.
 */
import type { ConfigurationDocument } from '../../../api/admin-settings.ts';
import { type Json, listOf, textOf } from './document-json.ts';

export const EXCEPTION_KINDS = ['closure', 'absence', 'opening'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export interface ExceptionDraft {
  /** Stable while the form lives, for React keys and field ids. */
  key: string;
  kind: ExceptionKind;
  /** "YYYY-MM-DDTHH:MM", as a datetime-local input gives it. */
  from: string;
  to: string;
  label: string;
}

/** Each calendar's exceptions, by externid. */
export type ExceptionsDraft = Record<string, ExceptionDraft[]>;

export type ExceptionProblem = 'from' | 'to' | 'order' | 'label';

export interface ExceptionIssue {
  calendar: string;
  key: string;
  problem: ExceptionProblem;
}

let lastKey = 0;
export const newExceptionKey = () => `x${++lastKey}`;

const kindOf = (value: unknown): ExceptionKind =>
  EXCEPTION_KINDS.includes(value as ExceptionKind) ? (value as ExceptionKind) : 'closure';

export function exceptionsOf(document: ConfigurationDocument): ExceptionsDraft {
  return Object.fromEntries(
    listOf(document.calendars)
      .filter((calendar) => calendar.deleted !== true)
      .map((calendar) => [
        textOf(calendar.externid),
        listOf(calendar.exceptions).map((exception) => ({
          key: newExceptionKey(),
          kind: kindOf(exception.kind),
          from: textOf(exception.from),
          to: textOf(exception.to),
          label: textOf(exception.label),
        })),
      ]),
  );
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether a text is a local date-time of a date that exists. */
export function isLocalDateTime(text: string): boolean {
  const match = LOCAL.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** "YYYY-MM-DD" plus `days`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A new closed day: the whole of `date`, midnight to midnight. */
export function closedDay(date: string): ExceptionDraft {
  return {
    key: newExceptionKey(),
    kind: 'closure',
    from: `${date}T00:00`,
    to: `${addDays(date, 1)}T00:00`,
    label: '',
  };
}

const written = (exception: ExceptionDraft): Json => ({
  kind: exception.kind,
  from: exception.from,
  to: exception.to,
  label: exception.label.trim() || null,
});

/** The document with the draft's exceptions written in; calendars whose list did not change untouched. */
export function withExceptions(
  document: ConfigurationDocument,
  draft: ExceptionsDraft,
): ConfigurationDocument {
  const copy = structuredClone(document) as Json;
  copy.calendars = listOf(copy.calendars).map((calendar) => {
    const edited = draft[textOf(calendar.externid)];
    if (!edited || calendar.deleted === true) return calendar;
    const exceptions = edited.map(written);
    const before = listOf(calendar.exceptions).map((item) => ({
      kind: item.kind,
      from: item.from,
      to: item.to,
      label: textOf(item.label).trim() || null,
    }));
    return JSON.stringify(exceptions) === JSON.stringify(before) ? calendar : { ...calendar, exceptions };
  });
  return copy;
}

/** The problem of one exception: unreadable bounds, an end not after its start, a long label. */
export function exceptionProblem(exception: ExceptionDraft): ExceptionProblem | null {
  if (!isLocalDateTime(exception.from)) return 'from';
  if (!isLocalDateTime(exception.to)) return 'to';
  // Both are "YYYY-MM-DDTHH:MM": text order is time order.
  if (exception.to <= exception.from) return 'order';
  if (exception.label.trim().length > 255) return 'label';
  return null;
}

/** Every exception the browser finds wrong, calendar by calendar in the draft's order. */
export function exceptionIssues(draft: ExceptionsDraft): ExceptionIssue[] {
  return Object.entries(draft).flatMap(([calendar, list]) =>
    list.flatMap((exception) => {
      const problem = exceptionProblem(exception);
      return problem ? [{ calendar, key: exception.key, problem }] : [];
    }),
  );
}

/**
 * Takes out of a 422's `problems` those naming an exception ("$.calendars[2].exceptions[4].to: …")
 * and answers them as issues of the draft's rows; the rest is given back.
 */
export function sortExceptionProblems(
  sent: ConfigurationDocument,
  draft: ExceptionsDraft,
  problems: readonly string[],
): { issues: ExceptionIssue[]; other: string[] } {
  const issues: ExceptionIssue[] = [];
  const other: string[] = [];
  const calendars = listOf((sent as Json).calendars);
  for (const problem of problems) {
    const path = (problem.split(/:\s/, 1)[0] ?? '').replace(/^\$\./, '');
    const match = /^calendars\[([^\]]+)\]\.exceptions\[(\d+)\](?:\.(\w+))?/.exec(path);
    const reference = match?.[1] ?? '';
    const calendar = /^\d+$/.test(reference) ? textOf(calendars[Number(reference)]?.externid) : reference;
    const row = draft[calendar]?.[Number(match?.[2])];
    if (!match || !row) {
      other.push(problem);
      continue;
    }
    const field = match[3];
    const kind: ExceptionProblem =
      field === 'from' ? 'from' : field === 'label' ? 'label' : field === 'to' ? 'to' : 'order';
    if (!issues.some((item) => item.key === row.key)) issues.push({ calendar, key: row.key, problem: kind });
  }
  return { issues, other };
}
