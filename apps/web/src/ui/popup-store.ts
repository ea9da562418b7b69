/**
 * The popups of docs/requirements/accounts-and-appointments.md §2 — alert, details, add to calendar, pro logout warning, logout
 * confirmation — one at a time, opened from anywhere with openPopup and drawn by the shell's popup
 * host. Cancelling appointments has its own dialog (ui/appointments/CancelDialog).
 */
import { create } from 'zustand';

/** An event to add to a calendar (Google link built on the client, or an .ics file). */
export interface CalendarEvent {
  title: string;
  /** ISO 8601 instants. */
  start: string;
  end: string;
  description?: string | undefined;
  location?: string | undefined;
  timeZone: string;
  /** The server's .ics export when there is one; otherwise the file is built in the browser. */
  icsUrl?: string | undefined;
}

/** What the details popup shows about a category, service, calendar, set or resource. */
export interface ItemDetails {
  type: 'interventionset' | 'intervention' | 'pack' | 'calendarset' | 'calendar' | 'resource';
  id: number;
  title: string;
  description?: string | null | undefined;
  image?: string | null | undefined;
}

export type Popup =
  | {
      kind: 'alert';
      /** A `messages.*` key or a sentence. */
      message: string;
      title?: string | undefined;
      values?: Record<string, string | number> | undefined;
    }
  | { kind: 'details'; item: ItemDetails }
  | { kind: 'addToCalendar'; event: CalendarEvent }
  | { kind: 'proLogout' }
  | { kind: 'logout' };

interface PopupState {
  popup: Popup | null;
}

export const usePopupStore = create<PopupState>(() => ({ popup: null }));

/** Opens a popup (replacing the one shown, if any). */
export function openPopup(popup: Popup): void {
  usePopupStore.setState({ popup });
}

/** Closes the popup. */
export function closePopup(): void {
  usePopupStore.setState({ popup: null });
}
