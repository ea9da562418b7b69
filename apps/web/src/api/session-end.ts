/**
 * What ending a session clears (spec 001 §4: "logout or expiry resets the session and clears
 * fiches, appointments and taken appointments"), and whether the last end was a logout the visitor
 * asked for (no "expired connection" message then).
 */
import { queryClient } from '../app/query-client.ts';
import { ANONYMOUS_SESSION, currentSessionQuery } from './session-current.ts';

/** Query-key roots that belong to a session. */
const SESSION_DATA = ['session', 'appointments', 'fiches', 'proGroups'] as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let intentional = false;

/** Forgets every cached answer that belonged to the session, and tells the session's stores. */
export function forgetSessionData(): void {
  for (const key of SESSION_DATA) queryClient.removeQueries({ queryKey: [key] });
  // Known without asking: no token means nobody (the server cleared the cookie too), and the page
  // need not blank out while the session check runs again.
  queryClient.setQueryData(currentSessionQuery(null).queryKey, ANONYMOUS_SESSION);
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
