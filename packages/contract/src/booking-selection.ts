/**
 * The spec's booking selection parameters, shared by availabletimeslots (query string) and the
 * booking calls (JSON body): calendar_id | calendar_ids, resource_id, intervention_ids, and the v3
 * `appointments` map by index {intervention_id, calendar_id, resource_id, pack_id}.
 */
import type { BookingSelection } from '@creneau/core/availability/availability.types';
import { z } from 'zod';
import { idList, optionalChoiceId } from './params.ts';

const appointmentEntry = z.object({
  intervention_id: optionalChoiceId,
  calendar_id: optionalChoiceId,
  resource_id: optionalChoiceId,
  pack_id: optionalChoiceId,
});

/** qs and JSON give `appointments[0][…]` as an array, or as an object keyed by index. */
export const appointmentsParam = z.preprocess((value, ctx) => {
  if (value === undefined || Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.some(([key]) => !/^\d{1,3}$/.test(key))) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be indexed by numbers: appointments[0][intervention_id]',
      });
      return z.NEVER;
    }
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, entry]) => entry);
  }
  return value;
}, z.array(appointmentEntry).max(20).optional());

export const selectionFields = {
  intervention_ids: idList.optional(),
  calendar_id: optionalChoiceId,
  calendar_ids: idList.optional(),
  resource_id: optionalChoiceId,
  appointments: appointmentsParam,
};

type SelectionFields = z.output<z.ZodObject<typeof selectionFields>>;

/** The engine's selection from the parsed parameters. */
export function toSelection(q: SelectionFields): BookingSelection {
  return {
    interventionIds: q.intervention_ids,
    calendarId: q.calendar_id,
    calendarIds: q.calendar_ids,
    resourceId: q.resource_id,
    appointments: q.appointments?.map((entry) => ({
      interventionId: entry.intervention_id,
      calendarId: entry.calendar_id,
      resourceId: entry.resource_id,
      packId: entry.pack_id,
    })),
  };
}
