/**
 * The waiting list's calls (docs/waitlist.md): join it from the booking page or from an appointment,
 * read and take an offer from its mail, leave it from any of its mails.
 */
import type { ConfirmedOffer, OfferDetails } from '@creneau/contract/endpoints/waitlist';
import * as routes from '@creneau/contract/routes';
import type { Locale } from '@creneau/core/locales';
import { apiCall } from './client.ts';

export type { ConfirmedOffer, OfferDetails };

export interface WaitlistJoin {
  groupId: number;
  interventionId?: number | undefined;
  calendarId?: number | undefined;
  appointmentId?: number | undefined;
  from: string;
  to: string;
  email: string;
  firstname: string;
  lastname: string;
  phone?: string | undefined;
  locale: Locale;
}

export function joinWaitlist(join: WaitlistJoin) {
  return apiCall(routes.waitlist.joinWaitlist, {
    params: { id: join.groupId },
    body: {
      intervention_id: join.interventionId,
      calendar_id: join.calendarId,
      appointment_id: join.appointmentId,
      from: join.from,
      to: join.to,
      email: join.email,
      firstname: join.firstname,
      lastname: join.lastname,
      phone: join.phone,
      locale: join.locale,
    },
  });
}

/** Link calls carry their own token: no session is sent, so a stale one cannot refuse them. */
export const readOffer = (token: string) =>
  apiCall(routes.waitlist.readOffer, { body: { token } }, { withToken: false });

export const confirmOffer = (token: string) =>
  apiCall(routes.waitlist.confirmOffer, { body: { token } }, { withToken: false });

export const leaveWaitlist = (token: string) =>
  apiCall(routes.waitlist.leaveWaitlist, { body: { token } }, { withToken: false });
