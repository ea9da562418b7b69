/**
 * The last group this browser session showed, so the not-found page can tell a known group from an
 * unknown one after a reload (docs/requirements/booking-flow.md §2: different texts, and a reload after 10 s when known).
 */

const STORAGE_KEY = 'creneau.lastGroup';

export interface KnownGroup {
  urlname: string;
  name: string;
  phone?: string | null;
}

/** Remembers the group now shown. */
export function rememberGroup(group: KnownGroup): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ urlname: group.urlname, name: group.name }));
  } catch {
    /* storage blocked: the not-found page will treat the group as unknown */
  }
}

/** Forgets it (the visitor asked for a group that does not exist). */
export function forgetGroup(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* see rememberGroup */
  }
}

/** The remembered group, if any. */
export function lastGroup(): KnownGroup | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as KnownGroup) : null;
    return parsed && typeof parsed.urlname === 'string' && typeof parsed.name === 'string' ? parsed : null;
  } catch {
    return null;
  }
}
