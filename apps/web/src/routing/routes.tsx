/** Route tables (docs/decisions/018-own-router.md): which route's element shows for the path. */
import {
  Children,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useMemo,
} from 'react';
import { RouteContext } from './context.ts';
import { useLocation } from './hooks.ts';
import { joinPaths, matchRoutes, type RouteDefinition } from './paths.ts';

/** A route of a <Routes> table: only declares (what it renders is its element). */
export function Route(_props: {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}): ReactElement | null {
  throw new Error('A <Route> is only ever used inside <Routes>.');
}

/** The route table's declarations, from its <Route> children (fragments and lists included). */
function definitionsOf(children: ReactNode): RouteDefinition<ReactNode>[] {
  const routes: RouteDefinition<ReactNode>[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    const props = child.props as {
      path?: string;
      index?: boolean;
      element?: ReactNode;
      children?: ReactNode;
    };
    if (child.type === Fragment) {
      routes.push(...definitionsOf(props.children));
      return;
    }
    routes.push({
      path: props.path,
      index: props.index,
      element: props.element,
      children: props.index ? undefined : definitionsOf(props.children),
    });
  });
  return routes;
}

/**
 * Shows the route of the table that matches the path (with its parents' elements around it, each
 * showing the next in its <Outlet />). A table inside a route's element matches what that route
 * left of the path (`admin/*` → its own `customers/:id`).
 */
export function Routes({ children }: { children?: ReactNode }) {
  const parent = useContext(RouteContext);
  const { pathname } = useLocation();
  const routes = useMemo(() => definitionsOf(children), [children]);
  const parentMatch = parent.matches[parent.matches.length - 1];
  const base = parentMatch?.pathnameBase ?? '/';
  const rest = base === '/' ? pathname : pathname.slice(base.length) || '/';
  const found = matchRoutes(routes, rest);
  if (!found) return null;
  const inherited = parentMatch?.params ?? {};
  const matches = found.map((match) => ({
    ...match,
    params: { ...inherited, ...match.params },
    pathname: joinPaths(base, match.pathname),
    pathnameBase: match.pathnameBase === '/' ? base : joinPaths(base, match.pathnameBase),
  }));
  // Innermost first: each element gets the one inside it as its outlet.
  let outlet: ReactNode = null;
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const value = { matches: [...parent.matches, ...matches.slice(0, i + 1)], outlet };
    const element = matches[i]!.route.element;
    outlet = <RouteContext value={value}>{element === undefined ? <Outlet /> : element}</RouteContext>;
  }
  return outlet;
}

/** Where a route's element shows its matching child route. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}
