import { describe, expect, it } from 'vitest';
import { backofficeRoutes } from './backoffice-routes.ts';
import type { Endpoint } from './endpoint.ts';
import * as endpoints from './endpoints/index.ts';
import * as routes from './routes.ts';

describe('routes', () => {
  it('has every endpoint, with its method and path', () => {
    const declared = Object.entries(endpoints).flatMap(([area, module]) =>
      Object.entries(module)
        .filter(([, value]) => value && typeof value === 'object' && 'answers' in value && 'path' in value)
        .map(([name, value]) => ({
          area,
          name,
          method: (value as Endpoint).method,
          path: (value as Endpoint).path,
        })),
    );
    const listed = Object.entries({ ...routes, backoffice: backofficeRoutes }).flatMap(([area, list]) =>
      Object.entries(list).map(([name, route]) => ({ area, name, method: route.method, path: route.path })),
    );
    // The customer side's 27 endpoints and the back office's.
    expect(declared.length).toBeGreaterThan(27);
    expect(listed).toEqual(expect.arrayContaining(declared));
    expect(listed).toHaveLength(declared.length);
  });
});
