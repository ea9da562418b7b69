import { URLNAME_PATTERN } from '@creneau/core/group-config/new-business';
import { describe, expect, it } from 'vitest';
import { urlnameFrom } from './urlname-from.ts';

describe('urlnameFrom', () => {
  it('makes a url name of the import’s form from a business name', () => {
    expect(urlnameFrom('Salon Écume')).toBe('salon-ecume');
    expect(urlnameFrom('  L’Atelier — Brest! ')).toBe('l-atelier-brest');
    expect(urlnameFrom('Ça & Là 2')).toBe('ca-la-2');
    for (const name of ['Été', 'x'.repeat(80), '--a--', 'Ü-Bahn 7']) {
      const urlname = urlnameFrom(name);
      expect(urlname.length).toBeLessThanOrEqual(64);
      expect(URLNAME_PATTERN.test(urlname)).toBe(true);
    }
  });
});
