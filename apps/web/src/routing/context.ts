/** The router's shared state (docs/decisions/018-own-router.md): where the app is, and the routes that matched. */
import { createContext, type ReactNode, useContext } from 'react';
import type { History, HistoryState } from './history.ts';
import type { RouteMatch } from './paths.ts';

export interface RouterValue extends HistoryState {
  history: History;
}

export const RouterContext = createContext<RouterValue | null>(null);

export interface RouteValue {
  /** The routes that matched, outer first (those of enclosing tables too). */
  matches: RouteMatch<ReactNode>[];
  /** What an <Outlet /> of this route shows: the matching child route, if any. */
  outlet: ReactNode;
}

export const RouteContext = createContext<RouteValue>({ matches: [], outlet: null });

export function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router hook or link was used outside <BrowserRouter> or <MemoryRouter>.');
  return router;
}
