import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropIndex } from './use-reorder.ts';

describe('where a dragged row lands', () => {
  const centres = [20, 70, 120, 170];

  it('lands after every other row whose centre it passed', () => {
    expect(dropIndex(centres, 0, 20)).toBe(0);
    expect(dropIndex(centres, 0, 130)).toBe(2);
    expect(dropIndex(centres, 3, 10)).toBe(0);
    expect(dropIndex(centres, 1, 999)).toBe(3);
  });

  it('always lands on a valid position', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.nat(),
        fc.integer({ min: -500, max: 1000 }),
        (n, f, y) => {
          const list = Array.from({ length: n }, (_, i) => i * 50 + 25);
          const to = dropIndex(list, f % n, y);
          expect(to).toBeGreaterThanOrEqual(0);
          expect(to).toBeLessThan(n);
        },
      ),
    );
  });
});
