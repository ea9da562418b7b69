/**
 * GET /api/v3/groups/{id}/availabletimeslots (spec 000 §7): the slots of a window of days and the
 * first available slot, for a selection of services, calendars and resources. Both the plain form
 * (start, calendar_id | calendar_ids[], intervention_ids[], resource_id) and the v3 form (group_id,
 * promotions, time_format=datetime, appointments[i][intervention_id|calendar_id|resource_id|pack_id],
 * from) are accepted.
 */

import { selectionFields, toSelection } from '@creneau/contract/booking-selection';
import { commonQuery, dbId, localeParam } from '@creneau/contract/params';
import { BOOKING_YEARS, isBookingYear } from '@creneau/contract/wire-rules';
import { MAX_BOOKING_PERIOD_MINUTES } from '@creneau/core/group-config/group-config.schema';
import { parseDateParam } from '@creneau/core/validation/date-param';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { errors } from '../../errors/domain-error.ts';
import type { ZodApp } from '../../http/route-types.ts';
import { availableTimeSlots, prefetchSpan, recentGroupSchedule, slotsJson } from './availability.service.ts';
import { refuseSlotsAfterHorizon, widestHorizonMinutes } from './booking-horizon.ts';

const MAX_DAYS = 31;

/** "YYYY-MM-DD" or "YYYY-MM-DD hh:mm:ss" (docs/api.md "Input rules"), a real date in BOOKING_YEARS. */
const dateParam = z
  .string()
  .max(19)
  .transform((value, ctx) => {
    const parsed = parseDateParam(value, { today: '', strict: true }).value;
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'must be YYYY-MM-DD or "YYYY-MM-DD hh:mm:ss"' });
      return z.NEVER;
    }
    if (!isBookingYear(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a date between the years ${BOOKING_YEARS.min} and ${BOOKING_YEARS.max}`,
      });
      return z.NEVER;
    }
    return parsed;
  });

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const nDaysParam = z
  .string()
  .regex(/^\d{1,2}$/, `must be a number of days from 1 to ${MAX_DAYS}`)
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_DAYS, `must be a number of days from 1 to ${MAX_DAYS}`);

const slotsQuery = z.object({
  ...commonQuery,
  locale: localeParam,
  start: dateParam.optional(),
  from: dateParam.optional(),
  nDays: nDaysParam.optional(),
  group_id: dbId.optional(),
  promotions: flag.optional(),
  time_format: z.enum(['datetime']).optional(),
  ...selectionFields,
});

export function registerAvailabilityRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    '/api/v3/groups/:id/availabletimeslots',
    {
      schema: {
        summary: 'Bookable slots of a window of days, and the first available slot',
        description:
          'Starts are ISO 8601 with the group’s UTC offset, sorted. "0" for a calendar or resource means no preference. ' +
          'A calendar or resource that does not exist, is deleted or cannot perform the services gives a 400 whose ' +
          'message contains "Invalid calendar".',
        tags: ['availability'],
        params: z.object({ id: dbId }),
        querystring: slotsQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.group_id !== undefined && q.group_id !== request.params.id) {
        throw errors.badRequest('Invalid querystring parameter "group_id": must be the group of the path');
      }
      const now = ctx.now();
      const start = q.start ?? q.from;
      const days = q.nDays ?? 7;
      const parameter = `querystring parameter "${q.start ? 'start' : 'from'}"`;
      // No group books further ahead than the configuration allows: refused before any query.
      if (start) refuseSlotsAfterHorizon(start.date, now, MAX_BOOKING_PERIOD_MINUTES, parameter);
      const loaded = await recentGroupSchedule(
        ctx.db,
        request.params.id,
        now,
        prefetchSpan(start?.date, days, now),
      );
      if (start)
        refuseSlotsAfterHorizon(
          start.date,
          now,
          widestHorizonMinutes(loaded.group, loaded.schedule),
          parameter,
        );
      const viewer = await ctx.resolveViewer(request);
      // A group closed to the public (openData false) shows nothing to anonymous visitors.
      if (!loaded.group.settings.openData && viewer.type === 'anonymous') throw errors.expiredConnection();
      const answer = await availableTimeSlots(ctx.db, loaded, now, {
        date: start?.date,
        time: start?.time,
        days,
        promotions: q.promotions ?? false,
        selection: toSelection(q),
      });
      return reply.type('application/json; charset=utf-8').send(slotsJson(answer));
    },
  );
}
