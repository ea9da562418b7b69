import { backofficeRoutes } from '@creneau/contract/backoffice-routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiUpload, errorKeyOf, NetworkError } from './client.ts';
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
