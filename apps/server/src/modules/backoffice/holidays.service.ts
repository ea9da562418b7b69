/**
 * Public holidays (docs/back-office.md "Public holidays"): the holidays of the group's country in a
 * year, named in the group's language, and closing the whole group on them in one step. The
 * calendar of holidays comes from the date-holidays library (its data is CC BY 3.0); only the
 * public ones count — not bank, school or observance days, which businesses keep open.
 */
import { randomUUID } from 'node:crypto';
import { dayOfIsoDate, isoDateOfDay } from '@creneau/core/time/civil-day';
import Holidays from 'date-holidays';
import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import { writeBlocks } from './absences.service.ts';
import * as repo from './backoffice.repository.ts';
import { type Membership, requireRight } from './membership.service.ts';

/** The years whose holidays can be listed and closed: this one and the next two. */
const YEARS_AHEAD = 2;

interface Holiday {
  date: string;
  name: string;
}

/** The public holidays of `country` in `year`, by date, one per date, named in `language`. */
export function publicHolidays(country: string, year: number, language: string): Holiday[] {
  const calendar = new Holidays(country, { languages: [language], types: ['public'] });
  const byDate = new Map<string, Holiday>();
  for (const holiday of calendar.getHolidays(year) || []) {
    if (holiday.type !== 'public') continue;
    const date = holiday.date.slice(0, 10);
    if (!byDate.has(date)) byDate.set(date, { date, name: holiday.name });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Holidays are closures of the whole group: for those who work on every calendar. */
async function requireWholeGroup(scope: Scope): Promise<Membership> {
  const member = await requireRight(scope, 'absence.manage');
  if (member.calendarIds !== null) throw errors.forbidden();
  return member;
}

function checkYear(scope: Scope, year: number) {
  // This year on the group's calendar: on New Year's Eve evening in Paris it is already next year.
  const thisYear = Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: scope.group.settings.timezone, year: 'numeric' }).format(
      scope.now,
    ),
  );
  if (year < thisYear || year > thisYear + YEARS_AHEAD)
    throw errors.unprocessable('yearOutOfRange', { year: ['yearOutOfRange'] });
}

/** Dates on which every calendar of the group is already closed from midnight. */
async function closedEverywhere(scope: Scope, calendarIds: readonly number[], year: number) {
  const [first, ...others] = await Promise.all(
    calendarIds.map((id) =>
      repo.closedDaysOf(scope.ctx.db, scope.group.id, id, `${year}-01-01`, `${year + 1}-01-01`),
    ),
  );
  if (!first) return new Set<string>();
  return new Set([...first].filter((day) => others.every((days) => days.has(day))));
}

export async function listHolidays(scope: Scope, year: number) {
  await requireWholeGroup(scope);
  checkYear(scope, year);
  const { group } = scope;
  const calendars = await repo.listCalendars(scope.ctx.db, group.id);
  const closed = await closedEverywhere(
    scope,
    calendars.map((calendar) => calendar.id),
    year,
  );
  return {
    country: group.settings.country,
    year,
    holidays: publicHolidays(group.settings.country, year, group.settings.locale).map((holiday) => ({
      ...holiday,
      closed: closed.has(holiday.date),
    })),
  };
}

export async function closeHolidays(
  scope: Scope,
  request: { year: number; dates?: readonly string[] | undefined },
) {
  const member = await requireWholeGroup(scope);
  checkYear(scope, request.year);
  const { ctx, group } = scope;
  const holidays = publicHolidays(group.settings.country, request.year, group.settings.locale);
  const known = new Set(holidays.map((holiday) => holiday.date));
  const unknown = (request.dates ?? []).filter((date) => !known.has(date));
  if (unknown.length > 0) throw errors.unprocessable('notAHoliday', { dates: unknown });
  const calendarIds = (await repo.listCalendars(ctx.db, group.id)).map((calendar) => calendar.id);
  const closed = await closedEverywhere(scope, calendarIds, request.year);
  const chosen = holidays.filter(
    (holiday) => !closed.has(holiday.date) && (!request.dates || request.dates.includes(holiday.date)),
  );
  // Nothing left to close is not an error: closing twice leaves the group as closing once did.
  const series = chosen.length > 0 ? randomUUID() : null;
  const blocks = chosen.flatMap((holiday) =>
    calendarIds.map((calendar_id) => ({
      calendar_id,
      kind: 'closure' as const,
      starts_local: `${holiday.date} 00:00`,
      ends_local: `${isoDateOfDay(dayOfIsoDate(holiday.date)! + 1)} 00:00`,
      label: holiday.name,
      series,
      created_by: member.accountId,
    })),
  );
  return { series, ...(await writeBlocks(scope, calendarIds, blocks)) };
}
