/**
 * The availabletimeslots call (spec 000 §7) and the re-check a booking goes through before it is
 * written (issue 5), both on the core availability engine.
 *
 * Loading: the schedule (calendars with ranges, exceptions and links; services; promotions) in
 * three parallel queries, then the appointments overlapping the requested days on the calendars and
 * resources the booking may use. When those days hold no slot, the first slot is searched further
 * in chunks of 4, then 12 weeks, then the rest of the maximum period — each chunk one more query —
 * so a week's view never loads a year of bookings.
 */
import type {
  AppointmentInput,
  BookingRules,
  BookingSelection,
  ScheduleInput,
  Slot,
} from '@creneau/core/availability/availability.types';
import { type BookingCheck, checkBooking, checkDay } from '@creneau/core/availability/booking-check';
import {
  type BookingPlan,
  BookingSelectionError,
  planBooking,
} from '@creneau/core/availability/booking-plan';
import { indexSchedule, type ScheduleIndex } from '@creneau/core/availability/schedule-index';
import {
  appointmentSpan,
  findFirstSlot,
  findSlots,
  type SlotQuery,
  searchLimits,
} from '@creneau/core/availability/slots.engine';
import { dayOfIsoDate, formatUtcOffset } from '@creneau/core/time/civil-day';
import { localDateIn } from '@creneau/core/time/time-zone';
import type { Kysely } from 'kysely';
import type { Database, GroupRow } from '../../db/database.ts';
import { errors } from '../../http/errors.ts';
import { groupSettings } from '../groups/groups.service.ts';
import * as repo from './availability.repository.ts';

/** Days searched per query beyond the requested window: 4 weeks, then 12, then the rest. */
const FIRST_SLOT_CHUNKS = [28, 84];

/** The group's booking window rules from its settings. */
export function bookingRules(group: GroupRow): BookingRules {
  const settings = groupSettings(group);
  return {
    minNoticeMinutes: settings.rules?.min_notice_minutes ?? 60,
    maxPeriodMinutes: settings.maxrdv_period ?? 90 * 1440,
  };
}

/** The instant as epoch minutes, rounded up: a notice counted from 08:00:30 ends after 09:00. */
export const epochMinute = (date: Date) => Math.ceil(date.getTime() / 60_000);

/** Everything the engine needs about a group except its appointments. */
export async function loadSchedule(db: Kysely<Database>, group: GroupRow, now: Date): Promise<ScheduleIndex> {
  const zone = groupSettings(group).timezone;
  const today = localDateIn(now, zone);
  const yesterday = localDateIn(new Date(now.getTime() - 86_400_000), zone);
  const [calendars, interventions, promotions] = await Promise.all([
    repo.listCalendarSchedules(db, group.id, `${yesterday} 00:00:00`),
    repo.listBookableInterventions(db, group.id),
    repo.listRunningPromotions(db, group.id, today),
  ]);
  const input: ScheduleInput = {
    timeZone: zone,
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
  return indexSchedule(input);
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

function involvedCalendars(plan: BookingPlan): number[] {
  const ids = new Set<number>();
  for (const item of plan.items) {
    for (const option of item.options) ids.add(option.calendar.id);
    for (const resource of item.resources) ids.add(resource.id);
  }
  return [...ids];
}

/** The appointments a search of local days [fromDay, toDay) needs. */
export async function loadBusy(
  db: Kysely<Database>,
  groupId: number,
  schedule: ScheduleIndex,
  plan: BookingPlan,
  fromDay: number,
  toDay: number,
): Promise<AppointmentInput[]> {
  if (fromDay >= toDay) return [];
  const span = appointmentSpan(schedule, plan, fromDay, toDay);
  const rows = await repo.listBusy(db, groupId, involvedCalendars(plan), span.from, span.to);
  return rows.map((r) => ({
    calendarId: r.calendar_id,
    resourceId: r.resource_id,
    start: r.start,
    end: r.end,
  }));
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

/** The availabletimeslots answer for an active group. */
export async function availableTimeSlots(
  db: Kysely<Database>,
  group: GroupRow,
  now: Date,
  request: SlotsRequest,
) {
  const zone = groupSettings(group).timezone;
  const schedule = await loadSchedule(db, group, now);
  const plan = planOrReject(schedule, request.selection);
  const date = request.date ?? localDateIn(now, zone);
  const startDay = dayOfIsoDate(date);
  if (startDay === undefined) throw errors.badRequest('Invalid querystring parameter "start": not a date');
  const [h, m] = request.time ? request.time.split(':').map(Number) : [];
  const query: SlotQuery = {
    now: epochMinute(now),
    rules: bookingRules(group),
    startDay,
    startMinute: h === undefined ? null : h * 60 + m!,
    days: request.days,
    promotions: request.promotions,
  };
  const limits = searchLimits(schedule, plan, query);
  // Days wholly outside the booking window hold nothing: load appointments for the others only.
  const firstDay = Math.max(startDay, schedule.zone.localDayOf(limits.earliest) - 1);
  const lastDay = Math.min(startDay + request.days, limits.lastDay + 1);
  const busy = await loadBusy(db, group.id, schedule, plan, firstDay, lastDay);
  const answer = findSlots(schedule, busy, plan, query, { beyondWindow: 'caller' });
  let firstSlot = answer.firstSlot;
  if (!firstSlot && answer.continueFromDay !== null) {
    let day = answer.continueFromDay;
    for (let chunk = 0; !firstSlot && day <= limits.lastDay; chunk++) {
      const until = Math.min(
        day + (FIRST_SLOT_CHUNKS[chunk] ?? Number.POSITIVE_INFINITY),
        limits.lastDay + 1,
      );
      const more = await loadBusy(db, group.id, schedule, plan, day, until);
      firstSlot = findFirstSlot(schedule, more, plan, query, day, until);
      day = until;
    }
  }
  return {
    availabletimeslots: answer.slots.map((slot) => ({
      start: slotStart(slot),
      time: slot.time,
      capacity: slot.capacity,
      promotion: slot.promotion,
    })),
    firstSlot: firstSlot ? slotStart(firstSlot) : null,
  };
}

/**
 * For the booking writer (issue 5), inside its transaction once the calendars are locked: does the
 * booking still fit at exactly `start`, and on which calendar and resource does each item go?
 * Runs the same engine and the same selection rules as the slot list. Throws the API's 400 for a
 * selection the slot list would refuse too.
 */
export async function checkBookingStart(
  db: Kysely<Database>,
  group: GroupRow,
  selection: BookingSelection,
  start: Date,
  now: Date,
  options: { promotions?: boolean } = {},
): Promise<BookingCheck> {
  const schedule = await loadSchedule(db, group, now);
  const plan = planOrReject(schedule, selection);
  const at = Math.floor(start.getTime() / 60_000);
  if (at * 60_000 !== start.getTime()) return { ok: false };
  const day = checkDay(schedule, at);
  const busy = await loadBusy(db, group.id, schedule, plan, day, day + 1);
  return checkBooking(schedule, busy, plan, at, {
    now: epochMinute(now),
    rules: bookingRules(group),
    promotions: options.promotions ?? true,
  });
}
