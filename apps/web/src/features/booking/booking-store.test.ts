// @vitest-environment jsdom
/**
 * The booking store when the session ends (docs/requirements/accounts-and-appointments.md §4: logout or expiry clears the taken
 * appointments): at once when the store is loaded, or when it is read back from sessionStorage
 * after a session ended while the booking code was not loaded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookedAppointment } from '../../api/appointment-create.ts';
import type { BookingState } from './booking-store.ts';

type Store = typeof import('./booking-store.ts');
type SessionEnd = typeof import('../../api/session-end.ts');

/** The store and session-end modules as a fresh page load would read them. */
async function load(): Promise<{ store: Store; session: SessionEnd }> {
  vi.resetModules();
  const session = await import('../../api/session-end.ts');
  const store = await import('./booking-store.ts');
  return { store, session };
}

const booked = { id: 41, start: '2026-05-04T08:00:00Z' } as BookedAppointment;
const confirmation = {
  records: [booked],
  summary: null,
  fiche: { id: 3, firstname: 'Lena', lastname: 'Huber' },
  changed: false,
};
const choices = (state: BookingState) => ({
  ...state.selection,
  intervention_ids: [11],
  calendar_id: 14,
  start: '2026-05-04T08:00:00Z',
});

beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('booking store when the session ends', () => {
  it('forgets a confirmed booking (the taken appointments) and starts afresh', async () => {
    const { store, session } = await load();
    store.resetBooking('demo-clinic', '?locale=en', {
      ...store.useBookingStore.getState(),
      selection: choices(store.useBookingStore.getState()),
    });
    store.markHandled('take_apt=7');
    store.setConfirmation(confirmation);

    session.forgetSessionData();

    const state = store.useBookingStore.getState();
    expect(state.confirmation).toBeNull();
    expect(state.urlname).toBeNull();
    expect(state.selection.intervention_ids).toEqual([]);
    expect(state.handled).toEqual(['take_apt=7']);
  });

  it('forgets an appointment being changed', async () => {
    const { store, session } = await load();
    store.useBookingStore.setState({ urlname: 'demo-clinic', origin: '', editingBooking: [booked] });
    session.forgetSessionData();
    expect(store.useBookingStore.getState().editingBooking).toBeNull();
  });

  it('keeps the choices of a booking in progress but not the person’s details', async () => {
    const { store, session } = await load();
    const selection = choices(store.useBookingStore.getState());
    store.resetBooking('demo-clinic', '?locale=en', { ...store.useBookingStore.getState(), selection });
    store.setDraft({ ficheChoice: 3, comment: 'Fever', fiche: { firstname: 'Lena' } });
    const key = store.attemptKey();

    session.forgetSessionData();

    const state = store.useBookingStore.getState();
    expect(state.urlname).toBe('demo-clinic');
    expect(state.selection).toEqual(selection);
    expect(state.draft).toEqual(store.emptyDraft());
    expect(store.attemptKey()).not.toBe(key);
  });

  it('keeps the booking across a reload while the session lasts', async () => {
    const first = await load();
    first.store.resetBooking('demo-clinic', '', first.store.useBookingStore.getState());
    first.store.setConfirmation(confirmation);

    const { store } = await load();
    expect(store.useBookingStore.getState().confirmation).toEqual(confirmation);
  });

  it('forgets, once read back, a booking whose session ended while its code was not loaded', async () => {
    const first = await load();
    first.store.resetBooking('demo-clinic', '', first.store.useBookingStore.getState());
    first.store.setConfirmation(confirmation);

    // A new page load without the booking code (the appointments page), where the visitor logs out.
    vi.resetModules();
    const session = await import('../../api/session-end.ts');
    session.forgetSessionData();

    // Later, a booking page loads the store again.
    const store = await import('./booking-store.ts');
    expect(store.useBookingStore.getState().confirmation).toBeNull();
    expect(store.useBookingStore.getState().urlname).toBeNull();
  });
});
