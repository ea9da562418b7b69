import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './sso-return-to.ts';

const ORIGIN = 'https://creneau.example';

/** How a browser would read the Location header: it must stay on this site, inside the group. */
function landing(location: string) {
  return new URL(location, ORIGIN);
}

describe('safeReturnTo', () => {
  it('keeps paths of the group, with their query and fragment', () => {
    expect(safeReturnTo('/salon', 'salon')).toBe('/salon');
    expect(safeReturnTo('/salon/', 'salon')).toBe('/salon/');
    expect(safeReturnTo('/salon/account?tab=rdv#top', 'salon')).toBe('/salon/account?tab=rdv#top');
    expect(safeReturnTo('/salon/book/slots?date=2026-12-01', 'salon')).toBe(
      '/salon/book/slots?date=2026-12-01',
    );
  });

  it('sends everything else to the group home page', () => {
    for (const raw of [
      undefined,
      42,
      ['/salon/account'],
      '',
      'salon/account',
      'https://evil.example/salon',
      '//evil.example/salon',
      '/\\evil.example/salon',
      '/\t/evil.example',
      '/\n/evil.example',
      '/salonnier/account',
      '/other/account',
      '/salon/../other',
      '/salon/%2e%2e/other',
      '/salon/%2E%2E/%2e%2e/other',
      '/./other',
      'javascript:alert(1)',
      `/salon/${'a'.repeat(3000)}`,
    ]) {
      expect([raw, safeReturnTo(raw, 'salon')]).toEqual([raw, '/salon']);
    }
  });

  it('never leaves the site or the group, whatever it is given', () => {
    const tricky = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2f',
      '%5c',
      '//',
      '\t',
      '\n',
      '@',
      ':',
      '?',
      '#',
      'salon',
      'evil.example',
      'https:',
    );
    const input = fc.oneof(
      fc.string(),
      fc.array(tricky, { maxLength: 12 }).map((parts) => parts.join('')),
      fc.webUrl(),
    );
    fc.assert(
      fc.property(input, (raw) => {
        const result = safeReturnTo(raw, 'salon');
        const url = landing(result);
        expect(url.origin).toBe(ORIGIN);
        expect(url.pathname === '/salon' || url.pathname.startsWith('/salon/')).toBe(true);
        expect(result.startsWith('/salon')).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps any ordinary path under the group unchanged', () => {
    const segment = fc.stringMatching(/^[a-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/salon/${segments.join('/')}`;
        expect(safeReturnTo(path, 'salon')).toBe(path);
      }),
    );
  });
});
