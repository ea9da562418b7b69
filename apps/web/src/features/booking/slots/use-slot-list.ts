/**
 * The slot list the slots step shows: the request for the chosen services, calendars and
 * resources (or for the booking being changed), the first slot from today for the date picker,
 * and what invalidates the choice (docs/requirements/booking-flow.md §4 "Booking sequence").
 */
import { applySlotsFailure, resourcesIncompatible } from '@creneau/core/booking/selection';
import { useEffect } from 'react';
import type { BookedAppointment } from '../../../api/appointment-create.ts';
import { useAvailableTimeslots } from '../../../api/availabletimeslots.ts';
import { ApiError } from '../../../api/client.ts';
import type { Intervention } from '../../../api/interventions.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useQueryClient } from '../../../query/query.ts';
import { useBookingStore } from '../booking-store.ts';
import { performedIds } from '../catalogue-filters.ts';
import { editingSlotsParams, slotsParams } from '../slot-request.ts';
import type { useBooking } from '../use-booking.ts';

interface SlotListInput {
  booking: ReturnType<typeof useBooking>;
  services: Intervention[];
  catalogueLoading: boolean;
  editingBooking: BookedAppointment[] | null;
  /** The first day shown. */
  start: string;
}

export function useSlotList({ booking, services, catalogueLoading, editingBooking, start }: SlotListInput) {
  const { group, selection, itemCalendars, sequence, steps, startContext, locale, merge } = booking;
  const queryClient = useQueryClient();
  const links = group.calendars_interventions_links ?? {};
  const today = startContext.today;
  // Resources chosen on a multi-appointment step must serve the chosen services (docs/requirements/booking-flow.md §4).
  const multiStep = steps.some((s) => s.name === 'intervention_ids' && (s.max_multirdvs ?? 0) > 1);
  const incompatible =
    multiStep &&
    selection.resource_id !== null &&
    !catalogueLoading &&
    resourcesIncompatible(
      [selection.resource_id],
      performedIds(selection.intervention_ids, services).map((id) => ({
        id,
        need_resource: services.find((s) => s.id === id)?.need_resource ?? false,
      })),
      links,
    );
  const invalid = selection.invalid_resources || incompatible;
  const editing = sequence.editing !== null && editingBooking && editingBooking.length > 0;
  const request =
    catalogueLoading || invalid
      ? null
      : editing
        ? editingSlotsParams(editingBooking, start)
        : slotsParams(
            { selection: { ...selection, start }, itemCalendars, catalogue: services, merge, links },
            { locale },
          );
  const slots = useAvailableTimeslots(group.id, request);
  // The date picker starts at the first slot from today, whatever day is shown.
  const fromToday = useAvailableTimeslots(
    group.id,
    request && start > today ? { ...request, start: today, nDays: 1 } : null,
  );
  const firstFromToday =
    start > today ? (fromToday.data?.firstSlot ?? null) : (slots.data?.firstSlot ?? null);

  // A choice upstream changed: fetch the slots again rather than trust the cache.
  useEffect(() => {
    if (!selection.refresh_slots) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.slots.ofGroup(group.id) });
    const state = useBookingStore.getState();
    useBookingStore.setState({ selection: { ...state.selection, refresh_slots: false } });
  }, [selection.refresh_slots, queryClient, group.id]);

  // "Invalid calendar" (docs/requirements/booking-flow.md §4, §8): the chosen calendars or resources are marked invalid.
  const error = slots.error;
  useEffect(() => {
    if (!(error instanceof ApiError) || error.status !== 400) return;
    const state = useBookingStore.getState();
    useBookingStore.setState({ selection: applySlotsFailure(state.selection, error.key) });
  }, [error]);

  return { request, slots, firstFromToday, invalid, editing: Boolean(editing) };
}
