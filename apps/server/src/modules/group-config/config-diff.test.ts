import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffConfigs } from './config-diff.ts';

describe('diffConfigs', () => {
  it('finds nothing between equal documents, and something between different ones', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(diffConfigs(a, structuredClone(a))).toEqual([]);
        expect(diffConfigs(a, b).length === 0).toBe(isDeepStrictEqual(a, b));
      }),
    );
  });

  it('names each changed value by its path, and follows items by externid whatever their order', () => {
    const before = {
      name: 'Salon',
      settings: { phone: '01', open: true },
      interventions: [
        { externid: 'cut', price: 30, name: 'Coupe' },
        { externid: 'color', price: 50, name: 'Couleur' },
      ],
      opening: [['09:00', '12:00']],
    };
    const after = {
      name: 'Salon',
      settings: { phone: '02', open: true, 'extra key': 1 },
      interventions: [
        { externid: 'color', price: 55, name: 'Couleur' },
        { externid: 'beard', price: 15, name: 'Barbe' },
      ],
      opening: [['09:00', '13:00']],
    };
    expect(diffConfigs(before, after)).toEqual([
      { path: 'interventions[color].price', kind: 'changed', before: 50, after: 55 },
      { path: 'interventions[beard]', kind: 'added', after: { externid: 'beard', price: 15, name: 'Barbe' } },
      { path: 'interventions[cut]', kind: 'removed', before: { externid: 'cut', price: 30, name: 'Coupe' } },
      { path: 'opening[0][1]', kind: 'changed', before: '12:00', after: '13:00' },
      { path: 'settings["extra key"]', kind: 'added', after: 1 },
      { path: 'settings.phone', kind: 'changed', before: '01', after: '02' },
    ]);
  });
});
