/**
 * When a group may be booked (docs/booking.md): the minimum notice before a start, the booking
 * horizon and the scheduled release of months (docs/group-configuration.md "Scheduled release").
 * The slot list and the booking writer apply the same rules through the engine.
 */
import type { BookingRules } from '@creneau/core/availability/availability.types';
import { releaseOfConfig } from '@creneau/core/availability/scheduled-release';
import type { GroupRow } from '../../db/database.ts';

/** What the engine needs to refuse starts too soon or too far ahead (calendars may reach further). */
export function slotRules(group: GroupRow): BookingRules {
  const settings = group.settings;
  // Settings written before the release existed have no such key: no release.
  const release = settings.rules?.release ?? null;
  return {
    minNoticeMinutes: settings.rules?.min_notice_minutes ?? 60,
    maxPeriodMinutes: settings.maxrdv_period ?? 90 * 1440,
    release: release ? releaseOfConfig(release) : null,
  };
}
