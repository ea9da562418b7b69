/** Short-hand builders for availability tests: schedules written the way a business describes them. */
import { dayOfIsoDate, parseLocalDateTime } from '../../time/civil-day.ts';
import { parseWallClock } from '../../time/wall-clock.ts';
import type {
  AppointmentInput,
  BookingSelection,
  CalendarInput,
  InterventionInput,
  PromotionInput,
  ScheduleException,
  Slot,
  WeeklyRange,
} from '../availability.types.ts';
import { planBooking } from '../booking-plan.ts';
import { indexSchedule, type ScheduleIndex } from '../schedule-index.ts';
import type { MonthlyRelease } from '../scheduled-release.ts';
import { findSlots } from '../slots.engine.ts';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** `{ 'mon-fri': '09:00-12:00 14:00-18:00', sat: '10:00-24:00' }` → weekly ranges. */
export function hours(spec: Record<string, string>): WeeklyRange[] {
  const out: WeeklyRange[] = [];
  for (const [days, ranges] of Object.entries(spec)) {
    const [from, to] = days.split('-');
    const a = DAYS.indexOf(from!);
    const b = to ? DAYS.indexOf(to) : a;
    if (a < 0 || b < 0) throw new Error(`bad days ${days}`);
    for (let d = a; d <= b; d++) {
      for (const range of ranges.split(/\s+/).filter(Boolean)) {
        const [s, e] = range.split('-');
        out.push({ weekday: d + 1, startMinute: parseWallClock(s!), endMinute: parseWallClock(e!) });
      }
    }
  }
  return out;
}

export const EVERY_DAY_9_TO_12 = hours({ 'mon-sun': '09:00-12:00' });

export function calendar(
  id: number,
  options: Partial<Omit<CalendarInput, 'id'>> & { hours?: Record<string, string> } = {},
): CalendarInput {
  const { hours: spec, ...rest } = options;
  return {
    id,
    isResource: false,
    capacity: 1,
    slotStep: 15,
    maxPeriodMinutes: null,
    weekly: spec ? hours(spec) : EVERY_DAY_9_TO_12,
    exceptions: [],
    ...rest,
  };
}

export const resource = (id: number, options: Parameters<typeof calendar>[1] = {}) =>
  calendar(id, { isResource: true, ...options });

export function exception(kind: ScheduleException['kind'], from: string, to: string): ScheduleException {
  return { kind, startsLocal: `${from}:00`, endsLocal: `${to}:00` };
}

export function service(
  id: number,
  length: number,
  options: Partial<InterventionInput> = {},
): InterventionInput {
  return {
    id,
    type: 'free',
    length,
    needResource: false,
    onlyPackage: false,
    status: 'opened',
    items: null,
    ...options,
  };
}

/** A pack of [serviceId, breakAfter, selectedCalendar?] items. */
export function pack(
  id: number,
  items: [number, number, (number | null)?][],
  options: Partial<InterventionInput> = {},
): InterventionInput {
  return {
    ...service(id, 1),
    type: 'pack',
    items: items.map(([interventionId, breakTime, selectedCalendar]) => ({
      interventionId,
      breakTime,
      selectedCalendar: selectedCalendar ?? null,
    })),
    ...options,
  };
}

export function promotion(percent: number, options: Partial<PromotionInput> = {}): PromotionInput {
  return {
    percent,
    interventionIds: null,
    fromDate: null,
    toDate: null,
    weekdays: null,
    fromMinute: null,
    toMinute: null,
    ...options,
  };
}

export interface GroupSpec {
  zone?: string;
  calendars: CalendarInput[];
  services: InterventionInput[];
  /** [calendarId, serviceId, duration?] */
  links: [number, number, number?][];
  promotions?: PromotionInput[];
}

export function schedule(spec: GroupSpec): ScheduleIndex {
  return indexSchedule({
    timeZone: spec.zone ?? 'Europe/Paris',
    calendars: spec.calendars,
    interventions: spec.services,
    links: spec.links.map(([calendarId, interventionId, duration]) => ({
      calendarId,
      interventionId,
      duration: duration ?? null,
    })),
    promotions: spec.promotions ?? [],
  });
}

/** Epoch minutes of an ISO instant ("2026-11-23T08:00:00Z"). */
export const at = (iso: string) => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`bad instant ${iso}`);
  return ms / 60_000;
};

/** An appointment given as ISO instants. */
export function booked(
  calendarId: number,
  from: string,
  to: string,
  resourceId: number | null = null,
): AppointmentInput {
  return { calendarId, resourceId, start: at(from), end: at(to) };
}

export interface SearchOptions {
  /** ISO instant; default Monday 2026-11-23 07:00 UTC (08:00 in Paris). */
  now?: string;
  /** "YYYY-MM-DD" or "YYYY-MM-DD HH:MM". Default: the date of `now` in UTC. */
  start?: string;
  days?: number;
  notice?: number;
  maxPeriod?: number;
  release?: MonthlyRelease;
  appointments?: AppointmentInput[];
  promotions?: boolean;
}

/** Runs the slot search the way the API does and returns its raw answer. */
export function search(group: ScheduleIndex, selection: BookingSelection, options: SearchOptions = {}) {
  // The engine's now is rounded up to the minute, as the server's (epochMinute).
  const now = Math.ceil(at(options.now ?? '2026-11-23T07:00:00Z'));
  const start = options.start ?? (options.now ?? '2026-11-23T07:00:00Z').slice(0, 10);
  const startDay = dayOfIsoDate(start.slice(0, 10));
  if (startDay === undefined) throw new Error(`bad start ${start}`);
  const startMinute = start.length > 10 ? parseLocalDateTime(start)! - startDay * 1440 : null;
  return findSlots(group, options.appointments ?? [], planBooking(group, selection), {
    now,
    rules: {
      minNoticeMinutes: options.notice ?? 0,
      maxPeriodMinutes: options.maxPeriod ?? 90 * 1440,
      release: options.release ?? null,
    },
    startDay,
    startMinute,
    days: options.days ?? 7,
    promotions: options.promotions ?? false,
  });
}

/** "YYYY-MM-DD HH:MM" of a slot (add the offset with `withOffset`). */
export const label = (slot: Slot, withOffset = false) =>
  `${slot.date} ${slot.time}${withOffset ? ` ${slot.offset}` : ''}`;

/** The slots of one local date as "HH:MM" strings. */
export const timesOn = (slots: readonly Slot[], date: string) =>
  slots.filter((s) => s.date === date).map((s) => s.time);
