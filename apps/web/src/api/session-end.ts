/**
 * What ending a session clears (docs/requirements/accounts-and-appointments.md §4: "logout or expiry resets the session and clears
 * fiches, appointments and taken appointments"), and whether the last end was a logout the visitor
 * asked for (no "expired connection" message then).
 */
import { queryClient } from '../lib/query-client.ts';
import { sessionData } from './query-keys.ts';
import { ANONYMOUS_SESSION, currentSessionQuery } from './session-current.ts';

/** Query-key roots that belong to a session. */

type Listener = () => void;
const listeners = new Set<Listener>();
let intentional = false;

const ENDS_KEY = 'creneau.sessionEnds';

/**
 * How many sessions ended in this tab. A store kept in sessionStorage saves it with its state: a
 * different count when it is read back means a session ended while the store's code was not
 * loaded (so it could not listen), and what belonged to that session must go.
 */
export function sessionEnds(): number {
  try {
    return Number(globalThis.sessionStorage?.getItem(ENDS_KEY)) || 0;
  } catch {
    return 0;
  }
}

function countSessionEnd(): void {
  try {
    globalThis.sessionStorage?.setItem(ENDS_KEY, String(sessionEnds() + 1));
  } catch {
    // Blocked storage: the stores then live in memory only, and their listeners are enough.
  }
}

/** Forgets every cached answer that belonged to the session, and tells the session's stores. */
export function forgetSessionData(): void {
  for (const queryKey of sessionData) queryClient.removeQueries({ queryKey });
  // Known without asking: no token means nobody (the server cleared the cookie too), and the page
  // need not blank out while the session check runs again.
  queryClient.setQueryData(currentSessionQuery(null).queryKey, ANONYMOUS_SESSION);
  countSessionEnd();
  for (const listener of listeners) listener();
}

/** Lets a store (the booking's taken appointments…) clear itself when a session ends. */
export function onSessionEnd(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by logout: the end that follows is not an expiry. */
export function markIntentionalLogout(): void {
  intentional = true;
}

/** True (once) when the last session end was a logout. */
export function consumeIntentionalLogout(): boolean {
  const was = intentional;
  intentional = false;
  return was;
}
