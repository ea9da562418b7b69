import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discounted, packListPrice, summarizePrices } from './pricing.ts';

describe('prices', () => {
  it('applies a promotion percent and rounds to the cent', () => {
    expect(discounted(4500, 20)).toBe(3600);
    expect(discounted(999, 15)).toBe(849); // 849.15
    expect(discounted(1005, 50)).toBe(503); // 502.5 rounds up
    expect(discounted(4500, null)).toBe(4500);
    expect(discounted(4500, 100)).toBe(0);
  });

  it('prices a pack from total_price when its price is null', () => {
    expect(packListPrice({ price: null, total_price: 9000 })).toBe(9000);
    expect(packListPrice({ price: 8000, total_price: 9000 })).toBe(8000);
    expect(packListPrice({ price: null, total_price: null })).toBeNull();
  });

  it('sums lines into subtotal, discount and total', () => {
    expect(
      summarizePrices([
        { listCents: 4500, promotion: 20 },
        { listCents: 6000, promotion: null },
        { listCents: null, promotion: 10 },
      ]),
    ).toEqual({ subtotalCents: 10500, discountCents: 900, totalCents: 9600 });
    expect(summarizePrices([{ listCents: null, promotion: null }])).toEqual({
      subtotalCents: null,
      discountCents: 0,
      totalCents: null,
    });
  });

  it('never discounts below zero nor above the list price (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (price, percent) => {
          const value = discounted(price, percent);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(price);
          expect(Number.isInteger(value)).toBe(true);
        },
      ),
    );
  });
});
