/**
 * A group's schedule prepared for the engine: calendars by id with their rules parsed, links by
 * service, promotions with their dates as day numbers, and a per-calendar cache of local days.
 * Build it once per request (or keep it while the schedule does not change); it holds no
 * appointments, so the same index serves several searches over different stretches of time.
 */
import { dayOfIsoDate, parseLocalDateTime } from '../time/civil-day.ts';
import { type ZoneOffsets, zoneOffsets } from '../time/zone-offsets.ts';
import type { CalendarInput, InterventionInput, ScheduleInput } from './availability.types.ts';
import { type CalendarDay, type CalendarRules, calendarDay, localIntervals } from './calendar-day.ts';

export interface IndexedCalendar {
  /** Position in ScheduleIndex.calendars: the engine's arrays are indexed by it. */
  readonly index: number;
  readonly id: number;
  readonly input: CalendarInput;
  readonly rules: CalendarRules;
  readonly days: Map<number, CalendarDay>;
}

export interface IndexedPromotion {
  readonly percent: number;
  readonly services: ReadonlySet<number> | null;
  readonly fromDay: number;
  readonly toDay: number;
  readonly weekdays: ReadonlySet<number> | null;
  readonly fromMinute: number;
  readonly toMinute: number;
}

export interface ScheduleIndex {
  readonly zone: ZoneOffsets;
  readonly calendars: readonly IndexedCalendar[];
  readonly calendarsById: ReadonlyMap<number, IndexedCalendar>;
  /** Position of a calendar id, or -1 (fast path of calendarsById for the appointment index). */
  indexOfId(id: number): number;
  readonly interventions: ReadonlyMap<number, InterventionInput>;
  /** Service id → (calendar id → its duration for that service, null: the service's length). */
  readonly links: ReadonlyMap<number, ReadonlyMap<number, number | null>>;
  readonly promotions: readonly IndexedPromotion[];
}

const MAX_CACHED_DAYS_PER_CALENDAR = 2_000;

function calendarRules(calendar: CalendarInput): CalendarRules {
  const weekly: number[][] = [[], [], [], [], [], [], [], []];
  const sorted = [...calendar.weekly].sort((a, b) => a.startMinute - b.startMinute);
  for (const range of sorted) {
    const start = Math.max(0, range.startMinute);
    const end = Math.min(1440, range.endMinute);
    if (range.weekday >= 1 && range.weekday <= 7 && start < end) weekly[range.weekday]!.push(start, end);
  }
  const openings: [number, number][] = [];
  const removals: [number, number][] = [];
  for (const exception of calendar.exceptions) {
    const start = parseLocalDateTime(exception.startsLocal);
    const end = parseLocalDateTime(exception.endsLocal, true);
    if (start === undefined || end === undefined || start >= end) {
      throw new RangeError(
        `calendar ${calendar.id}: bad exception ${exception.startsLocal} → ${exception.endsLocal}`,
      );
    }
    (exception.kind === 'opening' ? openings : removals).push([start, end]);
  }
  return {
    slotStep: Math.max(1, Math.floor(calendar.slotStep)),
    templates: [],
    weekly,
    openings: localIntervals(openings),
    removals: localIntervals(removals),
  };
}

/** Prepares a schedule for the engine; throws RangeError on an unknown zone or a malformed exception. */
export function indexSchedule(input: ScheduleInput): ScheduleIndex {
  const zone = zoneOffsets(input.timeZone);
  const calendars = [...input.calendars]
    .sort((a, b) => a.id - b.id)
    .map(
      (calendar, index): IndexedCalendar => ({
        index,
        id: calendar.id,
        input: calendar,
        rules: calendarRules(calendar),
        days: new Map(),
      }),
    );
  const links = new Map<number, Map<number, number | null>>();
  for (const link of input.links) {
    let byCalendar = links.get(link.interventionId);
    if (!byCalendar) {
      byCalendar = new Map();
      links.set(link.interventionId, byCalendar);
    }
    byCalendar.set(link.calendarId, link.duration);
  }
  const promotions = input.promotions.map(
    (p): IndexedPromotion => ({
      percent: p.percent,
      services: p.interventionIds ? new Set(p.interventionIds) : null,
      fromDay: p.fromDate ? (dayOfIsoDate(p.fromDate) ?? Number.POSITIVE_INFINITY) : Number.NEGATIVE_INFINITY,
      toDay: p.toDate ? (dayOfIsoDate(p.toDate) ?? Number.NEGATIVE_INFINITY) : Number.POSITIVE_INFINITY,
      weekdays: p.weekdays ? new Set(p.weekdays) : null,
      fromMinute: p.fromMinute ?? 0,
      toMinute: p.toMinute ?? 1440,
    }),
  );
  const calendarsById = new Map(calendars.map((c) => [c.id, c]));
  const maxId = calendars.reduce((max, c) => Math.max(max, c.id), 0);
  // Ids are database identities: usually small enough for a dense table.
  const dense = maxId <= 1_000_000 ? new Int32Array(maxId + 1).fill(-1) : null;
  if (dense) for (const c of calendars) if (c.id >= 0) dense[c.id] = c.index;
  const indexOfId = dense
    ? (id: number) => (id >= 0 && id <= maxId ? dense[id]! : -1)
    : (id: number) => calendarsById.get(id)?.index ?? -1;
  return {
    zone,
    calendars,
    calendarsById,
    indexOfId,
    interventions: new Map(input.interventions.map((i) => [i.id, i])),
    links,
    promotions,
  };
}

/** The open instants and candidate starts of a calendar on a local date (cached). */
export function dayOf(schedule: ScheduleIndex, calendar: IndexedCalendar, day: number): CalendarDay {
  let found = calendar.days.get(day);
  if (!found) {
    found = calendarDay(calendar.rules, schedule.zone, day);
    if (calendar.days.size >= MAX_CACHED_DAYS_PER_CALENDAR) calendar.days.clear();
    calendar.days.set(day, found);
  }
  return found;
}
