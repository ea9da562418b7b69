/**
 * Talking to the page that embeds the booking page in a frame (docs/requirements/booking-flow.md §1 "Frame/embedding"):
 * the height whenever it changes (unless autoresize is off), the appointment-taken event, and the
 * autoresize on/off order from the parent. Payloads are documented in docs/embedding.md.
 */

/** Marks our messages so a parent can tell them from other frames' traffic. */
export const MESSAGE_SOURCE = 'creneau';
/** What a parent puts in `source` when it talks to us. */
export const PARENT_SOURCE = 'creneau-parent';

export type FrameMessage =
  | { type: 'height'; height: number; urlname: string | null; path: string }
  | { type: 'appointmentTaken'; urlname: string; appointments: TakenAppointment[] }
  | { type: 'pageView'; urlname: string | null; path: string; title: string; location: string };

/** One booked appointment as the parent is told about it. */
export interface TakenAppointment {
  id: number;
  start: string;
  intervention_id?: number | undefined;
  intervention_name?: string | undefined;
  calendar_id?: number | undefined;
}

/** True when the page runs inside another page's frame. */
export function isEmbedded(): boolean {
  try {
    return typeof window !== 'undefined' && window.parent !== window;
  } catch {
    return true;
  }
}

/** Sends a message to the embedding page (no-op when not embedded). */
export function postToParent(message: FrameMessage): void {
  if (!isEmbedded()) return;
  // The booking page can be embedded by any site, and the payloads carry nothing secret.
  window.parent.postMessage({ source: MESSAGE_SOURCE, ...message }, '*');
}

/** Tells the parent that appointments were just booked (docs/requirements/accounts-and-appointments.md §4 "notify the parent frame"). */
export function notifyAppointmentTaken(urlname: string, appointments: TakenAppointment[]): void {
  postToParent({ type: 'appointmentTaken', urlname, appointments });
}

/**
 * Reads an autoresize order from a parent's message: `{source: "creneau-parent", type:
 * "autoresize", enabled: boolean}`. Returns null for anything else.
 */
export function autoresizeOrder(data: unknown): boolean | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as { source?: unknown; type?: unknown; enabled?: unknown };
  if (m.source !== PARENT_SOURCE || m.type !== 'autoresize' || typeof m.enabled !== 'boolean') return null;
  return m.enabled;
}
