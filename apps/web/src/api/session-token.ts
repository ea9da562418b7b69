/**
 * The session token (docs/requirements/accounts-and-appointments.md §3 Session): kept in localStorage so a reload or a second tab stays
 * logged in for the token's two-hour life, and readable outside React by the HTTP client.
 */
import { create } from 'zustand';

const STORAGE_KEY = 'creneau.token';

function readStored(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    // Storage can be blocked in third-party frames: the session then lives in memory only.
    return null;
  }
}

function writeStored(token: string | null): void {
  try {
    if (token) globalThis.localStorage?.setItem(STORAGE_KEY, token);
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    /* see readStored */
  }
}

interface TokenState {
  token: string | null;
}

/** The token store; components subscribe with useSessionToken. */
export const useSessionTokenStore = create<TokenState>(() => ({ token: readStored() }));

/** The current token, or null when logged out. */
export function getSessionToken(): string | null {
  return useSessionTokenStore.getState().token;
}

/** Stores the token a login returned. */
export function setSessionToken(token: string): void {
  writeStored(token);
  useSessionTokenStore.setState({ token });
}

/** Forgets the token (logout, expiry). */
export function clearSessionToken(): void {
  writeStored(null);
  useSessionTokenStore.setState({ token: null });
}

/** React hook: the current token. */
export function useSessionToken(): string | null {
  return useSessionTokenStore((state) => state.token);
}
