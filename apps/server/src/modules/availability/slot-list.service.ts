/**
 * The availabletimeslots call (docs/requirements/booking-flow.md §7) for one request's scope: the
 * group's own horizon, the open-data rule, then the slots of the requested days and the first
 * available slot (availability.service.ts).
 */
import type { Scope } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import {
  availableTimeSlots,
  prefetchSpan,
  recentGroupSchedule,
  type SlotsAnswer,
  type SlotsRequest,
} from './availability.service.ts';
import { refuseSlotsAfterHorizon, widestHorizonMinutes } from './booking-horizon.ts';

export interface SlotListInput extends SlotsRequest {
  /** How an error names the parameter that carried the start ("querystring parameter "start""). */
  parameter: string;
}

export async function listSlots(scope: Scope, input: SlotListInput): Promise<SlotsAnswer> {
  const { group, now, viewer } = scope;
  const loaded = await recentGroupSchedule(scope, prefetchSpan(input.date, input.days, now));
  if (input.date) {
    const horizonMinutes = widestHorizonMinutes(group, loaded.schedule);
    refuseSlotsAfterHorizon({ start: input.date, now, horizonMinutes, parameter: input.parameter });
  }
  // A group closed to the public (openData false) shows nothing to anonymous visitors.
  if (!group.settings.openData && viewer.type === 'anonymous') throw errors.expiredConnection();
  return availableTimeSlots(scope, loaded, input);
}
