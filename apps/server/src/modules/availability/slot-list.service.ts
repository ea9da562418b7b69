/**
 * The availabletimeslots call (docs/requirements/booking-flow.md §7) for one request's scope: the
 * open-data rule, the group's own horizon, then the slots of the requested days and the first
 * available slot (availability.service.ts) — as the JSON sent, from the answer cache while it is
 * current (slot-answer-cache.ts).
 */
import type { Scope } from '../../app-context.ts';
import type { KeptAnswer } from '../../caching/kept-answers.ts';
import { errors } from '../../errors/domain-error.ts';
import { epochMinute, recentGroupSchedule, type SlotsRequest, searchSlots } from './availability.service.ts';
import { refuseSlotsAfterHorizon, widestHorizonMinutes } from './booking-horizon.ts';
import type { KeptBusyWeeks } from './kept-busy-weeks.ts';
import type { SlotAnswerCache } from './slot-answer-cache.ts';
import { slotsJson } from './slot-answer-json.ts';

export interface SlotListInput extends SlotsRequest {
  /** How an error names the parameter that carried the start ("querystring parameter "start""). */
  parameter: string;
}

export async function listSlots(
  scope: Scope,
  input: SlotListInput,
  cache: SlotAnswerCache,
): Promise<KeptAnswer> {
  const { group, now, viewer } = scope;
  // A group closed to the public (openData false) shows nothing to anonymous visitors.
  if (!group.settings.openData && viewer.type === 'anonymous') throw errors.expiredConnection();
  // Everything the answer is computed from: what may change without a notification is in the key.
  const key = [
    group.id,
    group.catalogue_version,
    epochMinute(now),
    input.date ?? '',
    input.time ?? '',
    input.days,
    input.promotions ? 1 : 0,
    JSON.stringify(input.selection),
  ].join('|');
  return cache.get(group.id, key, async () => {
    const answer = await computeSlots(scope, input, cache.busyWeeks);
    return { json: slotsJson(answer), calendarIds: answer.calendarIds };
  });
}

async function computeSlots(scope: Scope, input: SlotListInput, busyWeeks: KeptBusyWeeks) {
  const { group, now } = scope;
  // No appointments read with the schedule: the kept weeks hold them.
  const loaded = await recentGroupSchedule(scope, { from: 0, to: 0 });
  if (input.date) {
    const horizonMinutes = widestHorizonMinutes(group, loaded.schedule);
    refuseSlotsAfterHorizon({ start: input.date, now, horizonMinutes, parameter: input.parameter });
  }
  return searchSlots(scope, loaded, input, busyWeeks);
}
