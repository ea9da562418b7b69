/** The slot list: the bookable starts of a window of days, and the first available slot. */
import { parseDateParam } from '@creneau/core/validation/date-param';
import { z } from 'zod';
import { selectionFields } from '../booking-selection.ts';
import { type AnswerOf, endpoint } from '../endpoint.ts';
import { commonQuery, dbId, localeParam } from '../params.ts';
import { BOOKING_YEARS, isBookingYear } from '../wire-rules.ts';
import { queryFlag } from './common.ts';

/** The widest window one call may ask for. */
export const MAX_SLOT_DAYS = 31;

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

const nDaysParam = z
  .string()
  .regex(/^\d{1,2}$/, `must be a number of days from 1 to ${MAX_SLOT_DAYS}`)
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_SLOT_DAYS, `must be a number of days from 1 to ${MAX_SLOT_DAYS}`);

export const slot = z.object({
  /** ISO 8601 with the group's UTC offset. */
  start: z.string(),
  /** The wall-clock time in the group, hh:mm. */
  time: z.string(),
  capacity: z.number().int(),
  /** The promotion's percentage when one applies to this start. */
  promotion: z.number().nullable(),
});

/** The group's scheduled release of months (docs/api.md "Scheduled release"). */
export const slotsRelease = z.object({
  /** The last local date (YYYY-MM-DD, group's zone) customers may book now. */
  bookable_until: z.string(),
  /** The next release: ISO 8601 with the group's UTC offset. */
  next_release_at: z.string(),
  /** The last local date bookable from that instant. */
  next_bookable_until: z.string(),
});

export const listSlots = endpoint({
  method: 'GET',
  path: '/api/v3/groups/:id/availabletimeslots',
  summary: 'Bookable slots of a window of days, and the first available slot',
  description:
    'Starts are ISO 8601 with the group’s UTC offset, sorted. "0" for a calendar or resource means no preference. ' +
    'A calendar or resource that does not exist, is deleted or cannot perform the services gives a 400 whose ' +
    'message contains "Invalid calendar".',
  tags: ['availability'],
  params: z.object({ id: dbId }),
  querystring: z.object({
    ...commonQuery,
    locale: localeParam,
    start: dateParam.optional(),
    from: dateParam.optional(),
    nDays: nDaysParam.optional(),
    group_id: dbId.optional(),
    promotions: queryFlag.optional(),
    time_format: z.enum(['datetime']).optional(),
    ...selectionFields,
  }),
  answers: {
    200: z.object({
      availabletimeslots: z.array(slot),
      firstSlot: z.string().nullable(),
      /** Null when the group releases no months on a schedule. */
      release: slotsRelease.nullable(),
    }),
  },
});

export type Slot = z.output<typeof slot>;
export type SlotList = AnswerOf<typeof listSlots>;
export type SlotsRelease = z.output<typeof slotsRelease>;
