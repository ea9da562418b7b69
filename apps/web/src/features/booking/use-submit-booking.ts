/**
 * The booking's write, as one mutation (query/query.ts): bring a changed saved record up to date,
 * then take the appointment — or change the one being edited — and leave the caches and the
 * session as the confirmation step needs them (docs/requirements/accounts-and-appointments.md §4
 * "Booking details"). The page keeps what is about the form: checking it, showing the errors.
 */
import { type AppointmentCreateBody, createAppointment } from '../../api/appointment-create.ts';
import { updateAppointment } from '../../api/appointment-update.ts';
import { updateFiche } from '../../api/fiche-update.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { ANONYMOUS_SESSION, currentSessionQuery } from '../../api/session-current.ts';
import { setSessionToken } from '../../api/session-token.ts';
import { useMutation, useQueryClient } from '../../query/query.ts';
import type { Confirmation } from './booking-store.ts';

/** Who the booking is for: a new record's fields, or a saved record (with its changed fields). */
export type BookingPerson =
  | { fields: Record<string, unknown> }
  | { id: number; changedFields?: Record<string, unknown> | undefined };

export type BookingSubmission =
  | {
      kind: 'change';
      appointmentId: number;
      date: string;
      ficheId: number | undefined;
      comments: string | undefined;
    }
  | {
      kind: 'book';
      person: BookingPerson;
      /** The body for the record as it will be sent (its id, or the new record's fields). */
      body: (fiche: number | Record<string, unknown>) => AppointmentCreateBody;
      /** The attempt's Idempotency-Key: the same for a retry of the same attempt. */
      attemptKey: string;
      /** Whether the answer should open a guest session (a visitor, or a record-link session). */
      withToken: boolean;
      /** Whether a guest session may replace the current one (not a professional's). */
      mayOpenGuestSession: boolean;
    };

export interface SubmittedBooking {
  confirmation: Confirmation;
  /** For a new booking, what the booking flow announces to the parent page and the pixel. */
  booked: Confirmation['records'] | null;
}

export function useSubmitBooking(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (submission: BookingSubmission): Promise<SubmittedBooking> => {
      if (submission.kind === 'change') {
        const answer = await updateAppointment(groupId, submission.appointmentId, {
          date: submission.date,
          fiche: submission.ficheId,
          comments: submission.comments,
        });
        const first = answer.records[0];
        return {
          confirmation: {
            records: answer.records,
            summary: null,
            fiche: first?.fiche ?? { id: 0, firstname: '', lastname: '' },
            changed: true,
          },
          booked: null,
        };
      }
      const { person } = submission;
      if ('id' in person && person.changedFields) await updateFiche(groupId, person.id, person.changedFields);
      const answer = await createAppointment(
        submission.body('id' in person ? person.id : person.fields),
        submission.attemptKey,
        submission.withToken,
      );
      // A visitor without a session now has a guest one (docs/requirements/accounts-and-appointments.md
      // §3): the confirmation's cancel and calendar buttons use it. Known at once, so the page does
      // not wait for the session check.
      const guestToken = answer.fiche_token;
      if (guestToken && submission.mayOpenGuestSession) {
        queryClient.setQueryData(currentSessionQuery(guestToken).queryKey, {
          ...ANONYMOUS_SESSION,
          logged: true,
          type: 'user',
          lastSignedAt: new Date().toISOString(),
          account: { id: 0, email: null, cancel_apt: 0, export_apt: 0 },
          fiche_token: guestToken,
        });
        setSessionToken(guestToken);
        void queryClient.invalidateQueries({ queryKey: currentSessionQuery(guestToken).queryKey });
      }
      return {
        confirmation: {
          records: answer.records,
          summary: answer.summary,
          fiche: answer.fiche,
          changed: false,
        },
        booked: answer.records,
      };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.slots.ofGroup(groupId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fiches.ofGroup(groupId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments.ofGroup(groupId) });
    },
  });
}
