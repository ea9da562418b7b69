/**
 * Promotions on slots (docs/requirements/booking-flow.md §3 Slot.promotion): a promotion matches a start when it covers one of
 * the booked services or packs (or every service), the start's local date is within its dates, its
 * weekday is one of its weekdays and its wall-clock time is within [from, to). The best percent wins.
 */
import { isoWeekdayOfDay } from '../time/civil-day.ts';
import type { ScheduleIndex } from './schedule-index.ts';

/** The best promotion percent for a start on local date `day` at `minuteOfDay`, or null. */
export function promotionPercent(
  schedule: ScheduleIndex,
  serviceIds: readonly number[],
  day: number,
  minuteOfDay: number,
): number | null {
  let best: number | null = null;
  for (const p of schedule.promotions) {
    if (best !== null && p.percent <= best) continue;
    if (day < p.fromDay || day > p.toDay) continue;
    if (minuteOfDay < p.fromMinute || minuteOfDay >= p.toMinute) continue;
    if (p.weekdays && !p.weekdays.has(isoWeekdayOfDay(day))) continue;
    const services = p.services;
    if (services && !serviceIds.some((id) => services.has(id))) continue;
    best = p.percent;
  }
  return best;
}
