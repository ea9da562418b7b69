/**
 * The parameters that start something once (spec 000 §2, 001 §4):
 * - update_apt=ID: change that appointment — checked as editable, its choices preloaded, straight
 *   to the slots with the earlier steps locked; a refusal alerts "Modification impossible";
 * - take_apt=ID (or an appointment handed over by the appointments list): book it again with the
 *   same choices, straight to the slots; "retake error" when something is no longer offered.
 * Each is acted on once per booking session, then removed from the address.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { BookedAppointment } from '../../api/appointment-create.ts';
import { fetchEditable } from '../../api/appointment-editable.ts';
import { fetchAppointments } from '../../api/appointments.ts';
import { fetchCalendars } from '../../api/calendars.ts';
import { fetchInterventions } from '../../api/interventions.ts';
import { fetchInterventionsets } from '../../api/interventionsets.ts';
import { fetchPackInterventions } from '../../api/pack-interventions.ts';
import { openPopup } from '../../ui/popup-store.ts';
import { bookingFailureOf } from './booking-errors.ts';
import { emptyDraft, markHandled, useBookingStore } from './booking-store.ts';
import { presetOfBooking, retakeOf } from './preset.ts';
import { initialFlow, startEditing } from './sequence.ts';
import type { Booking } from './use-booking.ts';

export type OneShotBusy = 'edit' | 'retake' | false;

/** State handed over by a page that sends the visitor to book an appointment again. */
export interface RetakeState {
  retake?: BookedAppointment;
}

export function useOneShotParams(booking: Booking, ready: boolean): { busy: OneShotBusy } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<OneShotBusy>(false);
  const { group, steps, params, startContext, locale, logged } = booking;
  const updateId = params.update_apt;
  const takeId = params.take_apt;
  const handedOver = (location.state as RetakeState | null)?.retake;

  useEffect(() => {
    if (!ready || busy) return;
    const handled = useBookingStore.getState().handled;
    const slots = steps.findIndex((s) => s.name === 'slots');
    const withoutParam = (name: string) => {
      const search = new URLSearchParams(location.search);
      search.delete(name);
      const rest = search.toString();
      return rest ? `?${rest}` : '';
    };
    const toStep = (index: number, drop: string) =>
      navigate(
        { pathname: `/${group.urlname}/book/${steps[index]?.name ?? ''}`, search: withoutParam(drop) },
        { replace: true, state: null },
      );

    if (updateId && !handled.includes(`update_apt=${updateId}`)) {
      markHandled(`update_apt=${updateId}`);
      setBusy('edit');
      fetchEditable(group.id, updateId)
        .then((answer) => {
          const rows =
            answer.booking.length > 0 ? answer.booking : answer.appointment ? [answer.appointment] : [];
          const first = rows[0] ?? answer.appointment;
          const result = startEditing(startContext, steps, updateId, presetOfBooking(rows), {});
          useBookingStore.setState({
            ...result.state,
            editingBooking: rows,
            confirmation: null,
            attemptKey: null,
            draft: {
              ...emptyDraft(),
              comment: first?.comments ?? '',
              ficheChoice: first?.fiche_id ?? null,
            },
          });
          toStep(result.next, 'update_apt');
        })
        .catch((error: unknown) => {
          const failure = bookingFailureOf(error, { logged });
          openPopup({
            kind: 'alert',
            title: t('booking.edit.impossible'),
            message: t(
              failure.key === 'booking.errors.error' ? 'messages.editAptError' : failure.key,
              failure.values,
            ),
          });
          toStep(0, 'update_apt');
        })
        .finally(() => setBusy(false));
      return;
    }

    const retakeMarker = takeId ? `take_apt=${takeId}` : handedOver ? `retake=${handedOver.id}` : null;
    if (retakeMarker && !handled.includes(retakeMarker)) {
      markHandled(retakeMarker);
      setBusy('retake');
      const preselected = Object.keys(booking.preselection).length > 0;
      const load = async () => {
        const appointment =
          handedOver ?? (await fetchAppointments(group.id, locale)).find((a) => a.id === takeId) ?? null;
        if (!appointment) return preselected ? { ok: true as const, keep: true as const } : null;
        // The appointments page hands the choices over as a preselection: only the calendars of a
        // pack's items still need to come from the appointment (spec 000 §4 booking a pack).
        if (preselected) {
          if (appointment.pack_id) {
            const packs = group.pack_interventions ? await fetchPackInterventions(group.id, { locale }) : [];
            const pack = packs.find((p) => p.id === appointment.pack_id);
            if (pack) {
              const retake = retakeOf(appointment, {
                services: [{ ...pack, type: 'pack' as const }],
                calendars: await fetchCalendars(group.id, { locale }),
                interventionsets: [],
                hasCategories: false,
              });
              if (retake.ok) useBookingStore.setState({ itemCalendars: retake.itemCalendars });
            }
          }
          return { ok: true as const, keep: true as const };
        }
        const params = { locale };
        const [services, packs, calendars, interventionsets] = await Promise.all([
          fetchInterventions(group.id, params),
          group.pack_interventions ? fetchPackInterventions(group.id, params) : Promise.resolve([]),
          fetchCalendars(group.id, params),
          group.public_interventionsets > 0 ? fetchInterventionsets(group.id, params) : Promise.resolve([]),
        ]);
        return retakeOf(appointment, {
          services: [...services, ...packs.map((p) => ({ ...p, type: 'pack' as const }))],
          calendars,
          interventionsets,
          hasCategories: group.public_interventionsets > 0,
        });
      };
      load()
        .then((retake) => {
          if (!retake?.ok) throw new Error('retake');
          if ('keep' in retake) {
            const search = new URLSearchParams(location.search);
            search.delete('take_apt');
            const rest = search.toString();
            navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
            return;
          }
          // Editing ends; the earlier steps are settled by the appointment's own choices.
          const base = initialFlow(startContext, retake.preset);
          useBookingStore.setState({
            ...base,
            itemCalendars: retake.itemCalendars,
            sequence: {
              ...base.sequence,
              current: slots,
              done: steps.slice(0, slots).map((s) => s.name),
            },
            editingBooking: null,
            confirmation: null,
            attemptKey: null,
          });
          toStep(slots, 'take_apt');
        })
        .catch(() => {
          openPopup({ kind: 'alert', message: 'retakeError' });
          toStep(0, 'take_apt');
        })
        .finally(() => setBusy(false));
    }
  }, [
    ready,
    busy,
    updateId,
    takeId,
    handedOver,
    group,
    steps,
    startContext,
    locale,
    logged,
    navigate,
    location.search,
    location.pathname,
    booking.preselection,
    t,
  ]);

  return { busy };
}
