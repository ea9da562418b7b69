/**
 * How the appointments page arranges the list (docs/requirements/accounts-and-appointments.md §2, §4): one tab per person (fiche), future
 * appointments by start ascending and past ones descending (the server's order, kept), a pack
 * shown once — its first appointment carrying the steps — and the actions each one offers.
 */
import type { ListedAppointment } from '../../api/appointments.ts';
import { placeToGo } from '../../app/map-place.ts';
import type { AppointmentAction } from '../../ui/appointments/AppointmentCard.tsx';

export interface PersonTab {
  id: number;
  firstname: string;
  lastname: string;
}

/** One tab per person: the visible records, then anyone else who has appointments (a hidden record). */
export function personTabs(
  fiches: readonly PersonTab[],
  appointments: readonly Pick<ListedAppointment, 'fiche'>[],
): PersonTab[] {
  const tabs = fiches.map((f) => ({ id: f.id, firstname: f.firstname, lastname: f.lastname }));
  const known = new Set(tabs.map((t) => t.id));
  for (const { fiche } of appointments) {
    if (fiche && !known.has(fiche.id)) {
      known.add(fiche.id);
      tabs.push({ id: fiche.id, firstname: fiche.firstname, lastname: fiche.lastname });
    }
  }
  return tabs;
}

/** A person's appointments as cards: included pack items fold into their first appointment. */
export function cardsOf<A extends Pick<ListedAppointment, 'id' | 'type' | 'parent_id'>>(
  list: readonly A[],
): A[] {
  const ids = new Set(list.map((a) => a.id));
  return list.filter((a) => !(a.type === 'included' && a.parent_id !== null && ids.has(a.parent_id)));
}

/** Future (not yet over) and past appointments, each keeping the list's order. */
export function splitByTime<A extends Pick<ListedAppointment, 'end'>>(list: readonly A[], now: Date) {
  const future: A[] = [];
  const past: A[] = [];
  for (const appointment of list) (new Date(appointment.end) > now ? future : past).push(appointment);
  return { future, past };
}

export interface ActionContext {
  now: Date;
  /** Editing needs the v3 API and the Account login profile (docs/requirements/accounts-and-appointments.md §2). */
  canEdit: boolean;
  /** A session opened from an e-mail link for one action allows only that one. */
  linkAction: 'cancel' | 'export' | null;
}

/**
 * The menu of an appointment, in the spec's order. "Go there" opens the map on the appointment's
 * place, so it needs a place with coordinates, and is never offered for a video consultation.
 */
export function actionsFor(
  appointment: Pick<ListedAppointment, 'start' | 'video_credentials' | 'address'> &
    Partial<Pick<ListedAppointment, 'videoconference'>>,
  context: ActionContext,
): AppointmentAction[] {
  if (context.linkAction === 'cancel') return new Date(appointment.start) > context.now ? ['cancel'] : [];
  if (context.linkAction === 'export') return ['addToCalendar'];
  const upcoming = new Date(appointment.start) > context.now;
  const actions: AppointmentAction[] = [];
  if (upcoming) actions.push('cancel');
  if (upcoming && context.canEdit) actions.push('edit');
  actions.push('retake', 'addToCalendar');
  if (placeToGo(appointment)) actions.push('goThere');
  return actions;
}
