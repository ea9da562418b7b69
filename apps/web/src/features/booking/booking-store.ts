/**
 * The booking in progress (docs/requirements/booking-flow.md §3 Filters and Sequence): the selection, the sequence, the
 * contact-details draft and the confirmed booking. Kept in sessionStorage so a reload restores it
 * (docs/requirements/booking-flow.md §4 rehydration: data, filters and sequence come back; the catalogue — calendars,
 * resources, sets, services — is fetched again, never restored). A new tab starts afresh.
 * A booking belongs to one group and one entry (preselection and date of the link): another link
 * starts a new one. When the session ends (logout, expiry) what belonged to it goes (docs/requirements/accounts-and-appointments.md §4).
 */
import { create } from 'zustand';
import type { AppointmentCreated, BookedAppointment } from '../../api/appointment-create.ts';
import { onSessionEnd, sessionEnds } from '../../api/session-end.ts';
import { emptySequence, type FlowState } from './sequence.ts';

/** What the contact-details step holds until the booking is made. */
export interface Draft {
  /** New-fiche form values as typed. */
  fiche: Record<string, unknown>;
  /** Extra appointment information (vevent) as typed. */
  vevent: Record<string, unknown>;
  comment: string;
  /** The fiche chosen to book for: an id, "new", or none. */
  ficheChoice: number | 'new' | null;
  termsAccepted: boolean;
}

/** The booking shown on the confirm step. */
export interface Confirmation {
  records: BookedAppointment[];
  summary: AppointmentCreated['summary'] | null;
  fiche: { id: number; firstname: string; lastname: string };
  /** An existing booking was changed rather than a new one made. */
  changed: boolean;
}

export interface BookingState extends FlowState {
  urlname: string | null;
  /** The link the booking started from (preselection, date): another one starts afresh. */
  origin: string | null;
  draft: Draft;
  /** Idempotency-Key of the booking attempt under way (kept across retries and reloads). */
  attemptKey: string | null;
  confirmation: Confirmation | null;
  /** The booking being changed (edit mode), as the editable check returned it. */
  editingBooking: BookedAppointment[] | null;
  /** One-shot query parameters already acted on (update_apt=12, take_apt=7…). */
  handled: string[];
}

export const emptyDraft = (): Draft => ({
  fiche: {},
  vevent: {},
  comment: '',
  ficheChoice: null,
  termsAccepted: false,
});

const initial: BookingState = {
  urlname: null,
  origin: null,
  selection: {
    interventionset_ids: [],
    intervention_ids: [],
    calendarset_id: null,
    calendar_id: null,
    calendar_ids: [],
    resource_id: null,
    start: '',
    slots: null,
    slot_promotion: null,
    refresh_slots: false,
    invalid_resources: false,
  },
  itemCalendars: {},
  sequence: emptySequence(),
  draft: emptyDraft(),
  attemptKey: null,
  confirmation: null,
  editingBooking: null,
  handled: [],
};

const STORAGE_KEY = 'creneau.booking';
/** Bumped when the stored shape changes: an older booking is then dropped, not misread. */
const VERSION = 2;

/**
 * The booking without what belonged to a session that ended (docs/requirements/accounts-and-appointments.md §4: logout or expiry clears
 * the taken appointments). A booking made (the confirmation's appointments) or an appointment being
 * changed starts afresh; a booking in progress keeps its choices but loses the contact details,
 * the person chosen and the attempt's key (the next person's booking is not a retry of this one).
 */
export function withoutSession(state: BookingState): BookingState {
  if (state.confirmation || state.editingBooking || state.sequence.editing !== null)
    return { ...initial, handled: state.handled };
  return { ...state, draft: emptyDraft(), attemptKey: null };
}

/** The booking this tab stored, if readable and of this version. */
function restore(): BookingState {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    const stored = raw
      ? (JSON.parse(raw) as { version?: number; state?: BookingState; sessionEnds?: number })
      : null;
    if (stored?.version === VERSION && stored.state) {
      const state = { ...initial, ...stored.state };
      // A session ended while this code was not loaded: what belonged to it goes now.
      return (stored.sessionEnds ?? 0) === sessionEnds() ? state : withoutSession(state);
    }
  } catch {
    /* unreadable or blocked storage: start afresh */
  }
  return initial;
}

// A small persistence of our own rather than zustand's middleware: the booking pages' first load
// is counted to the kilobyte (docs/booking-flow.md).
export const useBookingStore = create<BookingState>()(() => restore());

useBookingStore.subscribe((state) => {
  try {
    globalThis.sessionStorage?.setItem(
      STORAGE_KEY,
      JSON.stringify({ version: VERSION, state, sessionEnds: sessionEnds() }),
    );
  } catch {
    // Blocked storage (some third-party frames): the booking then lives in memory only.
  }
});

onSessionEnd(() => useBookingStore.setState(withoutSession(useBookingStore.getState()), true));

/** Starts a booking afresh for a group and link. */
export function resetBooking(urlname: string, origin: string, flow: FlowState): void {
  const { handled } = useBookingStore.getState();
  useBookingStore.setState({ ...initial, ...flow, urlname, origin, handled });
}

/** Replaces the selection and sequence. */
export function setFlow(flow: FlowState): void {
  useBookingStore.setState({
    selection: flow.selection,
    itemCalendars: flow.itemCalendars,
    sequence: flow.sequence,
  });
}

/** Updates the contact-details draft. */
export function setDraft(patch: Partial<Draft>): void {
  useBookingStore.setState((state) => ({ draft: { ...state.draft, ...patch } }));
}

/** The Idempotency-Key of the current attempt, created on first use. */
export function attemptKey(): string {
  const current = useBookingStore.getState().attemptKey;
  if (current) return current;
  const key = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  useBookingStore.setState({ attemptKey: key });
  return key;
}

/** The booking is made: shown on the confirm step; the next attempt gets a new key. */
export function setConfirmation(confirmation: Confirmation | null): void {
  useBookingStore.setState({ confirmation, attemptKey: null });
}

/** Remembers that a one-shot parameter was acted on. */
export function markHandled(marker: string): void {
  useBookingStore.setState((state) => ({ handled: [...state.handled.slice(-20), marker] }));
}
