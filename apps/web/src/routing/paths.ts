/**
 * The router's path rules (docs/decisions/018-own-router.md), with React Router's meaning so the
 * app's route tables and links kept theirs: a route's pattern (`book`, `:urlname`, `admin/*`)
 * matches a path case-insensitively, the most specific of a table's routes wins whatever their
 * order, and a relative link is resolved against the route that renders it.
 */

/** A place in the app, as links and `navigate` take it: a string, or its parts. */
export interface Path {
  pathname: string;
  search: string;
  hash: string;
}
export type To = string | Partial<Path>;

/** `/a/b?x=1#top` into its parts. */
export function parsePath(text: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = text;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parts.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parts.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parts.pathname = rest;
  return parts;
}

/** The address of a place: `/a/b?x=1#top` (an empty `?` or `#` is left out). */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  let text = pathname;
  if (search && search !== '?') text += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') text += hash.startsWith('#') ? hash : `#${hash}`;
  return text;
}

const squeeze = (path: string) => path.replace(/[\\/]{2,}/g, '/');
const join = (...paths: string[]) => squeeze(paths.join('/'));
const withoutTrailingSlash = (path: string) => path.replace(/\/+$/, '') || '/';

/** Walks `relative` (segments, `.` and `..`) from the absolute path `from`. */
function walk(relative: string, from: string): string {
  const segments = from.replace(/\/+$/, '').split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') segments.push(segment);
  }
  return segments.length > 1 ? segments.join('/') : '/';
}

/**
 * Where `to` leads from a route. `routePaths` are the paths of the routes rendering the link, outer
 * first (see `resolvingPaths`); a path without a pathname stays on the current one; `..` climbs a
 * route, or with `byPath` a segment of the current path.
 */
export function resolveTo(
  to: To,
  routePaths: readonly string[],
  currentPathname: string,
  byPath = false,
): Path {
  const target = typeof to === 'string' ? parsePath(to) : { ...to };
  const empty = to === '' || target.pathname === '';
  const toPathname = empty ? '/' : target.pathname;
  let from: string;
  if (toPathname == null) from = currentPathname;
  else {
    let index = routePaths.length - 1;
    if (!byPath && toPathname.startsWith('..')) {
      const segments = toPathname.split('/');
      while (segments[0] === '..') {
        segments.shift();
        index -= 1;
      }
      target.pathname = segments.join('/');
    }
    from = index >= 0 ? routePaths[index]! : '/';
  }
  const relative = target.pathname ? squeeze(target.pathname) : '';
  let pathname = !relative
    ? from
    : /^[\\/]/.test(relative)
      ? walk(relative.slice(1), '/')
      : walk(relative, from);
  // A trailing slash asked for, or kept from the current path by "." or "", stays.
  const keepSlash =
    (toPathname && toPathname !== '/' && toPathname.endsWith('/')) ||
    ((empty || toPathname === '.') && currentPathname.endsWith('/'));
  if (keepSlash && !pathname.endsWith('/')) pathname += '/';
  const search =
    target.search && target.search !== '?'
      ? target.search.startsWith('?')
        ? target.search
        : `?${target.search}`
      : '';
  const hash =
    target.hash && target.hash !== '#' ? (target.hash.startsWith('#') ? target.hash : `#${target.hash}`) : '';
  return { pathname, search, hash };
}

/** A route as a table declares it. */
export interface RouteDefinition<Element = unknown> {
  path?: string;
  index?: boolean;
  element?: Element;
  children?: RouteDefinition<Element>[];
}

export type Params = Record<string, string | undefined>;

/** One route of the chain that matched a path, outer first. */
export interface RouteMatch<Element = unknown> {
  route: RouteDefinition<Element>;
  params: Params;
  /** The part of the path this route and its parents matched (with a splat's rest). */
  pathname: string;
  /** The same, without a splat's rest: what its children's paths are relative to. */
  pathnameBase: string;
}

interface PatternMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
}

/** A pattern made into its expression once: the route tables are matched again at every render. */
interface CompiledPattern {
  expression: RegExp;
  names: string[];
}
const compiled = new Map<string, CompiledPattern>();

function compile(pattern: string, end: boolean): CompiledPattern {
  const key = `${end ? 'end' : 'prefix'} ${pattern}`;
  const known = compiled.get(key);
  if (known) return known;
  const names: string[] = [];
  let source = `^${pattern
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    })}`;
  const splat = pattern.endsWith('*');
  if (splat) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) source += '\\/*$';
  else if (pattern !== '' && pattern !== '/') source += '(?:(?=\\/|$))';
  const result = { expression: new RegExp(source, 'i'), names };
  compiled.set(key, result);
  return result;
}

/**
 * Matches one route's pattern at the start of `pathname` (the whole of it when `end`): static
 * segments case-insensitively, `:name` one segment, a final `*` the rest.
 */
export function matchPattern(pattern: string, pathname: string, end: boolean): PatternMatch | null {
  const { expression, names } = compile(pattern, end);
  const found = expression.exec(pathname);
  if (!found) return null;
  const matched = found[0];
  let pathnameBase = matched.replace(/(.)\/+$/, '$1');
  const params: Params = {};
  names.forEach((name, i) => {
    const value = found[i + 1] ?? '';
    if (name === '*') pathnameBase = matched.slice(0, matched.length - value.length).replace(/(.)\/+$/, '$1');
    params[name] = value.replace(/%2F/g, '/');
  });
  return { params, pathname: matched, pathnameBase };
}

interface Branch<Element> {
  routes: RouteDefinition<Element>[];
  /** The routes' positions among their siblings, outer first: ties keep the table's order. */
  positions: number[];
  score: number;
}

/** How specific a full pattern is: static segments count most, a splat least, an index route a little. */
function specificity(path: string, index: boolean): number {
  const segments = path.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

/** Every route that can end a match (those with a path, and index routes), with its parents. */
function branchesOf<Element>(
  routes: RouteDefinition<Element>[],
  parents: RouteDefinition<Element>[] = [],
  parentPositions: number[] = [],
  parentPath = '',
  into: Branch<Element>[] = [],
): Branch<Element>[] {
  routes.forEach((route, position) => {
    const chain = [...parents, route];
    const positions = [...parentPositions, position];
    const path = join(parentPath, route.path ?? '');
    if (route.children?.length) branchesOf(route.children, chain, positions, path, into);
    if (route.path == null && !route.index) return;
    into.push({ routes: chain, positions, score: specificity(path, route.index === true) });
  });
  return into;
}

function sameParents(a: number[], b: number[]): boolean {
  return a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
}

function matchBranch<Element>(branch: Branch<Element>, pathname: string): RouteMatch<Element>[] | null {
  const params: Params = {};
  let matchedPathname = '/';
  const matches: RouteMatch<Element>[] = [];
  for (const [i, route] of branch.routes.entries()) {
    const rest = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const found = matchPattern(route.path ?? '', rest, i === branch.routes.length - 1);
    if (!found) return null;
    Object.assign(params, found.params);
    matches.push({
      route,
      params,
      pathname: join(matchedPathname, found.pathname),
      pathnameBase: withoutTrailingSlash(join(matchedPathname, found.pathnameBase)),
    });
    if (found.pathnameBase !== '/') matchedPathname = join(matchedPathname, found.pathnameBase);
  }
  return matches;
}

/** Each segment decoded, as routes compare them (an encoded slash stays encoded). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The chain of routes that shows `pathname`, outer first, or null when no route matches it. */
export function matchRoutes<Element>(
  routes: RouteDefinition<Element>[],
  pathname: string,
): RouteMatch<Element>[] | null {
  const branches = branchesOf(routes).sort((a, b) =>
    a.score !== b.score
      ? b.score - a.score
      : sameParents(a.positions, b.positions)
        ? a.positions[a.positions.length - 1]! - b.positions[b.positions.length - 1]!
        : 0,
  );
  const decoded = decodePath(pathname);
  for (const branch of branches) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}

/**
 * The paths a relative link resolves against, outer first: each route with a path (and the first)
 * gives its base, the last its whole matched path.
 */
export function resolvingPaths(matches: readonly RouteMatch<unknown>[]): string[] {
  const contributing = matches.filter((match, i) => i === 0 || (match.route.path?.length ?? 0) > 0);
  return contributing.map((match, i) =>
    i === contributing.length - 1 ? match.pathname : match.pathnameBase,
  );
}

export { join as joinPaths };
