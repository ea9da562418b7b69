/**
 * Requests built from an endpoint's declaration, for clients: the path with its parameters filled,
 * and the types of the parameters, query and body a caller gives, taken from the endpoint's
 * schemas (their input side: what is sent, before the server parses it). A parameter the
 * endpoint does not declare, or one it needs and is not given, is then a type error in the client.
 */
import type { z } from 'zod';
import type { Endpoint } from './endpoint.ts';

/**
 * Every path of the API starts with it. Clients keep it in their base URL (the web client's
 * `${apiBase}/api`), so the paths they route and cache by are the part after it.
 */
export const API_PREFIX = '/api';

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** The path parameters of an endpoint, as a caller gives them. */
export type ParamsOf<E extends Endpoint> = InputOf<E['params']>;
/** The query of an endpoint, as a caller gives it (the common parameters included). */
export type QueryOf<E extends Endpoint> = InputOf<E['querystring']>;
/** The body of an endpoint, as a caller sends it. */
export type BodyOf<E extends Endpoint> = InputOf<E['body']>;

/** Required when the schema has required keys, optional when everything in it is optional. */
type Part<Key extends string, S> = [S] extends [z.ZodType]
  ? object extends z.input<S>
    ? { [K in Key]?: z.input<S> }
    : { [K in Key]: z.input<S> }
  : { [K in Key]?: never };

/** What a call to an endpoint needs: its path parameters, query and body, each where declared. */
export type RequestOf<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['querystring']> &
  Part<'body', E['body']>;

/**
 * The part of an endpoint a client needs at run time — its method and path — carrying the whole
 * endpoint as a type. Clients address calls by routes, not endpoints: an endpoint brings its zod
 * schemas (and zod) along, which a browser bundle must not pay for (docs/web-app.md "Tests and
 * budget").
 */
export interface Route<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never set: the endpoint, for the types of the call's parts and answer. */
  readonly endpoint?: E;
}

/** An endpoint's route; the literal method and path must be the endpoint's own. */
export const route = <E extends Endpoint>(method: E['method'], path: E['path']): Route<E> => ({
  method,
  path,
});

/** A request ready to send: the method, the path below API_PREFIX, the query and the body. */
export interface BuiltRequest<E extends Endpoint> {
  method: E['method'];
  path: string;
  query: QueryOf<E> | Record<string, never>;
  body: BodyOf<E> | undefined;
}

const PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * The route's path with its `:name` parameters filled (each encoded as one path segment) and
 * API_PREFIX removed. Throws on a parameter the path needs and was not given, which the types
 * already refuse, so that an untyped caller fails here rather than with a request to `/:id`.
 */
export function pathOf<E extends Endpoint>(
  route: Route<E>,
  ...[params]: [E['params']] extends [z.ZodType] ? [params: ParamsOf<E>] : []
): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const filled = route.path.replace(PARAMETER, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${route.method} ${route.path}: no value for the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return filled.startsWith(`${API_PREFIX}/`) ? filled.slice(API_PREFIX.length) : filled;
}

/** The method, path, query and body of a call. */
export function requestOf<E extends Endpoint>(route: Route<E>, request: RequestOf<E>): BuiltRequest<E> {
  const parts = request as { params?: unknown; query?: QueryOf<E>; body?: BodyOf<E> };
  const path = (pathOf as (route: Route<E>, params?: unknown) => string)(route, parts.params);
  return { method: route.method, path, query: parts.query ?? {}, body: parts.body };
}
