/**
 * The scheduled release as the slot list tells it (docs/api.md "Scheduled release"): the last date
 * bookable now, and when the next month opens, in the group's zone.
 */
import type { ReleaseBound } from '@creneau/core/availability/scheduled-release';
import { formatUtcOffset, isoDateOfDay } from '@creneau/core/time/civil-day';
import { formatWallClock } from '@creneau/core/time/wall-clock';
import type { ZoneOffsets } from '@creneau/core/time/zone-offsets';

/** "2026-12-01T09:00:00+01:00": an instant with its wall clock and offset in the zone. */
function instantIn(zone: ZoneOffsets, minute: number): string {
  const local = zone.localMinuteOf(minute);
  const day = Math.floor(local / 1440);
  return `${isoDateOfDay(day)}T${formatWallClock(local - day * 1440)}:00${formatUtcOffset(zone.offsetAt(minute))}`;
}

export function releaseAnswer(bound: ReleaseBound, zone: ZoneOffsets): SlotsRelease {
  return {
    bookable_until: isoDateOfDay(bound.lastDay),
    next_release_at: instantIn(zone, bound.nextReleaseAt),
    next_bookable_until: isoDateOfDay(bound.nextLastDay),
  };
}

/** The group's scheduled release as the slot list tells it (docs/api.md "Scheduled release"). */
export interface SlotsRelease {
  /** The last local date bookable now. */
  bookable_until: string;
  /** When the next month opens, and the last local date bookable from then. */
  next_release_at: string;
  next_bookable_until: string;
}
