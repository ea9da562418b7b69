/**
 * The booking as the API reads it (docs/requirements/booking-flow.md §7 availabletimeslots, docs/requirements/accounts-and-appointments.md §7 POST appointments): the
 * chosen services and packs in order as the `appointments` map, each with its own calendar when one
 * was chosen per item (packs), plus the shared calendar(s) and resource. The slot list and the
 * booking send the same map, so a slot the list offered is read the same way when it is booked.
 *
 * Merged services (merge_interventions) are one choice offered by several same-name services: the
 * booking takes the one the chosen calendar performs (the first of them otherwise).
 */
import type { StepChoices } from '@creneau/core/booking/selection';
import type { AppointmentCreateBody, BookedAppointment } from '../../api/appointment-create.ts';
import type { SlotAppointment, SlotsParams } from '../../api/availabletimeslots.ts';
import type { Intervention } from '../../api/interventions.ts';
import { appointmentGroups, type Links, packItemIds } from './catalogue-filters.ts';
import type { ItemCalendars } from './sequence.ts';

export interface RequestContext {
  selection: StepChoices;
  itemCalendars: ItemCalendars;
  catalogue: readonly Intervention[];
  merge: boolean;
  links: Links;
}

const some = (id: number | null | undefined) => (id && id > 0 ? id : undefined);

/** The member of a merged group to book: the one the chosen calendar performs, else the first. */
function bookedPeer(group: readonly number[], calendarId: number | null, links: Links): number {
  if (group.length === 1 || calendarId === null) return group[0]!;
  return group.find((id) => (links[calendarId] ?? []).includes(id)) ?? group[0]!;
}

/** The appointments map of the chosen services and packs. */
export function slotAppointments(context: RequestContext): SlotAppointment[] {
  const { selection, itemCalendars, catalogue, merge, links } = context;
  const entries: SlotAppointment[] = [];
  for (const group of appointmentGroups(selection.intervention_ids, catalogue, merge)) {
    const id = bookedPeer(group, selection.calendar_id, links);
    const item = catalogue.find((s) => s.id === id);
    const own = itemCalendars[id] ?? [];
    if (item?.type === 'pack') {
      const items = packItemIds(item);
      if (own.some((c) => some(c))) {
        items.forEach((service, k) => {
          entries.push({ pack_id: id, intervention_id: service, calendar_id: some(own[k]) });
        });
      } else {
        entries.push({ pack_id: id });
      }
    } else {
      entries.push({ intervention_id: id, calendar_id: some(own[0]) });
    }
  }
  return entries;
}

/** The availabletimeslots parameters for the selection from its start date. */
export function slotsParams(context: RequestContext, options: { locale?: string } = {}): SlotsParams {
  const { selection } = context;
  return {
    start: selection.start,
    nDays: 7,
    appointments: slotAppointments(context),
    calendar_id: some(selection.calendar_id),
    calendar_ids: selection.calendar_ids.length > 0 ? selection.calendar_ids : undefined,
    resource_id: some(selection.resource_id),
    promotions: true,
    locale: options.locale,
  };
}

/**
 * The slots of an appointment being changed: its booking as it was made, each appointment on its
 * calendar and resource, a pack as a whole (how the server places the booking again).
 */
export function editingSlotsParams(booking: readonly BookedAppointment[], start: string): SlotsParams {
  const packs = new Set<number>();
  const appointments: SlotAppointment[] = [];
  for (const row of booking) {
    if (row.pack_id) {
      if (!packs.has(row.pack_id)) appointments.push({ pack_id: row.pack_id });
      packs.add(row.pack_id);
    } else {
      appointments.push({
        intervention_id: row.intervention_id,
        calendar_id: row.calendar_id,
        resource_id: row.resource?.id,
      });
    }
  }
  return { start, nDays: 7, appointments, promotions: true };
}

/** The POST /v3/appointments body for the chosen slot. */
export function bookingBody(
  context: RequestContext,
  details: {
    groupId: number;
    fiche: number | Record<string, unknown>;
    comments?: string | undefined;
    websource?: string | undefined;
    vevent: Record<string, unknown>;
    /** The page's language: the customer's reminders are written in it. */
    locale?: string | undefined;
  },
): AppointmentCreateBody {
  const { selection } = context;
  if (!selection.slots) throw new Error('no slot chosen');
  // A vevent form may ask for the comment itself (then the built-in comment field is not shown).
  const { comments: veventComments, ...vevent } = details.vevent;
  const comments =
    details.comments?.trim() || (typeof veventComments === 'string' ? veventComments.trim() : '');
  return {
    date: selection.slots,
    fiche: details.fiche,
    group_id: details.groupId,
    from_web: 1,
    comments: comments || undefined,
    websource: details.websource,
    locale: details.locale,
    appointments: slotAppointments(context),
    calendar_id: some(selection.calendar_id),
    calendar_ids: selection.calendar_ids.length > 0 ? selection.calendar_ids : undefined,
    resource_id: some(selection.resource_id),
    vevent: Object.keys(vevent).length > 0 ? vevent : undefined,
  };
}
