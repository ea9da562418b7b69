/**
 * The path of a call to an endpoint, from its declared path and its path parameters (docs/api.md
 * "Conventions"): the client names the endpoint and gives typed parameters instead of writing the
 * path by hand, so a renamed path or parameter is a type error, not a 404.
 */
import type { z } from 'zod';
import type { Endpoint } from './endpoint.ts';

/** The path parameters an endpoint takes, as the caller gives them. */
export type PathParams<E extends Endpoint> = E['params'] extends z.ZodType
  ? z.input<E['params']>
  : Record<string, never>;

/** `/api/v3/groups/:id/fiches` with `{ id: 5 }` → `/api/v3/groups/5/fiches`; every value is encoded. */
export function pathOf<E extends Endpoint>(endpoint: E, params: PathParams<E>): string {
  const values = params as Record<string, unknown>;
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
