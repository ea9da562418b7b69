/**
 * POST /v3/appointments — takes the booking (docs/requirements/accounts-and-appointments.md §4 Booking details, §7). One Idempotency-Key
 * per booking attempt: a retry after a lost answer (network, double click) replays the first result
 * instead of booking twice. Errors are v3_error.appointment.* keys (docs/requirements/accounts-and-appointments.md §8), see booking-errors.
 */

import * as appointments from '@creneau/contract/endpoints/appointments';
import type { z } from 'zod';
import type { SlotAppointment } from './availabletimeslots.ts';
import { apiPost, callPath } from './client.ts';

/** The appointment body (the slot, the record, the choices and the form's fields), as the API contract declares it. */
export type AppointmentCreateBody = z.input<typeof appointments.takeAppointment.body>['appointment'];

/** An appointment as the API presents it, and the booking's answer: as the API contract declares them. */
import type {
  Booked as AppointmentCreated,
  Appointment as BookedAppointment,
} from '@creneau/contract/endpoints/appointments';

export type { AppointmentCreated, BookedAppointment };

/** Books; `idempotencyKey` must stay the same for retries of the same attempt. */
export function createAppointment(
  appointment: AppointmentCreateBody,
  idempotencyKey: string,
  withToken: boolean,
): Promise<AppointmentCreated> {
  return apiPost<AppointmentCreated>(
    callPath(appointments.takeAppointment, {}),
    { appointment, with_token: withToken ? 1 : 0 },
    {},
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}
