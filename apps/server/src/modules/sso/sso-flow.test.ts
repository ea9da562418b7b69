import { describe, expect, it } from 'vitest';
import { isProviderUnreachable } from './sso-errors.ts';
import { newState, urlnameFromState } from './sso-flow-cookie.ts';

describe('the state parameter', () => {
  it('is fresh every time and names the group after a dot', () => {
    const a = newState('salon-test');
    const b = newState('salon-test');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\w-]{43}\.salon-test$/);
    expect(urlnameFromState(a)).toBe('salon-test');
  });

  it('yields no group when the state was not one of ours', () => {
    for (const state of [
      undefined,
      '',
      'no-dot',
      'abc.',
      'abc.UPPER',
      'abc.../etc',
      'abc.a',
      `abc.${'a'.repeat(80)}`,
      42,
    ]) {
      expect([state, urlnameFromState(state)]).toEqual([state, undefined]);
    }
  });
});

describe('isProviderUnreachable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('something went wrong'), { cause });

  it('blames the provider for network failures, timeouts and 5xx answers, however deep', () => {
    expect(isProviderUnreachable(new TypeError('fetch failed'))).toBe(true);
    expect(isProviderUnreachable(wrapped(new DOMException('timed out', 'TimeoutError')))).toBe(true);
    expect(isProviderUnreachable(wrapped(wrapped({ status: 503 })))).toBe(true);
  });

  it('does not blame it for a refused code or an invalid token', () => {
    expect(isProviderUnreachable(Object.assign(new Error('invalid_grant'), { status: 400 }))).toBe(false);
    expect(isProviderUnreachable(wrapped({ status: 401 }))).toBe(false);
    expect(isProviderUnreachable(new Error('unexpected JWT claim value encountered'))).toBe(false);
    expect(isProviderUnreachable('nope')).toBe(false);
  });
});
