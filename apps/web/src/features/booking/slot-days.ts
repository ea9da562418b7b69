/**
 * The slot grid (docs/requirements/booking-flow.md §2 screen 6): consecutive days from the start date, each with its slots
 * in hourly groups — one row per hour from the earliest to the latest slot hour of the days shown —
 * and a day without slots reads "day unavailable". A group with one slot is a direct button; with
 * several, a menu (time and, when the group shows it, remaining capacity).
 * Slot starts carry the group's UTC offset, so their date and hour are the group's wall clock.
 */
import { addDays } from '@creneau/core/validation/calendar-date';
import type { AvailableSlot } from '../../api/availabletimeslots.ts';

export interface SlotDay {
  /** "YYYY-MM-DD" in the group's time zone. */
  date: string;
  slots: AvailableSlot[];
}

/** The group's calendar date of a slot start. */
export const slotDate = (slot: Pick<AvailableSlot, 'start'>) => slot.start.slice(0, 10);
/** The group's wall-clock hour of a slot. */
export const slotHour = (slot: Pick<AvailableSlot, 'time'>) => Number(slot.time.slice(0, 2));

/** `count` consecutive days from `start`, each with its slots in time order. */
export function slotDays(slots: readonly AvailableSlot[], start: string, count: number): SlotDay[] {
  const days: SlotDay[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(start, i);
    days.push({ date, slots: slots.filter((s) => slotDate(s) === date) });
  }
  return days;
}

/** Every hour from the earliest to the latest slot hour of the days (empty without slots). */
export function hourRows(days: readonly SlotDay[]): number[] {
  const hours = days.flatMap((d) => d.slots.map(slotHour));
  if (hours.length === 0) return [];
  const rows: number[] = [];
  for (let h = Math.min(...hours); h <= Math.max(...hours); h++) rows.push(h);
  return rows;
}

/** The slots of a day within an hour. */
export function hourGroup(day: SlotDay, hour: number): AvailableSlot[] {
  return day.slots.filter((s) => slotHour(s) === hour);
}

/** The best promotion of a group of slots (null when none is promoted). */
export function groupPromotion(slots: readonly AvailableSlot[]): number | null {
  const best = Math.max(0, ...slots.map((s) => s.promotion ?? 0));
  return best > 0 ? best : null;
}

/** "09:00" for an hour row. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
