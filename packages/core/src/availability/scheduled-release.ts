/**
 * Scheduled release (docs/group-configuration.md "Scheduled release"): a group opens its months one
 * at a time. On day D of every month M, at wall-clock time T in the group's zone, the month
 * M + monthsAhead becomes bookable; until that instant the bookable period ends with the last date of
 * month M + monthsAhead − 1.
 *
 * The release instant of a month is the first instant whose wall clock reads D at T, or the first
 * instant after the gap when the clocks skip T that day (zone-offsets.ts firstInstantAtOrAfter).
 * D is at most 28 so that every month has it.
 */
import { civilFromDay, dayFromCivil, MINUTES_PER_DAY } from '../time/civil-day.ts';
import type { ZoneOffsets } from '../time/zone-offsets.ts';

export interface MonthlyRelease {
  /** 1–28. */
  readonly dayOfMonth: number;
  /** Wall-clock minute of that day, 0–1439. */
  readonly minuteOfDay: number;
  /** 1–12: how many months ahead of the releasing month the released month lies. */
  readonly monthsAhead: number;
}

export interface ReleaseBound {
  /** The last local date (day number, civil-day.ts) customers may book now. */
  readonly lastDay: number;
  /** The first instant (epoch minutes) of the date after it: starts from here on are not released. */
  readonly endsAt: number;
  /** The next release (epoch minutes), and the last local date bookable from that instant. */
  readonly nextReleaseAt: number;
  readonly nextLastDay: number;
}

/** Months counted from year 0: year × 12 + (month − 1). */
type MonthIndex = number;

const monthOfDay = (day: number): MonthIndex => {
  const [year, month] = civilFromDay(day);
  return year * 12 + month - 1;
};

const firstDayOfMonth = (index: MonthIndex): number =>
  dayFromCivil(Math.floor(index / 12), (((index % 12) + 12) % 12) + 1, 1);

const lastDayOfMonth = (index: MonthIndex): number => firstDayOfMonth(index + 1) - 1;

/** When the release of month `index` happens (epoch minutes). */
function releaseInstant(release: MonthlyRelease, zone: ZoneOffsets, index: MonthIndex): number {
  const day = firstDayOfMonth(index) + release.dayOfMonth - 1;
  return zone.firstInstantAtOrAfter(day * MINUTES_PER_DAY + release.minuteOfDay);
}

/**
 * What is released at instant `now` (epoch minutes) in `zone`: the last bookable date and the next
 * release. The releasing month is the latest whose release instant is at or before `now`: this
 * month's once its day and time have come, else last month's.
 */
export function releaseBound(release: MonthlyRelease, zone: ZoneOffsets, now: number): ReleaseBound {
  let month = monthOfDay(zone.localDayOf(now));
  if (releaseInstant(release, zone, month) > now) month -= 1;
  const lastDay = lastDayOfMonth(month + release.monthsAhead);
  return {
    lastDay,
    endsAt: zone.localDay(lastDay + 1).start,
    nextReleaseAt: releaseInstant(release, zone, month + 1),
    nextLastDay: lastDayOfMonth(month + 1 + release.monthsAhead),
  };
}

/**
 * releaseBound at a search's `now`, which is rounded up to the minute (slots.engine.ts): one minute
 * back, so that a release at 09:00 is in effect from the first moment after 09:00:00 — not during
 * the minute before it.
 */
export function releaseAtSearch(
  release: MonthlyRelease,
  zone: ZoneOffsets,
  nowRoundedUp: number,
): ReleaseBound {
  return releaseBound(release, zone, nowRoundedUp - 1);
}

/** "HH:MM" → minute of the day; the configuration's format (group-config.schema.ts). */
export function releaseOfConfig(config: {
  day_of_month: number;
  time: string;
  months_ahead: number;
}): MonthlyRelease {
  const [hours, minutes] = config.time.split(':').map(Number) as [number, number];
  return {
    dayOfMonth: config.day_of_month,
    minuteOfDay: hours * 60 + minutes,
    monthsAhead: config.months_ahead,
  };
}
