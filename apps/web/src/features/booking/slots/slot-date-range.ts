/**
 * The days the slot step may show (docs/booking-flow.md § Slots): from the first available slot to
 * now plus the booking horizon — the longest of the chosen calendars' (or the group's) periods —
 * and no further than the dates a scheduled release has opened (slot-release.ts).
 */

import type { StepChoices } from '@creneau/core/booking/selection';
import { type DateRange, datePickerBounds, maxBookingPeriod } from '@creneau/core/booking/slot-range';
import type { SlotRelease } from '../../../api/availabletimeslots.ts';
import type { Calendar } from '../../../api/calendars.ts';
import type { Group } from '../../../api/group.ts';
import type { ItemCalendars } from '../sequence.ts';
import { releasedMax } from './slot-release.ts';

interface SlotDateRangeInput {
  group: Pick<Group, 'maxrdv_period' | 'timezone'>;
  calendars: readonly Calendar[];
  selection: Pick<StepChoices, 'calendar_id' | 'calendar_ids'>;
  itemCalendars: ItemCalendars;
  /** The first slot from today, when known. */
  firstSlot: string | null;
  /** The slot list's scheduled release, when the group has one. */
  release?: SlotRelease | null | undefined;
}

export function slotDateRange({
  group,
  calendars,
  selection,
  itemCalendars,
  firstSlot,
  release,
}: SlotDateRangeInput): DateRange {
  const chosenCalendars = calendars.filter(
    (c) =>
      c.id === selection.calendar_id ||
      selection.calendar_ids.includes(c.id) ||
      Object.values(itemCalendars).some((list) => list.includes(c.id)),
  );
  const period = maxBookingPeriod(chosenCalendars, group.maxrdv_period);
  const range = datePickerBounds({
    firstSlot,
    now: new Date(),
    timeZone: group.timezone,
    periodMinutes: period,
  });
  return { ...range, max: releasedMax(range.max, release) };
}
