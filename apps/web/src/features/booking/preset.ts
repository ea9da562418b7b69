/**
 * Selections that do not come from clicking through the steps:
 * - the query string's preselection (docs/requirements/booking-flow.md §2: every preselection parameter, extern ids already
 *   mapped to ids at start-up): one calendar as calendar_id, several as calendar_ids, "0" as none;
 * - an appointment being changed (docs/requirements/accounts-and-appointments.md §4 edit): its services and packs in order;
 * - an appointment taken again (docs/requirements/accounts-and-appointments.md §4 retake): its category, service or pack, calendar and
 *   resource, refused ("retake error") when any of them is no longer offered; packs need no
 *   category and get their items' calendars back.
 */
import { bookPack } from '@creneau/core/booking/pack';
import type { StepChoices } from '@creneau/core/booking/selection';
import type { Preselection } from '@creneau/core/url/query-params';
import type { BookedAppointment } from '../../api/appointment-create.ts';
import type { Calendar } from '../../api/calendars.ts';
import type { Intervention } from '../../api/interventions.ts';
import type { Interventionset } from '../../api/interventionsets.ts';
import type { ItemCalendars } from './sequence.ts';

const idsOf = (choice: Preselection[keyof Preselection]) => (choice?.by === 'id' ? choice.ids : []);

/** The selection the query string fixes. */
export function presetOfPreselection(preselection: Preselection): Partial<StepChoices> {
  const calendars = [...idsOf(preselection.calendar_id), ...idsOf(preselection.calendar_ids)];
  return {
    interventionset_ids: idsOf(preselection.interventionset_ids),
    intervention_ids: [...idsOf(preselection.intervention_ids), ...idsOf(preselection.pack_id)],
    calendarset_id: idsOf(preselection.calendarset_id)[0] ?? null,
    calendar_id: calendars.length === 1 ? calendars[0]! : null,
    calendar_ids: calendars.length > 1 ? calendars : [],
    resource_id: idsOf(preselection.resource_id)[0] ?? null,
  };
}

/** The choices of a booking being changed: its services and packs in order, its calendar. */
export function presetOfBooking(booking: readonly BookedAppointment[]): Partial<StepChoices> {
  const ids: number[] = [];
  for (const row of booking) {
    const id = row.pack_id ?? row.intervention_id;
    if (!ids.includes(id)) ids.push(id);
  }
  const calendars = [...new Set(booking.filter((r) => !r.pack_id).map((r) => r.calendar_id))];
  const resources = [...new Set(booking.map((r) => r.resource?.id).filter((id): id is number => !!id))];
  return {
    intervention_ids: ids,
    calendar_id: calendars.length === 1 ? calendars[0]! : null,
    calendar_ids: calendars.length > 1 ? calendars : [],
    resource_id: resources.length === 1 ? resources[0]! : null,
  };
}

export type Retake = { ok: true; preset: Partial<StepChoices>; itemCalendars: ItemCalendars } | { ok: false };

/** An appointment booked again with the same choices, if they are all still offered. */
export function retakeOf(
  appointment: Pick<
    BookedAppointment,
    'intervention_id' | 'pack_id' | 'calendar_id' | 'resource' | 'interventions'
  >,
  catalogue: {
    services: readonly Intervention[];
    calendars: readonly Calendar[];
    interventionsets: readonly Interventionset[];
    /** The group has categories: a service must still belong to one. */
    hasCategories: boolean;
  },
): Retake {
  const id = appointment.pack_id ?? appointment.intervention_id;
  const item = catalogue.services.find((s) => s.id === id && !s.deleted);
  if (!item) return { ok: false };
  const calendar = catalogue.calendars.find(
    (c) => c.id === appointment.calendar_id && !c.resource && !c.deleted,
  );
  if (!calendar) return { ok: false };
  const needsResource = item.need_resource;
  const resource = appointment.resource
    ? catalogue.calendars.find((c) => c.id === appointment.resource!.id && c.resource && !c.deleted)
    : undefined;
  if (needsResource && !resource) return { ok: false };
  const isPack = item.type === 'pack';
  const category = catalogue.interventionsets.find(
    (set) => set.id === item.interventionset_id || set.interventions.includes(item.id),
  );
  if (!isPack && catalogue.hasCategories && !category) return { ok: false };
  const itemCalendars: ItemCalendars = {};
  if (isPack) {
    const retaken = {
      interventions: [
        { calendar_id: appointment.calendar_id },
        ...appointment.interventions.map((i) => ({ calendar_id: i.calendar_id })),
      ],
    };
    const booked = bookPack(
      { ...item, config: item.config ?? [] } as Parameters<typeof bookPack>[0],
      retaken,
    );
    itemCalendars[id] = booked.config.map((c) => c.selectedCalendar ?? null);
  }
  return {
    ok: true,
    preset: {
      interventionset_ids: category ? [category.id] : [],
      intervention_ids: [id],
      calendar_id: isPack ? null : calendar.id,
      resource_id: resource?.id ?? null,
    },
    itemCalendars,
  };
}
