/**
 * When a group may be booked (docs/booking.md): the minimum notice before a start and the booking
 * horizon. The slot list and the booking writer apply the same rules through the engine.
 */
import type { BookingRules } from '@creneau/core/availability/availability.types';
import type { GroupRow } from '../../db/database.ts';

/** What the engine needs to refuse starts too soon or too far ahead (calendars may reach further). */
export function slotRules(group: GroupRow): BookingRules {
  const settings = group.settings;
  return {
    minNoticeMinutes: settings.rules?.min_notice_minutes ?? 60,
    maxPeriodMinutes: settings.maxrdv_period ?? 90 * 1440,
  };
}
