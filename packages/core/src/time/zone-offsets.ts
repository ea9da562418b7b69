/**
 * DST-correct conversion between instants and wall-clock time in an IANA time zone, in integer
 * minutes. Intl is the only source of truth, but asking it per minute is slow (~3 µs a call), so
 * each zone keeps a table of its offset changes, found once per UTC year by sampling every 12 hours
 * and bisecting to the minute where the offset changes. Everything else is arithmetic on that table.
 *
 * Why not "midnight + N hours" on a Date: a local day may last 23, 23.5, 24, 24.5 or 25 hours, a
 * local time may not exist (spring forward) or exist twice (fall back), midnight itself may not
 * exist (America/Sao_Paulo 2018-11-04, America/Havana, Asia/Beirut), a clock may go back across
 * midnight (America/Santiago: 00:00 → 23:00 the day before), and a whole date may be skipped
 * (Pacific/Apia, 2011-12-30). A local day is therefore described by its *pieces*: stretches of
 * wall-clock minutes that run at one offset, in instant order.
 */
import { MINUTES_PER_DAY } from './civil-day.ts';

/** A stretch of one local day whose wall clock runs at a single UTC offset. */
export interface DayPiece {
  /** Minutes from local midnight where the stretch starts and ends (0 … 1440, end exclusive). */
  readonly from: number;
  readonly to: number;
  /** Minutes east of UTC: instant = local minute − offset. */
  readonly offset: number;
}

/** One calendar date on the wall clocks of a zone. */
export interface LocalDay {
  readonly day: number;
  /** In instant order; empty when the date was skipped altogether. */
  readonly pieces: readonly DayPiece[];
  /** First instant (epoch minutes) of the date, and the instant after its last minute. */
  readonly start: number;
  readonly end: number;
}

const SAMPLE_MINUTES = 720;
/** No zone is 26 hours or more from UTC; bounds which instants may fall on a given local date. */
const REACH = 26 * 60;
const MAX_CACHED_DAYS = 20_000;
// en-US with h23: "11/23/2026, 09:15:00"
const FORMATTED = /^(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)$/;

const utcYearOf = (minute: number) => new Date(minute * 60_000).getUTCFullYear();
const utcYearStart = (year: number) => {
  const d = new Date(0);
  d.setUTCFullYear(year, 0, 1);
  return d.getTime() / 60_000;
};

/** The offset table and local-day cache of one zone; get it from zoneOffsets(). */
export class ZoneOffsets {
  /** Each stretch i has offsets[i] on [starts[i], starts[i + 1]); the table covers [from, to). */
  private starts: number[] = [];
  private offsets: number[] = [];
  private from = 0;
  private to = 0;
  private lastIndex = 0;
  private readonly days = new Map<number, LocalDay>();
  private readonly format: Intl.DateTimeFormat;

  constructor(readonly zone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** Offset at an instant straight from Intl (rounded to the minute: only pre-1900 LMT has seconds). */
  private exactOffset(minute: number): number {
    const ms = minute * 60_000;
    const m = FORMATTED.exec(this.format.format(ms));
    if (!m)
      throw new RangeError(`cannot read the wall clock of ${this.zone} at ${new Date(ms).toISOString()}`);
    const wall = new Date(0);
    wall.setUTCFullYear(Number(m[3]), Number(m[1]) - 1, Number(m[2]));
    wall.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]));
    return Math.round((wall.getTime() - ms) / 60_000);
  }

  /** The offset stretches of [a, b), the first starting at a. */
  private scan(a: number, b: number): { starts: number[]; offsets: number[] } {
    let current = this.exactOffset(a);
    const starts = [a];
    const offsets = [current];
    let known = a;
    for (let p = a + SAMPLE_MINUTES; known < b - 1; p += SAMPLE_MINUTES) {
      const q = Math.min(p, b - 1);
      while (this.exactOffset(q) !== current) {
        // The first minute after `known` whose offset differs (two changes within one sample
        // interval that cancel out would be missed; no zone has ever done that).
        let lo = known;
        let hi = q;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (this.exactOffset(mid) === current) lo = mid;
          else hi = mid;
        }
        current = this.exactOffset(hi);
        starts.push(hi);
        offsets.push(current);
        known = hi;
      }
      known = q;
    }
    return { starts, offsets };
  }

  private cover(minute: number): void {
    if (this.starts.length === 0) {
      const year = utcYearOf(minute);
      const scanned = this.scan(utcYearStart(year), utcYearStart(year + 1));
      this.starts = scanned.starts;
      this.offsets = scanned.offsets;
      this.from = utcYearStart(year);
      this.to = utcYearStart(year + 1);
    }
    while (minute >= this.to) {
      const next = utcYearStart(utcYearOf(this.to) + 1);
      const scanned = this.scan(this.to, next);
      let i = 0;
      if (scanned.offsets[0] === this.offsets[this.offsets.length - 1]) i = 1;
      for (; i < scanned.starts.length; i++) {
        this.starts.push(scanned.starts[i]!);
        this.offsets.push(scanned.offsets[i]!);
      }
      this.to = next;
    }
    while (minute < this.from) {
      const previous = utcYearStart(utcYearOf(this.from) - 1);
      const scanned = this.scan(previous, this.from);
      if (scanned.offsets[scanned.offsets.length - 1] === this.offsets[0]) {
        this.starts.shift();
        this.offsets.shift();
      }
      this.starts = [...scanned.starts, ...this.starts];
      this.offsets = [...scanned.offsets, ...this.offsets];
      this.from = previous;
      this.lastIndex = 0;
    }
  }

  private indexAt(minute: number): number {
    if (minute < this.from || minute >= this.to) this.cover(minute);
    const starts = this.starts;
    const last = this.lastIndex;
    if (starts[last]! <= minute && (last + 1 === starts.length || starts[last + 1]! > minute)) return last;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= minute) lo = mid;
      else hi = mid - 1;
    }
    this.lastIndex = lo;
    return lo;
  }

  /** Minutes east of UTC at an instant (epoch minutes). */
  offsetAt(minute: number): number {
    // Index first: covering a new year replaces the arrays.
    const i = this.indexAt(minute);
    return this.offsets[i]!;
  }

  /** Local minutes (day number × 1440 + minute of day) of an instant. */
  localMinuteOf(minute: number): number {
    return minute + this.offsetAt(minute);
  }

  /** The local day number an instant falls on. */
  localDayOf(minute: number): number {
    return Math.floor(this.localMinuteOf(minute) / MINUTES_PER_DAY);
  }

  /** The pieces of a local date (cached). */
  localDay(day: number): LocalDay {
    let found = this.days.get(day);
    if (found) return found;
    const l0 = day * MINUTES_PER_DAY;
    const l1 = l0 + MINUTES_PER_DAY;
    const lo = l0 - REACH;
    const hi = l1 + REACH;
    this.indexAt(hi);
    const pieces: DayPiece[] = [];
    let skippedAt: number | undefined;
    for (let i = this.indexAt(lo); i < this.starts.length && this.starts[i]! < hi; i++) {
      const a = this.starts[i]!;
      const b = Math.min(i + 1 < this.starts.length ? this.starts[i + 1]! : this.to, hi);
      const offset = this.offsets[i]!;
      const from = Math.max(a + offset, l0);
      const to = Math.min(b + offset, l1);
      if (from < to) pieces.push({ from: from - l0, to: to - l0, offset });
      else if (skippedAt === undefined && a + offset >= l1) skippedAt = a;
    }
    const first = pieces[0];
    const last = pieces[pieces.length - 1];
    found = {
      day,
      pieces,
      start: first ? l0 + first.from - first.offset : (skippedAt ?? l0),
      end: last ? l0 + last.to - last.offset : (skippedAt ?? l0),
    };
    if (this.days.size >= MAX_CACHED_DAYS) this.days.clear();
    this.days.set(day, found);
    return found;
  }

  /**
   * The instants whose wall clock reads this local minute, earliest first: none in a spring-forward
   * gap, two in a fall-back overlap.
   */
  instantsOf(localMinute: number): number[] {
    const day = Math.floor(localMinute / MINUTES_PER_DAY);
    const m = localMinute - day * MINUTES_PER_DAY;
    const out: number[] = [];
    for (const piece of this.localDay(day).pieces) {
      if (m >= piece.from && m < piece.to) out.push(localMinute - piece.offset);
    }
    return out;
  }

  /**
   * The earliest instant whose wall clock reads this local minute or, when that time was skipped,
   * the first instant after the gap ("at or after" a local time).
   */
  firstInstantAtOrAfter(localMinute: number): number {
    const day = Math.floor(localMinute / MINUTES_PER_DAY);
    const m = localMinute - day * MINUTES_PER_DAY;
    let best = Number.POSITIVE_INFINITY;
    for (let d = day; d <= day + 2 && best === Number.POSITIVE_INFINITY; d++) {
      const l0 = d * MINUTES_PER_DAY;
      for (const piece of this.localDay(d).pieces) {
        const from = d === day ? Math.max(piece.from, m) : piece.from;
        if (from < piece.to) best = Math.min(best, l0 + from - piece.offset);
      }
    }
    return best;
  }
}

const zones = new Map<string, ZoneOffsets>();

/** The (cached) offset table of an IANA zone; throws RangeError for an unknown zone. */
export function zoneOffsets(zone: string): ZoneOffsets {
  let found = zones.get(zone);
  if (!found) {
    found = new ZoneOffsets(zone);
    zones.set(zone, found);
  }
  return found;
}
