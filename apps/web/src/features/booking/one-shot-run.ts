/**
 * The work behind the one-shot parameters (use-one-shot-params.ts), loaded only when a link
 * carries one: the editable check and preload of an appointment being changed, and the look-ups
 * and checks of an appointment booked again.
 */
import type { BookedAppointment } from '../../api/appointment-create.ts';
import { fetchEditable } from '../../api/appointment-editable.ts';
import { fetchAppointments } from '../../api/appointments.ts';
import type { Calendar } from '../../api/calendars.ts';
import { fetchCalendars } from '../../api/calendars.ts';
import type { Group } from '../../api/group.ts';
import { fetchInterventions } from '../../api/interventions.ts';
import { fetchInterventionsets } from '../../api/interventionsets.ts';
import { fetchPackInterventions } from '../../api/pack-interventions.ts';
import { openPopup } from '../../ui/popup-store.ts';
import { bookingFailureOf } from './booking-errors.ts';
import { emptyDraft, useBookingStore } from './booking-store.ts';
import { presetOfBooking, retakeOf } from './preset.ts';
import { initialFlow, startEditing } from './sequence.ts';
import type { Booking } from './use-booking.ts';

export interface OneShotContext {
  booking: Pick<Booking, 'group' | 'steps' | 'startContext' | 'locale' | 'logged' | 'preselection'>;
  t: (key: string, values?: Record<string, unknown>) => string;
  /** Goes to a step with a parameter removed from the address. */
  toStep: (index: number, drop: string) => void;
  /** Removes a parameter from the address, staying on the page. */
  dropParam: (name: string) => void;
}

/** update_apt: checked as editable, preloaded, then the slots (earlier steps locked). */
export async function startEdit(id: number, { booking, t, toStep }: OneShotContext): Promise<void> {
  const { group, steps, startContext, logged } = booking;
  try {
    const answer = await fetchEditable(group.id, id);
    const rows = answer.booking.length > 0 ? answer.booking : answer.appointment ? [answer.appointment] : [];
    const first = rows[0] ?? answer.appointment;
    const result = startEditing(startContext, steps, id, presetOfBooking(rows), {});
    useBookingStore.setState({
      ...result.state,
      editingBooking: rows,
      confirmation: null,
      attemptKey: null,
      draft: { ...emptyDraft(), comment: first?.comments ?? '', ficheChoice: first?.fiche_id ?? null },
    });
    toStep(result.next, 'update_apt');
  } catch (error) {
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
  }
}

async function catalogue(group: Group, locale: string) {
  const params = { locale };
  const [services, packs, calendars, interventionsets] = await Promise.all([
    fetchInterventions(group.id, params),
    group.pack_interventions ? fetchPackInterventions(group.id, params) : Promise.resolve([]),
    fetchCalendars(group.id, params),
    group.public_interventionsets > 0 ? fetchInterventionsets(group.id, params) : Promise.resolve([]),
  ]);
  return {
    services: [...services, ...packs.map((p) => ({ ...p, type: 'pack' as const }))],
    calendars: calendars as Calendar[],
    interventionsets,
    hasCategories: group.public_interventionsets > 0,
  };
}

/**
 * take_apt (or an appointment handed over): the same choices again, straight to the slots;
 * "retake error" when something is no longer offered. When the link also preselects the choices,
 * only a pack's item calendars still come from the appointment (docs/requirements/booking-flow.md §4 booking a pack).
 */
export async function startRetake(
  takeId: number | undefined,
  handedOver: BookedAppointment | undefined,
  { booking, toStep, dropParam }: OneShotContext,
): Promise<void> {
  const { group, steps, startContext, locale } = booking;
  const slots = steps.findIndex((s) => s.name === 'slots');
  const preselected = Object.keys(booking.preselection).length > 0;
  try {
    const appointment =
      handedOver ?? (await fetchAppointments(group.id, locale)).find((a) => a.id === takeId) ?? null;
    if (preselected) {
      if (appointment?.pack_id) {
        const retake = retakeOf(appointment, { ...(await catalogue(group, locale)), hasCategories: false });
        if (retake.ok) useBookingStore.setState({ itemCalendars: retake.itemCalendars });
      }
      dropParam('take_apt');
      return;
    }
    if (!appointment) throw new Error('retake');
    const retake = retakeOf(appointment, await catalogue(group, locale));
    if (!retake.ok) throw new Error('retake');
    // Editing ends; the earlier steps are settled by the appointment's own choices.
    const base = initialFlow(startContext, retake.preset);
    useBookingStore.setState({
      ...base,
      itemCalendars: retake.itemCalendars,
      sequence: { ...base.sequence, current: slots, done: steps.slice(0, slots).map((s) => s.name) },
      editingBooking: null,
      confirmation: null,
      attemptKey: null,
    });
    toStep(slots, 'take_apt');
  } catch {
    openPopup({ kind: 'alert', message: 'retakeError' });
    toStep(0, 'take_apt');
  }
}
