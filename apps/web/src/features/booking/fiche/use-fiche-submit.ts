/**
 * The contact-details step's submit (docs/requirements/accounts-and-appointments.md §2
 * "Contact-details step", §4 "Booking details", §8 booking errors): check the forms, then book — or
 * change the appointment being edited — through useSubmitBooking, and on a refusal go back to fresh
 * slots or show the failure with its field errors on the forms. A time just taken, when the server
 * offers later ones, keeps the visitor here: picking one books it at once, with everything typed
 * kept (docs/booking.md "When the time was just taken"). Also what still blocks the button, once the
 * visitor has tried it.
 */
import { pickSlot } from '@creneau/core/booking/selection';
import { useState } from 'react';
import type { AvailableSlot } from '../../../api/availabletimeslots.ts';
import type { ApiError } from '../../../api/client.ts';
import type { Intervention } from '../../../api/interventions.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { announceBooking } from '../../../app/announce-booking.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useQueryClient } from '../../../query/query.ts';
import { notify } from '../../../ui/notification-store.ts';
import { type BookingFailure, bookingFailureOf } from '../booking-errors.ts';
import { attemptKey, setConfirmation, useBookingStore } from '../booking-store.ts';
import { bookingBody } from '../slot-request.ts';
import type { Booking } from '../use-booking.ts';
import { type BookingSubmission, useSubmitBooking } from '../use-submit-booking.ts';
import { changedFields, ficheValues, submitBlock } from './fiche-rules.ts';
import type { FicheForms } from './use-fiche-forms.ts';

const STEP = 'fiche_info';

interface FicheSubmitOptions {
  booking: Booking;
  forms: FicheForms;
  services: readonly Intervention[];
  videoconference: boolean;
  /** The ids' prefix of the step: its submit hint is `${idPrefix}-hint`. */
  idPrefix: string;
}

export function useFicheSubmit({ booking, forms, services, videoconference, idPrefix }: FicheSubmitOptions) {
  const { t, i18n } = useTranslation();
  const { group, session, selection, itemCalendars, sequence, params, merge } = booking;
  const queryClient = useQueryClient();
  const submitBooking = useSubmitBooking(group.id);
  const draft = useBookingStore((s) => s.draft);
  const editing = sequence.editing !== null;
  const { ficheForm, veventForm, savedForm, newForm, chosenSaved, savedValues, usingNew, choice } = forms;
  const { savedFields, withComment } = forms.fields;

  const block = submitBlock({
    hasFiche: forms.hasFiche,
    videoconference,
    termsAccepted: draft.termsAccepted,
    // While changing an appointment the person is fixed: only the appointment's details count.
    formsValid: (editing || !forms.hasFiche || ficheForm.valid) && veventForm.valid,
  });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<BookingFailure | null>(null);

  const focusFirstProblem = () => {
    requestAnimationFrame(() => {
      const target = document.querySelector<HTMLElement>(
        '[data-booking-form] [aria-invalid="true"], [data-booking-form] input[aria-invalid="true"]',
      );
      (target ?? document.getElementById(`${idPrefix}-hint`))?.focus();
    });
  };

  const submission = (slot: string): BookingSubmission => {
    const vevent = veventForm.stored;
    if (editing) {
      const fiche = forms.editingPerson?.id ?? (typeof choice === 'number' ? choice : 0);
      return {
        kind: 'change',
        appointmentId: sequence.editing!,
        date: slot,
        ficheId: fiche > 0 ? fiche : undefined,
        comments: withComment
          ? draft.comment
          : typeof vevent.comments === 'string'
            ? vevent.comments
            : undefined,
      };
    }
    const current = usingNew ? null : chosenSaved!;
    return {
      kind: 'book',
      person: current
        ? {
            id: current.id,
            changedFields: changedFields(ficheValues(current, savedFields), savedValues, savedFields)
              ? savedForm.stored
              : undefined,
          }
        : { fields: newForm.stored },
      body: (fiche) =>
        bookingBody(
          {
            selection: { ...selection, slots: slot },
            itemCalendars,
            catalogue: services,
            merge,
            links: group.calendars_interventions_links ?? {},
          },
          {
            groupId: group.id,
            fiche,
            comments: withComment ? draft.comment : undefined,
            websource: params.websource,
            vevent,
            locale: i18n.language,
          },
        ),
      attemptKey: attemptKey(),
      withToken: !session.logged || session.account?.id === 0,
      mayOpenGuestSession: !(session.logged && session.type === 'pro'),
    };
  };

  const showFreshSlots = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.slots.ofGroup(group.id) });
    booking.back(booking.slotsIndex);
  };

  /** Books the chosen slot — or `picked`, one of the times offered after a time just taken. */
  const submit = async (picked?: AvailableSlot) => {
    setTried(true);
    ficheForm.submit();
    veventForm.submit();
    if (block !== null || busy) {
      focusFirstProblem();
      return;
    }
    if (picked) {
      // The summary and a reload show the new time; the attempt gets a new key (the last was refused).
      const state = useBookingStore.getState();
      useBookingStore.setState({ selection: pickSlot(state.selection, picked.start, picked.promotion) });
    }
    const slot = picked?.start ?? selection.slots;
    if (!slot) {
      booking.back(booking.slotsIndex);
      return;
    }
    setBusy(true);
    setFailure(null);
    forms.setServerErrors({});
    try {
      const done = await submitBooking.mutateAsync(submission(slot));
      setConfirmation(done.confirmation);
      if (done.booked)
        announceBooking(
          group,
          done.booked.map((r) => ({
            id: r.id,
            start: r.start,
            intervention_id: r.intervention_id,
            intervention_name: r.intervention_name,
            calendar_id: r.calendar_id,
          })),
        );
      booking.choice(STEP, (state) => ({ selection: state.selection }), services);
    } catch (error) {
      const found = bookingFailureOf(error, { logged: session.logged });
      // A refusal is final for this attempt: the next one gets a new key.
      if ((error as ApiError)?.status) useBookingStore.setState({ attemptKey: null });
      if (found.nextSlots) {
        // Stay: the later times are offered here (fiche/SlotTaken moves the focus to them).
        void queryClient.invalidateQueries({ queryKey: queryKeys.slots.ofGroup(group.id) });
        setFailure(found);
        return;
      }
      if (found.refreshSlots) {
        notify(t(found.key, found.values), { tone: 'error' });
        showFreshSlots();
        return;
      }
      if (found.fieldErrors) {
        forms.setServerErrors(
          found.key === 'booking.errors.vevent'
            ? { vevent: found.fieldErrors }
            : { fiche: found.fieldErrors },
        );
      }
      setFailure(found);
      focusFirstProblem();
    } finally {
      setBusy(false);
    }
  };

  // Before a first try the button simply invites; once tried, what still blocks it is explained.
  const blocked = tried && (block !== null || busy);
  const hintKey = !tried
    ? null
    : block === 'acceptJitsi'
      ? 'booking.errors.acceptJitsi'
      : block === 'formStdError'
        ? 'booking.errors.formStdError'
        : block === 'selectFiche'
          ? 'booking.errors.selectFiche'
          : null;

  return { submit, showFreshSlots, tried, busy, failure, blocked, hintKey };
}
