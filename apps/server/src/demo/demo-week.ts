/**
 * A fortnight of appointments for the demo salon, so that `npm start` shows the back office's
 * agenda the way a business sees it (docs/demo.md "A fortnight in the agenda"). Only with
 * DEMO_WEEK=true, which `npm start` sets: the browser and high-availability tests start from an
 * empty agenda and book what they need themselves.
 *
 * The appointments are laid out from each calendar's weekly hours in the group's zone, from Monday
 * of the current week to Sunday of the next: back to back, a service the calendar performs each
 * time, with free gaps between, for a handful of demo customers. A fixed seed makes two starts look
 * alike. They are written straight to the table, as an import would: the booking rules (notice,
 * horizon) are for customers, and a past Monday must be in the week too.
 */
import { personKeys } from '@creneau/core/booking/person-identity';
import { dayOfIsoDate, isoWeekdayOfDay, MINUTES_PER_DAY } from '@creneau/core/time/civil-day';
import { localDateIn } from '@creneau/core/time/time-zone';
import { zoneOffsets } from '@creneau/core/time/zone-offsets';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { plainAppointment } from '../modules/appointments/appointments.repository.ts';

const DAYS = 14;
/** The share of the opening time that is booked. */
const BOOKED_SHARE = 0.65;
/** A free gap, when one is left. */
const GAP_MINUTES = 30;

const CUSTOMERS = [
  ['Camille', 'Durand'],
  ['Lucas', 'Martin'],
  ['Chloé', 'Bernard'],
  ['Hugo', 'Petit'],
  ['Manon', 'Robert'],
  ['Nathan', 'Richard'],
  ['Inès', 'Moreau'],
  ['Louis', 'Simon'],
  ['Jade', 'Laurent'],
  ['Gabriel', 'Lefebvre'],
  ['Léa', 'Michel'],
  ['Arthur', 'Garcia'],
] as const;

export interface OpeningRange {
  calendarId: number;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
  /** Minutes from local midnight. */
  start: number;
  end: number;
}

export interface PerformedService {
  interventionId: number;
  duration: number;
}

export interface PlannedAppointment {
  calendarId: number;
  interventionId: number;
  duration: number;
  /** Local minutes: day number × 1440 + minute of the day. */
  localStart: number;
  customer: number;
}

/** A small seeded generator (mulberry32): the same demo on every start. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The appointments of `DAYS` days from `firstDay` (a day number): in each opening range, services
 * one after another while they fit before its end, about `BOOKED_SHARE` of the time booked.
 */
export function planDemoWeek(
  ranges: readonly OpeningRange[],
  services: ReadonlyMap<number, readonly PerformedService[]>,
  firstDay: number,
  seed = 20261127,
): PlannedAppointment[] {
  const random = seeded(seed);
  const planned: PlannedAppointment[] = [];
  const sorted = [...ranges].sort(
    (a, b) => a.calendarId - b.calendarId || a.weekday - b.weekday || a.start - b.start,
  );
  for (let day = firstDay; day < firstDay + DAYS; day++) {
    const weekday = isoWeekdayOfDay(day);
    for (const range of sorted) {
      const offered = services.get(range.calendarId) ?? [];
      if (range.weekday !== weekday || offered.length === 0) continue;
      let minute = range.start;
      while (minute < range.end) {
        const service = offered[Math.floor(random() * offered.length)]!;
        if (random() >= BOOKED_SHARE) {
          minute += GAP_MINUTES;
          continue;
        }
        if (minute + service.duration > range.end) break;
        planned.push({
          calendarId: range.calendarId,
          interventionId: service.interventionId,
          duration: service.duration,
          localStart: day * MINUTES_PER_DAY + minute,
          customer: Math.floor(random() * CUSTOMERS.length),
        });
        minute += service.duration;
      }
    }
  }
  return planned;
}

/** Fills the fortnight of `urlname` (the salon by default); the number of appointments written. */
export async function loadDemoWeek(db: Kysely<Database>, now: Date, urlname = 'demo-salon'): Promise<number> {
  const group = await db
    .selectFrom('groups')
    .select(['id', 'settings'])
    .where('urlname', '=', urlname)
    .executeTakeFirst();
  if (!group) return 0;
  const { timezone, country } = group.settings as { timezone: string; country?: string };
  const ranges = await db
    .selectFrom('opening_ranges as r')
    .innerJoin('calendars as c', 'c.id', 'r.calendar_id')
    .select(['r.calendar_id', 'r.weekday', 'r.start_minute', 'r.end_minute'])
    .where('r.group_id', '=', group.id)
    .where('c.is_resource', '=', false)
    .where('c.deleted', '=', false)
    .execute();
  // Single services of at most an hour and a half: a day of the demo looks like a day of cuts.
  const links = await db
    .selectFrom('calendar_interventions as l')
    .innerJoin('interventions as i', 'i.id', 'l.intervention_id')
    .select(['l.calendar_id', 'l.intervention_id', 'l.duration', 'i.length'])
    .where('l.group_id', '=', group.id)
    .where('i.type', '=', 'free')
    .where('i.deleted', '=', false)
    .where('i.need_resource', '=', false)
    .execute();
  const services = new Map<number, PerformedService[]>();
  for (const link of links) {
    const duration = link.duration ?? link.length;
    if (duration <= 0 || duration > 90) continue;
    const list = services.get(link.calendar_id) ?? [];
    list.push({ interventionId: link.intervention_id, duration });
    services.set(link.calendar_id, list);
  }
  const today = dayOfIsoDate(localDateIn(now, timezone))!;
  const monday = today - (isoWeekdayOfDay(today) - 1);
  const planned = planDemoWeek(
    ranges.map((r) => ({
      calendarId: r.calendar_id,
      weekday: r.weekday,
      start: r.start_minute,
      end: r.end_minute,
    })),
    services,
    monday,
  );
  const zone = zoneOffsets(timezone);

  return db.transaction().execute(async (trx) => {
    const fiches: number[] = [];
    for (const [index, [firstname, lastname]] of CUSTOMERS.entries()) {
      const email = `${firstname
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase()}.${lastname.toLowerCase()}.demo${index}@example.com`;
      const firstphone = `+33 6 70 00 ${String(10 + index).padStart(2, '0')} ${String(20 + index).padStart(2, '0')}`;
      const keys = personKeys({ email, firstphone }, country ?? 'FR');
      const row = await trx
        .insertInto('fiches')
        .values({
          group_id: group.id,
          account_id: null,
          firstname,
          lastname,
          email,
          firstphone,
          email_key: keys.emailKey,
          phone_key: keys.phoneKey,
          fields: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      fiches.push(row.id);
    }
    const rows = planned.flatMap((appointment) => {
      // A start that does not exist on the wall clock (the spring-forward hour) is left out.
      const instant = zone.instantsOf(appointment.localStart)[0];
      if (instant === undefined) return [];
      return [
        plainAppointment({
          group_id: group.id,
          fiche_id: fiches[appointment.customer]!,
          intervention_id: appointment.interventionId,
          calendar_id: appointment.calendarId,
          starts_at: new Date(instant * 60_000),
          ends_at: new Date((instant + appointment.duration) * 60_000),
          duration: appointment.duration,
          websource: 'demo',
        }),
      ];
    });
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('appointments')
        .values(rows.slice(i, i + 200))
        .execute();
    return rows.length;
  });
}
