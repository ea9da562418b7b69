/**
 * What the booking flow calls once appointments are taken (docs/requirements/booking-flow.md §1, docs/requirements/accounts-and-appointments.md §4): the embedding
 * page is told (appointmentTaken message) and, for a social-network visitor of a group with an ad
 * pixel, the pixel's Schedule event is sent.
 */
import type { Group } from '../api/group.ts';
import { notifyAppointmentTaken, type TakenAppointment } from './embed/frame-messages.ts';
import { trackScheduleEvent } from './tracking/ad-pixel.ts';
import { useConsentStore } from './tracking/consent.ts';

/** Announces a successful booking to the parent frame and the ad pixel. */
export function announceBooking(
  group: Pick<Group, 'urlname' | 'facebook_pixel_id'>,
  appointments: TakenAppointment[],
) {
  notifyAppointmentTaken(group.urlname, appointments);
  if (useConsentStore.getState().consent === 'granted') trackScheduleEvent(group.facebook_pixel_id);
}
