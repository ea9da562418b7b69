import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_SESSION, fetchCurrentSession } from './session-current.ts';

afterEach(() => vi.unstubAllGlobals());

describe('fetchCurrentSession', () => {
  it('returns the session the server describes', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({ logged: true, type: 'pro', groups: [{ id: 1, name: 'A', urlname: 'a' }] }),
          {
            status: 200,
          },
        ),
    );
    const session = await fetchCurrentSession();
    expect(session.logged).toBe(true);
    expect(session.type).toBe('pro');
    expect(session.groups).toHaveLength(1);
    expect(session.needPasswordChange).toBe(false);
  });

  it.each([
    [401, '{"message":"expiredConnection"}'],
    [404, '{"message":"notFound"}'],
    [500, 'oops'],
  ])('counts a %i as not logged, so start-up goes on', async (status, body) => {
    vi.stubGlobal('fetch', async () => new Response(body, { status }));
    expect(await fetchCurrentSession()).toEqual(ANONYMOUS_SESSION);
  });

  it('counts an unreachable server as not logged', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    expect(await fetchCurrentSession()).toEqual(ANONYMOUS_SESSION);
  });
});
