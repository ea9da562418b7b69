/**
 * POST /v3/appointments — takes the booking (docs/requirements/accounts-and-appointments.md §4 Booking details, §7). One Idempotency-Key
 * per booking attempt: a retry after a lost answer (network, double click) replays the first result
 * instead of booking twice. Errors are v3_error.appointment.* keys (docs/requirements/accounts-and-appointments.md §8), see booking-errors.
 */
import type { SlotAppointment } from './availabletimeslots.ts';
import { apiPost } from './client.ts';

/** The appointment body: the slot, the fiche (an id or new fields), the choices and vevent fields. */
export interface AppointmentCreateBody {
  /** The slot's start as availabletimeslots gave it. */
  date: string;
  /** An existing fiche's id, or the fields of a new one. */
  fiche: number | Record<string, unknown>;
  group_id: number;
  from_web: 1;
  comments?: string | undefined;
  websource?: string | undefined;
  calendar_id?: number | undefined;
  calendar_ids?: readonly number[] | undefined;
  resource_id?: number | undefined;
  intervention_ids?: readonly number[] | undefined;
  /** The booking's appointments by index, as for availabletimeslots. */
  appointments?: readonly SlotAppointment[] | undefined;
  /** The group's appointment form (vevent) fields, in their own object (docs/api.md). */
  vevent?: Record<string, unknown> | undefined;
}

/** An appointment as the API presents it (docs/requirements/accounts-and-appointments.md §3 Appointment). */
export interface BookedAppointment {
  id: number;
  start: string;
  end: string;
  status: string;
  group_id: number;
  fiche_id: number;
  fiche: { id: number; firstname: string; lastname: string };
  intervention_id: number;
  intervention_name: string;
  intervention_length: number;
  duration: number;
  videoconference: boolean;
  video_credentials: { room: string; url: string } | null;
  type: 'free' | 'first' | 'included';
  pack_id: number | null;
  parent_id: number | null;
  pack: { id: number; name: string } | null;
  consecutive_value: string | null;
  price: number | null;
  price_amount: number | null;
  intervention_price: number | null;
  promotion: number | null;
  is_promoted: boolean;
  calendar_id: number;
  calendar_name: string;
  resource: { id: number; name: string } | null;
  interventions: {
    apt_id: number;
    intervention_id: number;
    intervention_name: string;
    calendar_id: number;
    calendar_name: string;
    start: string;
  }[];
  comments: string | null;
  vevent: Record<string, unknown> | null;
  address: {
    address: string;
    city: string;
    zipcode: string;
    country: string;
    lat: number | null;
    lng: number | null;
  } | null;
  location: string | null;
  time_zone: string;
}

export interface AppointmentCreated {
  records: BookedAppointment[];
  /** A guest session for a visitor who booked without logging in. */
  fiche_token: string | null;
  consecutive_location: string | null;
  summary: { subtotalCents: number | null; discountCents: number; totalCents: number | null };
  fiche: { id: number; firstname: string; lastname: string };
}

/** Books; `idempotencyKey` must stay the same for retries of the same attempt. */
export function createAppointment(
  appointment: AppointmentCreateBody,
  idempotencyKey: string,
  withToken: boolean,
): Promise<AppointmentCreated> {
  return apiPost<AppointmentCreated>(
    '/v3/appointments',
    { appointment, with_token: withToken ? 1 : 0 },
    {},
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
