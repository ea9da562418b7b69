/**
 * GET /api/v3/groups/{id}/availabletimeslots (docs/requirements/booking-flow.md §7): the slots of a window of days and the
 * first available slot, for a selection of services, calendars and resources. Both the plain form
 * (start, calendar_id | calendar_ids[], intervention_ids[], resource_id) and the v3 form (group_id,
 * promotions, time_format=datetime, appointments[i][intervention_id|calendar_id|resource_id|pack_id],
 * from) are accepted.
 */

import { toSelection } from '@creneau/contract/booking-selection';
import * as contract from '@creneau/contract/endpoints/availability';
import { MAX_BOOKING_PERIOD_MINUTES } from '@creneau/core/group-config/group-config.schema';
import type { KeptGroupRows } from '../../caching/group-rows.ts';
import { errors } from '../../errors/domain-error.ts';
import { schemaOf } from '../../http/contract-route.ts';
import { sendKeptAnswer } from '../../http/kept-answer-reply.ts';
import { scopeOf } from '../../http/request-scope.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { refuseSlotsAfterHorizon } from './booking-horizon.ts';
import type { SlotAnswerCache } from './slot-answer-cache.ts';
import { listSlots } from './slot-list.service.ts';

export function registerAvailabilityRoutes(
  app: ZodApp,
  { slotAnswers: cache, groupRows }: { slotAnswers: SlotAnswerCache; groupRows: KeptGroupRows },
): void {
  app.get(contract.listSlots.path, { schema: schemaOf(contract.listSlots) }, async (request, reply) => {
    const q = request.query;
    if (q.group_id !== undefined && q.group_id !== request.params.id) {
      throw errors.badRequest('Invalid querystring parameter "group_id": must be the group of the path');
    }
    const start = q.start ?? q.from;
    const parameter = `querystring parameter "${q.start ? 'start' : 'from'}"`;
    // No group books further ahead than the configuration allows: refused before any query, at
    // the request's instant (the clock the scope reads too).
    if (start) {
      const check = { start: start.date, now: request.context.now(), parameter };
      refuseSlotsAfterHorizon({ ...check, horizonMinutes: MAX_BOOKING_PERIOD_MINUTES });
    }
    const scope = await scopeOf(request, request.params.id, groupRows);
    const answer = await listSlots(
      scope,
      {
        date: start?.date,
        time: start?.time,
        days: q.nDays ?? 7,
        promotions: q.promotions ?? false,
        selection: toSelection(q),
        parameter,
      },
      cache,
    );
    return sendKeptAnswer(request, reply, cache.answers, answer);
  });
}
