/**
 * Where the app is, and how it got there (docs/decisions/018-own-router.md): the browser's history
 * for the app, an in-memory one for tests. A navigation's state is kept in `history.state.usr` (as
 * React Router kept it, so an entry made before the change still reads back) and survives a reload.
 */
import { createPath, type Path, parsePath } from './paths.ts';

export interface Location extends Path {
  /** What the navigation carried (`navigate(to, { state })`), or null. */
  state: unknown;
  /** This entry's own name: 'default' for the one the visitor arrived at. */
  key: string;
}

/** How the current entry was reached: the browser's buttons or arrival (POP), a push or a replace. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface HistoryState {
  action: NavigationType;
  location: Location;
}

export interface History {
  current(): HistoryState;
  /** Calls `listener` on each move; returns the unsubscribe. */
  listen(listener: (state: HistoryState) => void): () => void;
  push(to: Path, state?: unknown): void;
  replace(to: Path, state?: unknown): void;
  go(delta: number): void;
  href(to: Path): string;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The history of the browser tab. */
export function createBrowserHistory(): History {
  const read = (action: NavigationType): HistoryState => {
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    const { pathname, search, hash } = window.location;
    return {
      action,
      location: { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' },
    };
  };
  let current = read('POP');
  const listeners = new Set<(state: HistoryState) => void>();
  const moved = (action: NavigationType) => {
    current = read(action);
    for (const listener of listeners) listener(current);
  };
  const onPop = () => moved('POP');
  const write = (action: 'PUSH' | 'REPLACE', to: Path, state: unknown) => {
    const entry = { usr: state ?? null, key: newKey() };
    const url = createPath(to);
    // A browser refuses a push beyond its limits (or one that is too large): the page then loads.
    try {
      if (action === 'PUSH') window.history.pushState(entry, '', url);
      else window.history.replaceState(entry, '', url);
    } catch {
      window.location.assign(url);
      return;
    }
    moved(action);
  };
  return {
    current: () => current,
    listen(listener) {
      if (listeners.size === 0) window.addEventListener('popstate', onPop);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', onPop);
      };
    },
    push: (to, state) => write('PUSH', to, state),
    replace: (to, state) => write('REPLACE', to, state),
    go: (delta) => window.history.go(delta),
    href: createPath,
  };
}

/** A history kept in memory (tests): entries given as addresses or places with a state. */
export function createMemoryHistory(
  initialEntries: (string | Partial<Location>)[] = ['/'],
  initialIndex = initialEntries.length - 1,
): History {
  const toLocation = (entry: string | Partial<Location>, key: string): Location => {
    const place: Partial<Location> = typeof entry === 'string' ? parsePath(entry) : entry;
    return { pathname: '/', search: '', hash: '', state: null, ...place, key: place.key ?? key };
  };
  const entries = initialEntries.map((entry, i) => toLocation(entry, i === 0 ? 'default' : newKey()));
  let index = Math.min(Math.max(initialIndex, 0), entries.length - 1);
  let current: HistoryState = { action: 'POP', location: entries[index]! };
  const listeners = new Set<(state: HistoryState) => void>();
  const moved = (action: NavigationType) => {
    current = { action, location: entries[index]! };
    for (const listener of listeners) listener(current);
  };
  return {
    current: () => current,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    push(to, state) {
      index += 1;
      entries.splice(index, entries.length, { ...to, state: state ?? null, key: newKey() });
      moved('PUSH');
    },
    replace(to, state) {
      entries[index] = { ...to, state: state ?? null, key: newKey() };
      moved('REPLACE');
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      moved('POP');
    },
    href: createPath,
  };
}
