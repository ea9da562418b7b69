// @vitest-environment jsdom
import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastRetryAt, useBusyStore } from '../lib/busy-store.ts';
import { BUSY_MAX_RETRIES } from './busy-retry.ts';
import { ApiError, apiGet, apiPost, apiUpload, errorKeyOf, NetworkError } from './client.ts';
import { getSessionToken, setSessionToken } from './session-token.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('errorKeyOf (docs/requirements/booking-flow.md §8 general rule)', () => {
  it('takes the first item of an error list', () => {
    expect(errorKeyOf([{ error: 'credentialError', translate_key: 'x' }])).toBe('credentialError');
    expect(errorKeyOf(['blockedUser'])).toBe('blockedUser');
  });
  it('takes v3 messages.errors, then message', () => {
    expect(errorKeyOf({ message: 'm', messages: { errors: ['groupDoesNotExist'] } })).toBe(
      'groupDoesNotExist',
    );
    expect(errorKeyOf({ message: 'availabletimeslots' })).toBe('availabletimeslots');
  });
  it('falls back to expiredConnection', () => {
    expect(errorKeyOf(null)).toBe('expiredConnection');
    expect(errorKeyOf({})).toBe('expiredConnection');
  });
});

describe('apiGet', () => {
  it('sends the api key, results=all, the token and credentials', async () => {
    setSessionToken('tok123');
    const fetch = vi.fn(async () => new Response('{"records":[]}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await apiGet('/v3/groups/5/calendars', { locale: 'fr' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v3/groups/5/calendars?apikey=creneau-dev&results=all&locale=fr&token=tok123');
    expect(init.credentials).toBe('include');
  });

  it('turns a failure into an ApiError with the spec key, and clears an expired token', async () => {
    setSessionToken('old');
    vi.stubGlobal('fetch', async () => new Response('{"message":"expiredConnection"}', { status: 401 }));
    const error = await apiGet('/v3/sessions/current.json').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).key).toBe('expiredConnection');
    expect(getSessionToken()).toBeNull();
  });

  it('keeps the body for details (the inactive group)', async () => {
    const body = {
      message: 'groupDoesNotExist',
      messages: { errors: ['groupDoesNotExist'] },
      group: { inactive: true },
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 404 }));
    const error = (await apiGet('/v3/services/groups/x.json').catch((e: unknown) => e)) as ApiError;
    expect(error.key).toBe('groupDoesNotExist');
    expect(error.body).toEqual(body);
  });

  it('reports an unreachable server as a NetworkError', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiGet('/urlname')).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('apiUpload (docs/back-office.md "Images")', () => {
  it('sends the file as its bytes, not as JSON, and reads the JSON answer', async () => {
    const fetch = vi.fn(async () => new Response('{"hash":"h"}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const answer = await apiUpload(backofficeRoutes.uploadImage, { params: { id: 7 } }, file);
    expect(answer).toEqual({ hash: 'h' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/api\/v3\/admin\/groups\/7\/images\?apikey=/);
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({ 'content-type': 'application/octet-stream' });
  });
});

describe('a busy server: 503 with Retry-After (docs/operations.md "Under overload")', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    // Half the jitter: a 2 s Retry-After waits 2.5 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const busyAnswer = () =>
    new Response(JSON.stringify({ message: 'serverBusy', messages: { errors: ['serverBusy'] } }), {
      status: 503,
      headers: { 'retry-after': '2' },
    });
  /** A fetch that answers busy `times` times, then `{"records":[1]}`. */
  const busyThenOk = (times: number) => {
    let calls = 0;
    return vi.fn(async () =>
      calls++ < times ? busyAnswer() : new Response('{"records":[1]}', { status: 200 }),
    );
  };
  const waiting = () => lastRetryAt(useBusyStore.getState().waits);

  it('asks a read again after the delay plus jitter, listed as waiting until it is through', async () => {
    const fetch = busyThenOk(2);
    vi.stubGlobal('fetch', fetch);
    const call = apiGet('/v3/groups/5/calendars');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(waiting()).toBe(Date.now() + 2500);
    await vi.advanceTimersByTimeAsync(2499);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(waiting()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(2500);
    await expect(call).resolves.toEqual({ records: [1] });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(waiting()).toBeNull();
  });

  it('repeats a write with its Idempotency-Key, the same key and body each time', async () => {
    const fetch = busyThenOk(1);
    vi.stubGlobal('fetch', fetch);
    const call = apiPost(
      '/v3/appointments',
      { appointment: { date: 'x' } },
      {},
      {
        headers: { 'Idempotency-Key': 'attempt-1' },
      },
    );
    await vi.advanceTimersByTimeAsync(2500);
    await expect(call).resolves.toEqual({ records: [1] });
    const sent = (fetch.mock.calls as unknown as [string, RequestInit][]).map(([, init]) => init);
    expect(sent).toHaveLength(2);
    for (const init of sent) {
      expect(init.headers).toMatchObject({ 'Idempotency-Key': 'attempt-1' });
      expect(init.body).toBe('{"appointment":{"date":"x"}}');
    }
  });

  it('never repeats a write without an Idempotency-Key: the page sees the 503 at once', async () => {
    const fetch = busyThenOk(1);
    vi.stubGlobal('fetch', fetch);
    const error = await apiPost('/v3/sessions/login.json', { credentials: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).key]).toEqual([503, 'serverBusy']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(waiting()).toBeNull();
  });

  it(`gives up after ${BUSY_MAX_RETRIES} retries and reports the 503`, async () => {
    const fetch = busyThenOk(Number.POSITIVE_INFINITY);
    vi.stubGlobal('fetch', fetch);
    const outcome = apiGet('/v3/groups/5/calendars').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2500 * BUSY_MAX_RETRIES);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).key).toBe('serverBusy');
    expect(fetch).toHaveBeenCalledTimes(BUSY_MAX_RETRIES + 1);
    expect(waiting()).toBeNull();
  });

  it('stops waiting when the page no longer wants the answer', async () => {
    const fetch = busyThenOk(1);
    vi.stubGlobal('fetch', fetch);
    const controller = new AbortController();
    const outcome = apiGet('/v3/groups/5/calendars', {}, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    expect(((await outcome) as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(waiting()).toBeNull();
  });
});
