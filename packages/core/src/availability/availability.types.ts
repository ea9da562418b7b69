/**
 * What the availability engine reads and answers. Instants are integer epoch minutes (minutes since
 * 1970-01-01T00:00Z); wall-clock values are minutes from local midnight or local date-time strings
 * in the group's time zone. Only live rows are given: deleted calendars and services are left out.
 */
import type { MonthlyRelease } from './scheduled-release.ts';

/** A weekly opening range: ISO weekday (1 = Monday) and [start, end) minutes from local midnight. */
export interface WeeklyRange {
  readonly weekday: number;
  readonly startMinute: number;
  /** May be 1440: open until the next local day starts, whenever that is. */
  readonly endMinute: number;
}

/** A dated change to a calendar's hours, in local wall-clock time "YYYY-MM-DD HH:MM[:SS]". */
export interface ScheduleException {
  /** closure and absence remove time; opening adds time (removals win where both apply). */
  readonly kind: 'closure' | 'absence' | 'opening';
  readonly startsLocal: string;
  readonly endsLocal: string;
}

/** A calendar (a person) or a resource (a room, a machine: `isResource`). */
export interface CalendarInput {
  readonly id: number;
  readonly isResource: boolean;
  /** Appointments it can hold at the same time. */
  readonly capacity: number;
  /** Minutes between candidate starts, counted from the start of each opening range. */
  readonly slotStep: number;
  /** How far ahead it may be booked, in minutes; null: the group's setting. */
  readonly maxPeriodMinutes: number | null;
  readonly weekly: readonly WeeklyRange[];
  readonly exceptions: readonly ScheduleException[];
}

/** "This calendar (or resource) performs this service", with its own duration where set. */
export interface LinkInput {
  readonly calendarId: number;
  readonly interventionId: number;
  readonly duration: number | null;
}

export interface PackItemInput {
  readonly interventionId: number;
  /** Pause after this item, minutes. */
  readonly breakTime: number;
  /** The calendar preselected for this item, if any. */
  readonly selectedCalendar: number | null;
}

/** A single service (`free`) or a pack of services. */
export interface InterventionInput {
  readonly id: number;
  readonly type: 'free' | 'pack';
  readonly length: number;
  readonly needResource: boolean;
  /** Bookable only inside a pack. */
  readonly onlyPackage: boolean;
  /** Packs: only opened packs are bookable. */
  readonly status: 'opened' | 'closed';
  /** Packs: the items in order. */
  readonly items: readonly PackItemInput[] | null;
}

export interface PromotionInput {
  readonly percent: number;
  /** Services and packs it applies to; null: every one. */
  readonly interventionIds: readonly number[] | null;
  /** Local dates "YYYY-MM-DD", both inclusive; null: unbounded. */
  readonly fromDate: string | null;
  readonly toDate: string | null;
  /** ISO weekdays; null: every day. */
  readonly weekdays: readonly number[] | null;
  /** [from, to) minutes from local midnight of the slot's start; null: unbounded. */
  readonly fromMinute: number | null;
  readonly toMinute: number | null;
}

/** Everything about a group's schedule except its appointments. */
export interface ScheduleInput {
  readonly timeZone: string;
  readonly calendars: readonly CalendarInput[];
  readonly links: readonly LinkInput[];
  readonly interventions: readonly InterventionInput[];
  readonly promotions: readonly PromotionInput[];
}

/** A booked (not cancelled) appointment: it occupies its calendar and its resource over [start, end). */
export interface AppointmentInput {
  readonly calendarId: number;
  readonly resourceId: number | null;
  readonly start: number;
  readonly end: number;
}

/**
 * The same appointments column by column, as a database reader can fill them without building an
 * object per row. `resourceIds` holds 0 for "no resource".
 */
export interface AppointmentColumns {
  readonly length: number;
  readonly calendarIds: Int32Array;
  readonly resourceIds: Int32Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

/**
 * The same appointments already split per calendar id (a resource is a calendar too): each
 * calendar's starts and its ends, each sorted ascending, counting every valid appointment on it or
 * on it as a resource. The shape a process that keeps appointments can hand over without the
 * engine indexing them again on every search; calendars absent from the map hold none.
 */
export interface AppointmentsByCalendar {
  readonly byCalendar: ReadonlyMap<number, { readonly starts: Int32Array; readonly ends: Int32Array }>;
}

/** Appointments in any of these shapes. */
export type Appointments = readonly AppointmentInput[] | AppointmentColumns | AppointmentsByCalendar;

/** The group's booking window rules. */
export interface BookingRules {
  /** Nothing starts before now + this. */
  readonly minNoticeMinutes: number;
  /** The group's maximum booking period, used when no selected calendar sets its own. */
  readonly maxPeriodMinutes: number;
  /** The group's scheduled release (scheduled-release.ts): nothing after the released months. */
  readonly release?: MonthlyRelease | null | undefined;
}

/** One appointment of a booking as the customer chose it; absent ids mean "no preference". */
export interface AppointmentChoice {
  readonly interventionId?: number | undefined;
  readonly packId?: number | undefined;
  readonly calendarId?: number | undefined;
  readonly resourceId?: number | undefined;
}

/**
 * The customer's selection, in the shape of the spec's slot and booking calls: either
 * `interventionIds` with one calendar choice for all, or the `appointments` map (which wins).
 */
export interface BookingSelection {
  readonly interventionIds?: readonly number[] | undefined;
  readonly calendarId?: number | undefined;
  readonly calendarIds?: readonly number[] | undefined;
  readonly resourceId?: number | undefined;
  readonly appointments?: readonly AppointmentChoice[] | undefined;
}

/** A bookable start. */
export interface Slot {
  /** Epoch minutes. */
  readonly start: number;
  /** Local date "YYYY-MM-DD" and wall-clock "HH:MM" of the start in the group's zone. */
  readonly date: string;
  readonly time: string;
  /** UTC offset of the start, minutes east. */
  readonly offset: number;
  /** Remaining capacity summed over the calendars that could take it. */
  readonly capacity: number;
  /** Best matching promotion percent, when promotions were asked for. */
  readonly promotion: number | null;
}
