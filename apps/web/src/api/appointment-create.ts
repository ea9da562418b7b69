/**
 * POST /v3/appointments — takes the booking (docs/requirements/accounts-and-appointments.md §4 Booking details, §7). One Idempotency-Key
 * per booking attempt: a retry after a lost answer (network, double click) replays the first result
 * instead of booking twice. Errors are v3_error.appointment.* keys (docs/requirements/accounts-and-appointments.md §8), see booking-errors.
 */
import type {
  Appointment,
  AppointmentTaken,
  AppointmentToTake,
} from '@creneau/contract/endpoints/appointments';
import * as routes from '@creneau/contract/routes';
import { apiCall } from './client.ts';

/**
 * The appointment body (the contract's): the slot's start as availabletimeslots gave it, the fiche
 * (an id or new fields), the choices, and the group's vevent form fields in their own object
 * (docs/api.md).
 */
export type AppointmentCreateBody = AppointmentToTake;

/** An appointment as the API presents it (docs/requirements/accounts-and-appointments.md §3 Appointment). */
export type BookedAppointment = Appointment;

/** The booking's answer; its fiche_token is a guest session for a visitor who booked without logging in. */
export type AppointmentCreated = AppointmentTaken;

/** Books; `idempotencyKey` must stay the same for retries of the same attempt. */
export function createAppointment(
  appointment: AppointmentCreateBody,
  idempotencyKey: string,
  withToken: boolean,
): Promise<AppointmentCreated> {
  return apiCall(
    routes.appointments.takeAppointment,
    { body: { appointment, with_token: withToken ? 1 : 0 } },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
