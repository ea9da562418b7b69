/**
 * The routers (docs/decisions/018-own-router.md): the browser tab's for the app, one in memory for
 * tests. As React Router's, a move renders in a transition: the page on screen stays until the next
 * one is ready, rather than a Suspense fallback.
 */
import { type ReactNode, startTransition, useLayoutEffect, useMemo, useState } from 'react';
import { RouterContext } from './context.ts';
import { createBrowserHistory, createMemoryHistory, type History, type Location } from './history.ts';

/** Renders the app at the history's current place, and again after each move. */
function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [state, setState] = useState(history.current);
  useLayoutEffect(() => {
    // A move made between the first render and now is caught up here.
    setState(history.current());
    return history.listen((next) => startTransition(() => setState(next)));
  }, [history]);
  const value = useMemo(() => ({ ...state, history }), [state, history]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** The router of the app: the browser tab's address and history. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

/** A router over entries kept in memory, for tests. */
export function MemoryRouter({
  initialEntries,
  initialIndex,
  children,
}: {
  initialEntries?: (string | Partial<Location>)[];
  initialIndex?: number;
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries, initialIndex));
  return <Router history={history}>{children}</Router>;
}
