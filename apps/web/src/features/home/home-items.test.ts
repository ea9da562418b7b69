import { describe, expect, it } from 'vitest';
import type { Intervention } from '../../api/interventions.ts';
import { MAX_LISTED, pickListed, preselectionOf, serviceItem, stepOfListing } from './home-items.ts';

const service = (id: number, over: Partial<Intervention> = {}): Intervention => ({
  id,
  type: 'free',
  externid: `s${id}`,
  name: `Service ${id}`,
  publicname: '',
  description: null,
  thumbnail: null,
  sort: id,
  deleted: false,
  interventionset_id: null,
  price: 1000,
  length: 30,
  promotions: [],
  videoconference: false,
  skippable_agenda: false,
  need_resource: false,
  only_package: false,
  merged: false,
  abbr: null,
  config: null,
  ...over,
});

describe('home page items (docs/requirements/booking-flow.md §2 screen 7)', () => {
  it('lists the chosen items in the chosen order, at most six', () => {
    const all = Array.from({ length: 10 }, (_, i) => service(i + 1));
    expect(pickListed(all, [9, 2, 5]).map((s) => s.id)).toEqual([9, 2, 5]);
    expect(pickListed(all, []).length).toBe(MAX_LISTED);
    expect(pickListed(all, [1, 2, 3, 4, 5, 6, 7, 8]).length).toBe(MAX_LISTED);
    expect(pickListed(all, [42])).toEqual([]);
  });

  it('shows the public name, the best promotion and the pack price', () => {
    const promo = {
      id: 1,
      label: 'x',
      percent: 10,
      from_date: null,
      to_date: null,
      weekdays: null,
      from_time: null,
      to_time: null,
    };
    const item = serviceItem(
      service(3, { publicname: 'Coupe', promotions: [promo, { ...promo, percent: 25 }] }),
    );
    expect(item.name).toBe('Coupe');
    expect(item.promotion).toBe(25);
    const pack = serviceItem(service(4, { type: 'pack', price: null, total_price: 9900 }));
    expect(pack.kind).toBe('pack');
    expect(pack.price).toBe(9900);
  });

  it('preselects each kind with its own parameter and leads "see more" to the matching step', () => {
    expect(preselectionOf({ kind: 'category', id: 3 })).toEqual(['interventionset_ids', '3']);
    expect(preselectionOf({ kind: 'service', id: 4 })).toEqual(['intervention_ids', '4']);
    expect(preselectionOf({ kind: 'pack', id: 5 })).toEqual(['pack_id', '5']);
    expect(stepOfListing('category')).toBe('interventionset_ids');
    expect(stepOfListing('package')).toBe('intervention_ids');
  });
});
