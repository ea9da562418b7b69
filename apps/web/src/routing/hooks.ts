/** The router's hooks (docs/decisions/018-own-router.md), with React Router's meaning. */
import { useCallback, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import { RouteContext, useRouter } from './context.ts';
import type { Location, NavigationType } from './history.ts';
import { type Params, type Path, resolveTo, resolvingPaths, type To } from './paths.ts';

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().action;
}

/** The values of the path's `:name` segments (and `*`) of the routes around the caller. */
export function useParams<T extends Params = Params>(): Partial<T> {
  const { matches } = useContext(RouteContext);
  return (matches[matches.length - 1]?.params ?? {}) as Partial<T>;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** 'path': `..` climbs a segment of the current path rather than a route. */
  relative?: 'route' | 'path';
}

export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
};

/** Where `to` leads from the route around the caller. */
export function useResolve(): (to: To, relative?: 'route' | 'path') => Path {
  const { matches } = useContext(RouteContext);
  const { pathname } = useLocation();
  const routePaths = JSON.stringify(resolvingPaths(matches));
  return useCallback(
    (to: To, relative?: 'route' | 'path') =>
      resolveTo(to, JSON.parse(routePaths), pathname, relative === 'path'),
    [routePaths, pathname],
  );
}

/**
 * A function that moves to another place. As React Router's, it does nothing before the caller is
 * on screen (a move belongs in an effect or an event), and changes with the path.
 */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  const resolve = useResolve();
  const mounted = useRef(false);
  useLayoutEffect(() => {
    mounted.current = true;
  });
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (!mounted.current) return;
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const path = resolve(to, options.relative);
      if (options.replace) history.replace(path, options.state);
      else history.push(path, options.state);
    },
    [history, resolve],
  ) as NavigateFunction;
}

type Init = string | URLSearchParams | Record<string, string> | [string, string][];

/** The query string's parameters, and a function that moves to the same path with others. */
export function useSearchParams(): [
  URLSearchParams,
  (next: Init | ((current: URLSearchParams) => Init), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: Init | ((current: URLSearchParams) => Init), options?: NavigateOptions) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      navigate(`?${new URLSearchParams(init)}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
