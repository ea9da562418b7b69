/**
 * The one place the web app talks HTTP to the server. Every call carries the api key and
 * results=all (docs/requirements/booking-flow.md §7), the session token when there is one, and credentials; every failure
 * becomes an ApiError whose `key` follows the spec's rule (§8): the first item of the error list,
 * else v3 `messages.errors[0]`, else `message`, else expiredConnection. A 503 that says when to
 * come back is retried here, before anyone sees it (busy-retry.ts).
 */
import type { AnswerOf, Endpoint } from '@creneau/contract/endpoint';
import { type RequestOf, type Route, requestOf } from '@creneau/contract/request-path';
import { type BusyWait, startBusyWait } from '../lib/busy-store.ts';
import { appConfig } from '../lib/config.ts';
import { normalizeErrorBody, routeCall } from './api-generation.ts';
import { busyRetryDelay, hasIdempotencyKey } from './busy-retry.ts';
import { counted } from './calls-in-flight.ts';
import { encodeQuery, type QueryParams } from './query-encoding.ts';
import { clearSessionToken, getSessionToken } from './session-token.ts';

/** A failed call: HTTP status, the spec's error key, and the parsed body for callers needing details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly body: unknown,
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

/** Thrown when the request never got an answer (offline, DNS, aborted server). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('An error occurred, please try again later...', { cause });
    this.name = 'NetworkError';
  }
}

/** The spec's error-message rule applied to a response body. */
export function errorKeyOf(body: unknown): string {
  if (Array.isArray(body)) {
    const first = body[0] as { error?: unknown; translate_key?: unknown } | string | undefined;
    if (typeof first === 'string') return first;
    if (first && typeof first.error === 'string') return first.error;
  }
  if (body && typeof body === 'object') {
    const b = body as { messages?: { errors?: unknown[] }; message?: unknown; errors?: unknown[] };
    const fromList = b.messages?.errors?.[0] ?? b.errors?.[0];
    if (typeof fromList === 'string' && fromList) return fromList;
    if (fromList && typeof fromList === 'object' && 'error' in fromList) {
      const error = (fromList as { error: unknown }).error;
      if (typeof error === 'string') return error;
    }
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return 'expiredConnection';
}

interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Send the session token (default: whenever one is stored). */
  withToken?: boolean;
  /** Extra request headers (e.g. Idempotency-Key on a booking). */
  headers?: Record<string, string>;
}

interface Exchange {
  status: number;
  retryAfter: string | null;
  parsed: unknown;
  token: string | null;
  /** The group's API generation's conversion of a successful answer (api-generation.ts). */
  reshape: ((body: unknown) => unknown) | undefined;
}

/** One round trip: the request as sent, the answer's status, Retry-After and parsed body. */
async function exchange(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  params: QueryParams,
  body: unknown,
  options: RequestOptions,
): Promise<Exchange> {
  const token = options.withToken === false ? null : getSessionToken();
  // The group's API generation decides the real path and answer form (api-generation.ts).
  const routed = routeCall(method, path, params, body);
  const query = encodeQuery({
    apikey: appConfig.apiKey,
    results: 'all',
    ...routed.params,
    token: token ?? undefined,
  });
  // Counted until the body is read: what waits for the page's answers (calls-in-flight.ts) waits for this.
  const { response, text } = await counted(async () => {
    let response: Response;
    try {
      response = await fetch(`${appConfig.apiBase}/api${routed.path}?${query}`, {
        method,
        credentials: 'include',
        headers: {
          ...(body === undefined
            ? { accept: 'application/json' }
            : { 'content-type': body instanceof Blob ? 'application/octet-stream' : 'application/json' }),
          ...options.headers,
        },
        // A file goes as its bytes (an upload: docs/back-office.md "Images"), anything else as JSON.
        body: body === undefined ? null : body instanceof Blob ? body : JSON.stringify(body),
        signal: options.signal ?? null,
      });
    } catch (cause) {
      if ((cause as { name?: string })?.name === 'AbortError') throw cause;
      throw new NetworkError(cause);
    }
    return { response, text: await response.text() };
  });
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  const retryAfter = response.headers.get('retry-after');
  return { status: response.status, retryAfter, parsed, token, reshape: routed.answer };
}

/** Waits `ms`, or rejects as fetch does when the caller gives up (the page moved on). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  params: QueryParams,
  body: unknown,
  options: RequestOptions,
): Promise<T> {
  // A busy server (503 with Retry-After) is asked again after the delay it gives, while the busy
  // banner counts down; the page keeps what it shows and what was typed (busy-retry.ts).
  let busy: BusyWait | undefined;
  try {
    for (let retry = 1; ; retry++) {
      const answer = await exchange(method, path, params, body, options);
      const delay = busyRetryDelay(
        {
          status: answer.status,
          retryAfter: answer.retryAfter,
          method,
          idempotent: hasIdempotencyKey(options.headers),
          retry,
        },
        Date.now(),
        Math.random,
      );
      if (delay !== undefined) {
        busy ??= startBusyWait();
        busy.retryAt(Date.now() + delay);
        await pause(delay, options.signal);
        continue;
      }
      if (answer.status >= 400) {
        const key = errorKeyOf(answer.parsed);
        // docs/requirements/booking-flow.md §8: an expired connection clears the stored token.
        if (key === 'expiredConnection' && answer.token) clearSessionToken();
        throw new ApiError(answer.status, key, normalizeErrorBody(answer.parsed));
      }
      return (answer.reshape ? answer.reshape(answer.parsed) : answer.parsed) as T;
    }
  } finally {
    busy?.end();
  }
}

/** GET /api{path} with the common parameters. */
export function apiGet<T>(path: string, params: QueryParams = {}, options: RequestOptions = {}): Promise<T> {
  return request<T>('GET', path, params, undefined, options);
}

/** POST /api{path} with a JSON body and the common parameters. */
export function apiPost<T>(
  path: string,
  body: unknown,
  params: QueryParams = {},
  options: RequestOptions = {},
): Promise<T> {
  return request<T>('POST', path, params, body, options);
}

/** PUT /api{path} with a JSON body and the common parameters. */
export function apiPut<T>(
  path: string,
  body: unknown,
  params: QueryParams = {},
  options: RequestOptions = {},
): Promise<T> {
  return request<T>('PUT', path, params, body, options);
}

/**
 * A call declared by the API contract (packages/contract): its method and path come from the
 * endpoint's route (`routes` of @creneau/contract/routes, which carries no zod), its parameters,
 * query and body are typed by the endpoint's schemas, and its answer by the endpoint's.
 */
export function apiCall<E extends Endpoint>(
  route: Route<E>,
  call: RequestOf<E>,
  options: RequestOptions = {},
): Promise<AnswerOf<E>> {
  const built = requestOf(route, call);
  // A POST without a declared body (logout) still sends an empty JSON object, as it always has.
  const body = built.body ?? (built.method === 'GET' ? undefined : {});
  return request<AnswerOf<E>>(built.method, built.path, built.query as QueryParams, body, options);
}

/** A call of the contract whose body is a file's bytes (an image upload), answered in JSON. */
export function apiUpload<E extends Endpoint>(
  route: Route<E>,
  call: RequestOf<E>,
  file: Blob,
  options: RequestOptions = {},
): Promise<AnswerOf<E>> {
  const built = requestOf(route, call);
  return request<AnswerOf<E>>(built.method, built.path, built.query as QueryParams, file, options);
}

/** True for the errors that mean "the group does not exist or is inactive". */
export function isGroupMissing(error: unknown): error is ApiError {
  return error instanceof ApiError && error.key === 'groupDoesNotExist';
}
