/**
 * A group's appointments kept per week in each server process (docs/availability.md "Answer
 * cache"), so that a slot answer not yet kept — another service, calendar or day of the same weeks —
 * costs the engine and no query. Each week holds the confirmed appointments of every calendar of the
 * group that *start* in it (so weeks put side by side hold each appointment once); a search takes the
 * weeks its span needs, from two days before it (no appointment lasts longer).
 *
 * Exactness, as for the answers: a week is read after taking the change clock's stamp
 * (caching/change-clock.ts), and serves a search only while none of the calendars and resources that
 * search uses has changed since that stamp. Rows of other calendars may be older: the engine never
 * looks at a calendar the search does not use. A week too old for a search is read again and
 * replaces the kept one. Without listening nothing is kept.
 */
import type { AppointmentsByCalendar } from '@creneau/core/availability/availability.types';
import type { Kysely } from 'kysely';
import type { ChangeClock, ChangeStamp } from '../../caching/change-clock.ts';
import type { Database } from '../../db/database.ts';
import { LONGEST_APPOINTMENT_MINUTES, listGroupStarting } from './availability.repository.ts';
import { pickByCalendar, splitByCalendar, type WeekByCalendar } from './week-rows-by-calendar.ts';

const WEEK_MINUTES = 7 * 1440;
/** A search spanning more weeks (the first slot months ahead) reads straight from the database. */
const MAX_WEEKS_PER_SEARCH = 4;
/** Weeks kept per process, the least recently used dropped first: a few kilobytes each. */
const MAX_WEEKS = 4_000;

interface KeptWeek {
  at: ChangeStamp;
  /** Split per calendar once when read: each search then takes only its own calendars' rows. */
  rows: WeekByCalendar;
}

export interface BusySearch {
  db: Kysely<Database>;
  groupId: number;
  /** The calendars and resources the search uses: what a kept week must be current for. */
  calendarIds: readonly number[];
  /** Epoch minutes: appointments overlapping [from, to) are wanted (more may come). */
  from: number;
  to: number;
}

export class KeptBusyWeeks {
  private readonly weeks = new Map<string, KeptWeek>();
  private readonly reading = new Map<string, Promise<KeptWeek>>();
  private reads = 0;

  constructor(private readonly changes: ChangeClock) {}

  /**
   * The appointments of the search's calendars and resources overlapping [from, to) — the rows a
   * query of that span would answer (availability.repository.ts listBusy) — or undefined when the
   * span is too long to be kept (the caller reads it itself).
   */
  async busy(search: BusySearch): Promise<AppointmentsByCalendar | undefined> {
    const first = Math.floor((search.from - LONGEST_APPOINTMENT_MINUTES) / WEEK_MINUTES);
    const last = Math.floor((search.to - 1) / WEEK_MINUTES);
    if (search.from >= search.to || last - first + 1 > MAX_WEEKS_PER_SEARCH) return undefined;
    const at = await this.changes.stamp();
    const parts: WeekByCalendar[] = [];
    for (let week = first; week <= last; week++) parts.push(await this.week(search, week, at));
    // Only what the engine will look at: the search's calendars over its span.
    return pickByCalendar(parts, search.calendarIds, search.from, search.to);
  }

  /** Weeks read from the database since the process started (tests: whether one was reused). */
  get readCount(): number {
    return this.reads;
  }

  private async week(search: BusySearch, week: number, at: ChangeStamp | undefined) {
    if (at === undefined) return (await this.read(search, week, at)).rows;
    const key = `${search.groupId}|${week}`;
    const kept = this.weeks.get(key);
    if (kept && this.current(search, kept)) {
      // Most recently used last.
      this.weeks.delete(key);
      this.weeks.set(key, kept);
      return kept.rows;
    }
    const underWay = this.reading.get(key);
    if (underWay) {
      const shared = await underWay.catch(() => undefined);
      if (shared && this.current(search, shared)) return shared.rows;
    }
    const own = this.read(search, week, at);
    this.reading.set(key, own);
    try {
      const read = await own;
      this.keep(key, read);
      return read.rows;
    } finally {
      if (this.reading.get(key) === own) this.reading.delete(key);
    }
  }

  private async read(search: BusySearch, week: number, at: ChangeStamp | undefined) {
    this.reads++;
    const from = week * WEEK_MINUTES;
    const rows = await listGroupStarting(search.db, search.groupId, from, from + WEEK_MINUTES);
    return { at: at ?? 0, rows: splitByCalendar(rows) };
  }

  private keep(key: string, week: KeptWeek): void {
    const kept = this.weeks.get(key);
    // A slower read that started earlier must not replace a newer one.
    if (kept && kept.at > week.at) return;
    this.weeks.delete(key);
    this.weeks.set(key, week);
    if (this.weeks.size > MAX_WEEKS) this.weeks.delete(this.weeks.keys().next().value!);
  }

  private current(search: BusySearch, week: KeptWeek): boolean {
    return this.changes.calendarsUnchangedSince(week.at, search.groupId, search.calendarIds);
  }
}
