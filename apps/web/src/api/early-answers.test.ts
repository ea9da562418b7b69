import { EARLY_ANSWERS_ELEMENT_ID } from '@creneau/contract/early-answers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from './client.ts';
import { resetEarlyAnswers } from './early-answers.ts';
import { setSessionToken } from './session-token.ts';

/** The page as the server writes it: the answers' element at the end of the body. */
function pageWithAnswers(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = EARLY_ANSWERS_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  document.getElementById(EARLY_ANSWERS_ELEMENT_ID)?.remove();
  resetEarlyAnswers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const GROUP_KEY = '/v3/services/groups/demo-salon.json?results=all';

describe('answers in the first HTML', () => {
  it('answer the first call of their address without a request, and the next call asks the server', async () => {
    pageWithAnswers(JSON.stringify({ [GROUP_KEY]: { urlname: 'demo-salon', from: 'page' } }));
    const fetch = vi.fn(async () => new Response('{"urlname":"demo-salon","from":"server"}'));
    vi.stubGlobal('fetch', fetch);
    expect(await apiGet('/v3/services/groups/demo-salon.json')).toEqual({
      urlname: 'demo-salon',
      from: 'page',
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(await apiGet('/v3/services/groups/demo-salon.json')).toEqual({
      urlname: 'demo-salon',
      from: 'server',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('do not answer a call with other parameters (a session token) or another address', async () => {
    pageWithAnswers(
      JSON.stringify({
        [GROUP_KEY]: { from: 'page' },
        '/v3/sessions/current.json?results=all': { logged: false },
      }),
    );
    const fetch = vi.fn(async () => new Response('{"from":"server"}'));
    vi.stubGlobal('fetch', fetch);
    setSessionToken('tok');
    expect(await apiGet('/v3/sessions/current.json')).toEqual({ from: 'server' });
    localStorage.clear();
    expect(await apiGet('/v3/services/groups/other.json')).toEqual({ from: 'server' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('that cannot be read leave every call to the server', async () => {
    pageWithAnswers('{not json');
    const fetch = vi.fn(async () => new Response('{"from":"server"}'));
    vi.stubGlobal('fetch', fetch);
    expect(await apiGet('/v3/services/groups/demo-salon.json')).toEqual({ from: 'server' });
  });
});
