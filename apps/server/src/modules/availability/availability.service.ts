/**
 * The availabletimeslots call (docs/requirements/booking-flow.md §7) and the re-check a booking goes through before it is
 * written (docs/booking.md), both on the core availability engine.
 *
 * Loading: the schedule (calendars with ranges, exceptions and links; services; promotions) in
 * three parallel queries, then the appointments overlapping the requested days on the calendars and
 * resources the booking may use. When those days hold no slot, the first slot is searched further
 * in chunks of 4, then 12 weeks, then the rest of the maximum period — each chunk one more query —
 * so a week's view never loads a year of bookings.
 */
import type {
  Appointments,
  BookingSelection,
  ScheduleInput,
  Slot,
} from '@creneau/core/availability/availability.types';
import {
  type BookingPlan,
  BookingSelectionError,
  planBooking,
} from '@creneau/core/availability/booking-plan';
import { indexSchedule, type ScheduleIndex } from '@creneau/core/availability/schedule-index';
import { releaseAtSearch } from '@creneau/core/availability/scheduled-release';
import {
  appointmentSpan,
  findFirstSlot,
  findSlots,
  type SlotQuery,
  searchLimits,
} from '@creneau/core/availability/slots.engine';
import { dayOfIsoDate, formatUtcOffset } from '@creneau/core/time/civil-day';
import { localDateIn } from '@creneau/core/time/time-zone';
import type { Kysely, RawBuilder } from 'kysely';
import type { Scope } from '../../app-context.ts';
import type { Database, GroupRow } from '../../db/database.ts';
import { errors } from '../../errors/domain-error.ts';
import { catalogueCache } from '../groups/catalogue-cache.ts';
import * as repo from './availability.repository.ts';
import type { KeptBusyWeeks } from './kept-busy-weeks.ts';
import { releaseAnswer, type SlotsRelease } from './release-answer.ts';
import { slotRules } from './slot-rules.ts';

/** Days searched per query beyond the requested window: 4 weeks, then 12, then the rest. */
const FIRST_SLOT_CHUNKS = [28, 84];

/** The group's booking window rules from its settings. */
/** Minimum notice and booking horizon: the rule set's (appointments/booking-rules.ts). */

/** The instant as epoch minutes, rounded up: a notice counted from 08:00:30 ends after 09:00. */
export const epochMinute = (date: Date) => Math.ceil(date.getTime() / 60_000);

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The first local date whose exceptions the schedule keeps. No local date is more than 26 hours
 * from UTC: two days back covers every zone without knowing the group's before the query.
 */
const scheduleSince = (now: Date) => utcDate(now.getTime() - 2 * 86_400_000);

/** A span of epoch minutes whose appointments are loaded with the schedule. */
export type BusySpan = { from: number; to: number };

export interface LoadedSchedule {
  group: GroupRow;
  schedule: ScheduleIndex;
  /** Appointments of every calendar of the group overlapping [from, to). */
  busy: { from: number; to: number; rows: Appointments };
}

/**
 * The active group, everything the engine needs about it, and its appointments over `busy` (epoch
 * minutes), in one statement; groupDoesNotExist for an unknown or inactive group.
 */
export async function loadGroupSchedule(
  db: Kysely<Database>,
  { groupId, now, busy = { from: 0, to: 0 } }: { groupId: number; now: Date; busy?: BusySpan },
): Promise<LoadedSchedule> {
  const since = scheduleSince(now);
  const rows = await repo.loadGroupSchedule(db, groupId, { local: `${since} 00:00:00`, date: since }, busy);
  if (!rows?.group.active) throw errors.groupDoesNotExist();
  const { group, calendars, interventions, promotions } = rows;
  const input: ScheduleInput = {
    timeZone: group.settings.timezone,
    calendars: calendars.map((c) => ({
      id: c.id,
      isResource: c.is_resource,
      capacity: c.capacity,
      slotStep: c.slot_step,
      maxPeriodMinutes: c.maxrdv_period,
      weekly: c.weekly.map(([weekday, startMinute, endMinute]) => ({ weekday, startMinute, endMinute })),
      exceptions: c.exceptions.map(([kind, startsLocal, endsLocal]) => ({ kind, startsLocal, endsLocal })),
    })),
    links: calendars.flatMap((c) =>
      c.links.map(([interventionId, duration]) => ({ calendarId: c.id, interventionId, duration })),
    ),
    interventions: interventions.map((i) => ({
      id: i.id,
      type: i.type,
      length: i.length,
      needResource: i.need_resource,
      onlyPackage: i.only_package,
      status: i.status,
      items:
        i.type === 'pack'
          ? (i.config ?? []).map((item) => ({
              interventionId: item.intervention_id,
              breakTime: item.break_time ?? 0,
              selectedCalendar: item.selectedCalendar ?? null,
            }))
          : null,
    })),
    promotions: promotions.map((p) => ({
      percent: p.percent,
      interventionIds: p.intervention_ids,
      fromDate: p.from_date,
      toDate: p.to_date,
      weekdays: p.weekdays,
      fromMinute: p.from_minute,
      toMinute: p.to_minute,
    })),
  };
  return { group, schedule: indexSchedule(input), busy: { ...busy, rows: rows.busy } };
}

/** Reads the selection against the schedule; a selection the engine cannot read is a 400. */
export function planOrReject(schedule: ScheduleIndex, selection: BookingSelection): BookingPlan {
  try {
    return planBooking(schedule, selection);
  } catch (error) {
    if (error instanceof BookingSelectionError) throw errors.badRequest(error.message);
    throw error;
  }
}

/** Ids of every calendar and resource a booking may use (what a booking writer locks). */
export function involvedCalendars(plan: BookingPlan): number[] {
  const { calendars, resources } = involved(plan);
  return [...calendars, ...resources];
}

function involved(plan: BookingPlan): { calendars: number[]; resources: number[] } {
  const calendars = new Set<number>();
  const resources = new Set<number>();
  for (const item of plan.items) {
    for (const option of item.options) calendars.add(option.calendar.id);
    for (const resource of item.resources) resources.add(resource.id);
  }
  return { calendars: [...calendars], resources: [...resources] };
}

/** What a search looks for: the group's schedule and the selection read against it. */
export interface SlotSearch {
  groupId: number;
  schedule: ScheduleIndex;
  plan: BookingPlan;
}

/** The appointments a search of local days [fromDay, toDay) needs. */
export async function loadBusy(
  db: Kysely<Database>,
  { groupId, schedule, plan }: SlotSearch,
  { fromDay, toDay }: { fromDay: number; toDay: number },
): Promise<Appointments> {
  if (fromDay >= toDay) return [];
  const span = appointmentSpan(schedule, plan, fromDay, toDay);
  return repo.listBusy(db, groupId, involved(plan), span.from, span.to);
}

/**
 * loadBusy for a booking that holds its calendar locks, with the group's catalogue version read in
 * the same statement (availability.repository.ts listBusyAndCatalogueVersion): the caller compares
 * the version with the one its schedule was built from, and reads again if they differ. `alsoRead`
 * rides along in the same snapshot.
 */
export async function loadBusyAndCatalogueVersion(
  db: Kysely<Database>,
  { groupId, schedule, plan }: SlotSearch,
  { fromDay, toDay }: { fromDay: number; toDay: number },
  alsoRead?: RawBuilder<unknown>,
): Promise<{ busy: Appointments; catalogueVersion: string | undefined; also: unknown }> {
  const span = fromDay >= toDay ? { from: 0, to: 0 } : appointmentSpan(schedule, plan, fromDay, toDay);
  return repo.listBusyAndCatalogueVersion(db, groupId, involved(plan), span.from, span.to, alsoRead);
}

/** "2026-11-23T09:15:00+01:00" */
export const slotStart = (slot: Slot) => `${slot.date}T${slot.time}:00${formatUtcOffset(slot.offset)}`;

export interface SlotsRequest {
  /** "YYYY-MM-DD" and optional "hh:mm:ss"; absent: today in the group's zone. */
  date?: string | undefined;
  time?: string | null | undefined;
  days: number;
  promotions: boolean;
  selection: BookingSelection;
}

/**
 * Schedules shown to customers are kept a few seconds per database and group, and reused only while
 * the group's catalogue version is the one they were built from: a reuse costs nothing beyond the
 * group row the request's scope has read, instead of the whole catalogue, and a change to hours,
 * absences or services shows in the very next slot list (docs/back-office.md "Absences and closures"). A booking is always
 * re-checked on the schedule of the version it holds its calendar locks under.
 */
const SCHEDULE_TTL_MS = 5_000;
const MAX_CACHED_GROUPS = 500;
const recent = new WeakMap<
  Kysely<Database>,
  Map<number, { loadedAt: number; since: number; value: LoadedSchedule }>
>();

/**
 * loadGroupSchedule for the slot list, reusing a schedule loaded less than SCHEDULE_TTL_MS ago
 * while the group row the request read still has the catalogue version it was built from.
 */
export async function recentGroupSchedule(scope: Scope, busy: BusySpan): Promise<LoadedSchedule> {
  const { ctx, group, now } = scope;
  const db = ctx.db;
  const groupId = group.id;
  let byGroup = recent.get(db);
  if (!byGroup) {
    byGroup = new Map();
    recent.set(db, byGroup);
  }
  const hit = byGroup.get(groupId);
  const clock = performance.now();
  // An entry loaded for a later "now" may lack exceptions this one needs (tests move the clock).
  if (
    hit &&
    clock - hit.loadedAt < SCHEDULE_TTL_MS &&
    hit.since <= now.getTime() &&
    String(group.catalogue_version) === String(hit.value.group.catalogue_version)
  ) {
    return { ...hit.value, busy: { from: 0, to: 0, rows: [] } };
  }
  const value = await loadGroupSchedule(db, { groupId, now, busy });
  byGroup.delete(groupId);
  if (byGroup.size >= MAX_CACHED_GROUPS) byGroup.delete(byGroup.keys().next().value!);
  byGroup.set(groupId, { loadedAt: clock, since: now.getTime(), value });
  return value;
}

const bookingSchedules = catalogueCache<ScheduleIndex>();

/**
 * The schedule a booking is checked against: the catalogue as of the group row the caller has just
 * read (its catalogue_version), loaded through `db` (the booking's transaction) when not cached.
 */
export function bookingSchedule(
  { ctx, group, now }: Pick<Scope, 'ctx' | 'group' | 'now'>,
  db: Kysely<Database>,
): Promise<ScheduleIndex> {
  const variant = `${group.settings.timezone}|${scheduleSince(now)}`;
  return bookingSchedules.get(ctx.db, group, variant, async () => {
    const loaded = await loadGroupSchedule(db, { groupId: group.id, now });
    return loaded.schedule;
  });
}

/**
 * The availabletimeslots search for the scope's group and its schedule (loadGroupSchedule), as the
 * engine's slots. With `keptBusy`, the appointments of the requested days come from the weeks kept
 * in this process while they are current (kept-busy-weeks.ts), else from the database.
 */
export async function searchSlots(
  scope: Scope,
  loaded: LoadedSchedule,
  request: SlotsRequest,
  keptBusy?: KeptBusyWeeks,
): Promise<SlotSearchAnswer> {
  const { ctx, group, now } = scope;
  const db = ctx.db;
  const { schedule } = loaded;
  const zone = group.settings.timezone;
  const plan = planOrReject(schedule, request.selection);
  const search: SlotSearch = { groupId: group.id, schedule, plan };
  const date = request.date ?? localDateIn(now, zone);
  const startDay = dayOfIsoDate(date);
  if (startDay === undefined) throw errors.badRequest('Invalid querystring parameter "start": not a date');
  const [h, m] = request.time ? request.time.split(':').map(Number) : [];
  const rules = slotRules(group);
  const query: SlotQuery = {
    now: epochMinute(now),
    rules,
    startDay,
    startMinute: h === undefined ? null : h * 60 + m!,
    days: request.days,
    promotions: request.promotions,
  };
  const limits = searchLimits(schedule, plan, query);
  // Days wholly outside the booking window hold nothing: load appointments for the others only.
  const firstDay = Math.max(startDay, schedule.zone.localDayOf(limits.earliest) - 1);
  const lastDay = Math.min(startDay + request.days, limits.lastDay + 1);
  const needed = appointmentSpan(schedule, plan, firstDay, lastDay);
  const prefetched = loaded.busy;
  const calendarIds = involvedCalendars(plan);
  const busy =
    firstDay >= lastDay || (needed.from >= prefetched.from && needed.to <= prefetched.to)
      ? prefetched.rows
      : ((await keptBusy?.busy({ db, groupId: group.id, calendarIds, ...needed })) ??
        (await loadBusy(db, search, { fromDay: firstDay, toDay: lastDay })));
  const answer = findSlots(schedule, busy, plan, query, { beyondWindow: 'caller' });
  let firstSlot = answer.firstSlot;
  if (!firstSlot && answer.continueFromDay !== null) {
    let day = answer.continueFromDay;
    for (let chunk = 0; !firstSlot && day <= limits.lastDay; chunk++) {
      const until = Math.min(
        day + (FIRST_SLOT_CHUNKS[chunk] ?? Number.POSITIVE_INFINITY),
        limits.lastDay + 1,
      );
      const more = await loadBusy(db, search, { fromDay: day, toDay: until });
      firstSlot = findFirstSlot(schedule, more, plan, query, day, until);
      day = until;
    }
  }
  return {
    calendarIds,
    slots: answer.slots,
    firstSlot,
    release: rules.release
      ? releaseAnswer(releaseAtSearch(rules.release, schedule.zone, query.now), schedule.zone)
      : null,
  };
}

/** What searchSlots found: the engine's slots, before they are written as the answer. */
export interface SlotSearchAnswer {
  /** The calendars and resources the search read appointments of (not sent: what the answer depends on). */
  calendarIds: number[];
  slots: readonly Slot[];
  firstSlot: Slot | null;
  /** Null when the group releases no months on a schedule. */
  release: SlotsRelease | null;
}

/** The availabletimeslots answer as objects (searchSlots, each slot as the API shows it). */
export async function availableTimeSlots(
  scope: Scope,
  loaded: LoadedSchedule,
  request: SlotsRequest,
  keptBusy?: KeptBusyWeeks,
): Promise<SlotsAnswer> {
  return slotsAsObjects(await searchSlots(scope, loaded, request, keptBusy));
}

/** Each slot as the API shows it (slot-answer-json.ts writes the same as JSON text). */
export function slotsAsObjects(found: SlotSearchAnswer): SlotsAnswer {
  return {
    calendarIds: found.calendarIds,
    availabletimeslots: found.slots.map((slot) => ({
      start: slotStart(slot),
      time: slot.time,
      capacity: slot.capacity,
      promotion: slot.promotion,
    })),
    firstSlot: found.firstSlot ? slotStart(found.firstSlot) : null,
    release: found.release,
  };
}

export interface SlotsAnswer {
  /** The calendars and resources the search read appointments of (not sent: what the answer depends on). */
  calendarIds: number[];
  availabletimeslots: { start: string; time: string; capacity: number; promotion: number | null }[];
  firstSlot: string | null;
  /** Null when the group releases no months on a schedule. */
  release: SlotsRelease | null;
}
