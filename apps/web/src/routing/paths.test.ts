/** The router's path rules (docs/decisions/018-own-router.md). */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  createPath,
  matchPattern,
  matchRoutes,
  parsePath,
  type RouteDefinition,
  resolveTo,
} from './paths.ts';

/** The app's main table, shortened (app/router.tsx). */
const TABLE: RouteDefinition<string>[] = [
  { path: '/', element: 'root' },
  { path: '/not_found', element: 'notFound' },
  {
    path: '/:urlname',
    element: 'group',
    children: [
      { index: true, element: 'entry' },
      { path: 'home', element: 'home' },
      { path: 'admin/*', element: 'admin' },
      {
        path: 'book',
        element: 'booking',
        children: [
          { index: true, element: 'toRoot' },
          { path: 'slots', element: 'slots' },
          { path: '*', element: 'toRoot' },
        ],
      },
      { path: '*', element: 'toRoot' },
    ],
  },
];

const shown = (pathname: string, table = TABLE) =>
  matchRoutes(table, pathname)?.map((match) => match.route.element) ?? null;

describe('matchRoutes', () => {
  it('finds the chain of routes of a path, outer first', () => {
    expect(shown('/')).toEqual(['root']);
    expect(shown('/not_found')).toEqual(['notFound']);
    expect(shown('/acme')).toEqual(['group', 'entry']);
    expect(shown('/acme/')).toEqual(['group', 'entry']);
    expect(shown('/acme/home')).toEqual(['group', 'home']);
    expect(shown('/acme/book')).toEqual(['group', 'booking', 'toRoot']);
    expect(shown('/acme/book/slots')).toEqual(['group', 'booking', 'slots']);
    expect(shown('/acme/book/nope/deeper')).toEqual(['group', 'booking', 'toRoot']);
    expect(shown('/acme/admin/customers/12')).toEqual(['group', 'admin']);
    expect(shown('/acme/whatever')).toEqual(['group', 'toRoot']);
  });

  it('compares static segments without case, and gives the params decoded', () => {
    expect(shown('/acme/BOOK/Slots')).toEqual(['group', 'booking', 'slots']);
    const matches = matchRoutes(TABLE, '/caf%C3%A9/book/slots')!;
    expect(matches[2]!.params).toEqual({ urlname: 'café' });
    expect(matches.map((m) => m.pathnameBase)).toEqual(['/café', '/café/book', '/café/book/slots']);
  });

  it('gives a splat route its rest, and its base without it', () => {
    const matches = matchRoutes(TABLE, '/acme/admin/customers/12')!;
    expect(matches[1]!.params['*']).toBe('customers/12');
    expect(matches[1]!.pathname).toBe('/acme/admin/customers/12');
    expect(matches[1]!.pathnameBase).toBe('/acme/admin');
  });

  it('picks the most specific route whatever the order of the table', () => {
    const routes: RouteDefinition<string>[] = [
      { path: '*', element: 'splat' },
      { path: ':id', element: 'param' },
      { path: 'new', element: 'static' },
      { index: true, element: 'index' },
    ];
    fc.assert(
      fc.property(fc.shuffledSubarray(routes, { minLength: routes.length }), (table) => {
        expect(shown('/new', table)).toEqual(['static']);
        expect(shown('/12', table)).toEqual(['param']);
        expect(shown('/12/x', table)).toEqual(['splat']);
        expect(shown('/', table)).toEqual(['index']);
      }),
    );
  });

  it('keeps the order of the table between equally specific routes', () => {
    const table: RouteDefinition<string>[] = [
      { path: ':a', element: 'first' },
      { path: ':b', element: 'second' },
    ];
    expect(shown('/x', table)).toEqual(['first']);
  });
});

describe('matchPattern', () => {
  it('matches a prefix up to a segment boundary when not at the end', () => {
    expect(matchPattern('book', '/book/slots', false)?.pathnameBase).toBe('/book');
    expect(matchPattern('book', '/bookings', false)).toBeNull();
    expect(matchPattern('book', '/book/slots', true)).toBeNull();
  });

  it('makes a pattern into its expression once, however often the route tables are matched', () => {
    matchPattern(':urlname/book/*', '/demo-salon/book/slots', false);
    const made = vi.spyOn(globalThis, 'RegExp');
    for (let i = 0; i < 3; i++) {
      expect(matchPattern(':urlname/book/*', '/demo-salon/book/slots', false)?.params).toEqual({
        urlname: 'demo-salon',
        '*': 'slots',
      });
    }
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});

describe('resolveTo', () => {
  it('resolves a relative path against the route, `..` climbing a route', () => {
    expect(resolveTo('12', ['/acme', '/acme/admin/customers'], '/acme/admin/customers').pathname).toBe(
      '/acme/admin/customers/12',
    );
    expect(resolveTo('../home', ['/acme', '/acme/book'], '/acme/book/slots').pathname).toBe('/acme/home');
  });

  it('climbs a path segment with relative="path"', () => {
    expect(
      resolveTo(
        { pathname: '..', search: '?q=x' },
        ['/acme', '/acme/admin/customers/12'],
        '/acme/admin/customers/12',
        true,
      ),
    ).toEqual({ pathname: '/acme/admin/customers', search: '?q=x', hash: '' });
  });

  it('keeps the current pathname when the target has none', () => {
    expect(resolveTo({ search: 'a=1' }, ['/x'], '/acme/book/slots')).toEqual({
      pathname: '/acme/book/slots',
      search: '?a=1',
      hash: '',
    });
    expect(resolveTo('?a=1', ['/x'], '/acme/map').pathname).toBe('/acme/map');
  });

  it('leads to an absolute target wherever the link is', () => {
    const segment = fc.stringMatching(/^[a-z0-9_]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.array(segment, { maxLength: 3 }),
        fc.stringMatching(/^(\?[a-z]=[0-9])?$/),
        (target, route, search) => {
          const pathname = `/${target.join('/')}`;
          const from = `/${route.join('/')}`;
          expect(resolveTo({ pathname, search }, [from], from)).toEqual({ pathname, search, hash: '' });
          expect(createPath(resolveTo(`${pathname}${search}`, [from], from))).toBe(`${pathname}${search}`);
        },
      ),
    );
  });
});

describe('parsePath and createPath', () => {
  it('split an address into its parts and back', () => {
    expect(parsePath('/a/b?x=1#top')).toEqual({ pathname: '/a/b', search: '?x=1', hash: '#top' });
    expect(createPath({ pathname: '/a', search: '?', hash: '#' })).toBe('/a');
    expect(createPath({ pathname: '/a', search: 'x=1' })).toBe('/a?x=1');
  });
});
