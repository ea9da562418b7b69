/**
 * The parameters that start something once (docs/requirements/booking-flow.md §2, docs/requirements/accounts-and-appointments.md §4):
 * - update_apt=ID: change that appointment — checked as editable, its choices preloaded, straight
 *   to the slots with the earlier steps locked; a refusal alerts "Modification impossible";
 * - take_apt=ID (or an appointment handed over by the appointments list): book it again with the
 *   same choices, straight to the slots; "retake error" when something is no longer offered.
 * Each is acted on once per booking session, then removed from the address. The work itself
 * (one-shot-run.ts) loads only when a link carries one.
 */
import { useEffect, useState } from 'react';
import type { BookedAppointment } from '../../api/appointment-create.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { useLocation, useNavigate } from '../../routing/routing.ts';
import { markHandled, useBookingStore } from './booking-store.ts';
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
  const { group, steps, params } = booking;
  const updateId = params.update_apt;
  const takeId = params.take_apt;
  const handedOver = (location.state as RetakeState | null)?.retake;

  useEffect(() => {
    if (!ready || busy) return;
    const handled = useBookingStore.getState().handled;
    const editMarker = updateId ? `update_apt=${updateId}` : null;
    const retakeMarker = takeId ? `take_apt=${takeId}` : handedOver ? `retake=${handedOver.id}` : null;
    const editing = editMarker !== null && !handled.includes(editMarker);
    const retaking = !editing && retakeMarker !== null && !handled.includes(retakeMarker);
    if (!editing && !retaking) return;
    markHandled((editing ? editMarker : retakeMarker)!);
    setBusy(editing ? 'edit' : 'retake');
    const without = (name: string) => {
      const search = new URLSearchParams(location.search);
      search.delete(name);
      const rest = search.toString();
      return rest ? `?${rest}` : '';
    };
    const context = {
      booking,
      t: (key: string, values?: Record<string, unknown>) => t(key, values),
      toStep: (index: number, drop: string) =>
        navigate(
          { pathname: `/${group.urlname}/book/${steps[index]?.name ?? ''}`, search: without(drop) },
          { replace: true, state: null },
        ),
      dropParam: (name: string) =>
        navigate({ pathname: location.pathname, search: without(name) }, { replace: true }),
    };
    import('./one-shot-run.ts')
      .then((run) =>
        editing ? run.startEdit(updateId!, context) : run.startRetake(takeId, handedOver, context),
      )
      .finally(() => setBusy(false));
  }, [ready, busy, updateId, takeId, handedOver, booking, group.urlname, steps, navigate, location, t]);

  return { busy };
}
