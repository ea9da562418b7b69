import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CataloguePromotion, promotionAt, slotPrice } from './slot-price.ts';

const always: CataloguePromotion = {
  percent: 10,
  from_date: null,
  to_date: null,
  weekdays: null,
  from_time: null,
  to_time: null,
};
// The demo salon's "Tuesday mornings −20 %": Tuesdays from 09:30 to 12:00.
const tuesdayMornings: CataloguePromotion = {
  ...always,
  percent: 20,
  weekdays: ['tue'],
  from_time: '09:30',
  to_time: '12:00',
};
const december: CataloguePromotion = {
  ...always,
  percent: 15,
  from_date: '2026-12-01',
  to_date: '2026-12-24',
};

describe('promotion of a slot', () => {
  it('matches weekday and [from, to) time window on the local wall clock', () => {
    // 24 November 2026 is a Tuesday.
    expect(promotionAt([tuesdayMornings], '2026-11-24', '09:30')).toBe(20);
    expect(promotionAt([tuesdayMornings], '2026-11-24', '11:59')).toBe(20);
    expect(promotionAt([tuesdayMornings], '2026-11-24', '09:15')).toBeNull();
    expect(promotionAt([tuesdayMornings], '2026-11-24', '12:00')).toBeNull();
    expect(promotionAt([tuesdayMornings], '2026-11-25', '10:00')).toBeNull();
  });

  it('matches a date range inclusively and takes the best percent', () => {
    expect(promotionAt([december], '2026-12-01', '08:00')).toBe(15);
    expect(promotionAt([december], '2026-12-24', '18:00')).toBe(15);
    expect(promotionAt([december], '2026-11-30', '18:00')).toBeNull();
    expect(promotionAt([december], '2026-12-25', '08:00')).toBeNull();
    expect(promotionAt([always, december], '2026-12-02', '08:00')).toBe(15);
    expect(promotionAt([always, december], '2026-11-02', '08:00')).toBe(10);
    expect(promotionAt([], '2026-11-02', '08:00')).toBeNull();
  });

  it('prices each line with its own promotion', () => {
    const cut = { listCents: 4500, promotions: [tuesdayMornings] };
    const care = { listCents: 2000, promotions: [] };
    expect(slotPrice([cut, care], '2026-11-24', '10:00')).toEqual({ listCents: 6500, priceCents: 5600 });
    expect(slotPrice([cut, care], '2026-11-24', '14:00')).toEqual({ listCents: 6500, priceCents: 6500 });
    expect(slotPrice([cut, { listCents: null, promotions: [] }], '2026-11-24', '10:00')).toBeNull();
    expect(slotPrice([], '2026-11-24', '10:00')).toBeNull();
  });

  it('never charges more than the list price nor less than zero (property)', () => {
    const promotion = fc.record({
      percent: fc.integer({ min: 1, max: 100 }),
      from_date: fc.constantFrom(null, '2026-11-01', '2026-12-01'),
      to_date: fc.constantFrom(null, '2026-11-30', '2026-12-31'),
      weekdays: fc.option(fc.subarray(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])),
      from_time: fc.constantFrom(null, '08:00', '12:00'),
      to_time: fc.constantFrom(null, '12:00', '18:00'),
    });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ listCents: fc.integer({ min: 0, max: 1_000_000 }), promotions: fc.array(promotion) }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 23 * 60 + 59 }),
        (items, dayOffset, minute) => {
          const date = new Date(Date.UTC(2026, 10, 1 + dayOffset)).toISOString().slice(0, 10);
          const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          const price = slotPrice(items, date, time)!;
          expect(price.listCents).toBe(items.reduce((sum, item) => sum + item.listCents, 0));
          expect(price.priceCents).toBeGreaterThanOrEqual(0);
          expect(price.priceCents).toBeLessThanOrEqual(price.listCents);
          // Without any running promotion the price is the list price.
          const running = items.some((item) => promotionAt(item.promotions, date, time) !== null);
          if (!running) expect(price.priceCents).toBe(price.listCents);
        },
      ),
    );
  });
});
