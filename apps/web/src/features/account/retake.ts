/**
 * "Retake" an appointment (spec 001 §4 Booking details): book the same thing again, its choices
 * preselected through the query string. Refused (retakeError) when the calendar, the service (or
 * pack) or a resource the service needs no longer exists — packs are exempt from the calendar check,
 * each of their items choosing its own.
 */
import type { ListedAppointment } from '../../api/appointments.ts';

/** What the catalogue still offers, by id. */
export interface RetakeCatalogue {
  interventions: readonly {
    id: number;
    type: 'free' | 'pack';
    deleted: boolean;
    need_resource: boolean;
    status?: string;
  }[];
  calendars: readonly { id: number; deleted: boolean }[];
}

export type RetakePlan = { ok: true; params: Record<string, string> } | { ok: false };

type Retakeable = Pick<
  ListedAppointment,
  'id' | 'type' | 'pack_id' | 'intervention_id' | 'calendar_id' | 'resource'
>;

/** The preselection that books `appointment` again, or the refusal. */
export function planRetake(appointment: Retakeable, catalogue: RetakeCatalogue): RetakePlan {
  const offered = (id: number | null, type: 'free' | 'pack') =>
    catalogue.interventions.find(
      (i) => i.id === id && i.type === type && !i.deleted && i.status !== 'closed',
    );
  const take = { take_apt: String(appointment.id) };
  if (appointment.type === 'first' || appointment.type === 'included') {
    return offered(appointment.pack_id, 'pack')
      ? { ok: true, params: { ...take, pack_id: String(appointment.pack_id) } }
      : { ok: false };
  }
  const service = offered(appointment.intervention_id, 'free');
  const calendar = catalogue.calendars.find((c) => c.id === appointment.calendar_id && !c.deleted);
  if (!service || !calendar) return { ok: false };
  if (service.need_resource && !appointment.resource) return { ok: false };
  return {
    ok: true,
    params: {
      ...take,
      intervention_ids: String(service.id),
      calendar_id: String(calendar.id),
      ...(appointment.resource ? { resource_id: String(appointment.resource.id) } : {}),
    },
  };
}
