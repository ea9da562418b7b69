import { WEEKDAYS } from '@creneau/core/group-config/group-config.schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCents, priceText } from './catalogue-draft.ts';
import { breakMinutes, documentWith, draftOf, type OffersDraft, percentOf } from './offers-draft.ts';
import {
  movedItem,
  packLength,
  promotionsNaming,
  separatePrice,
  serviceChoices,
  withItem,
  withNewPack,
  withNewPromotion,
  withoutItem,
  withoutPack,
  withoutPromotion,
} from './offers-edits.ts';

const document = {
  urlname: 'demo-salon',
  name: 'Atelier',
  settings: { locale: 'fr', currency: 'EUR' },
  website: { listing: 'package', listing_ids: ['eclat', 'duo'], highlight_package: 'duo' },
  interventions: [
    { externid: 'coupe', name: 'Coupe', length: 60, price: 5200 },
    { externid: 'soin', name: 'Soin', length: 30, price: 3900 },
    { externid: 'couleur', name: 'Couleur', length: 60, price: 4950 },
    { externid: 'offert', name: 'Offert', length: 15, price: null },
    { externid: 'ancien', name: 'Ancien', length: 10, deleted: true },
  ],
  packs: [
    {
      externid: 'eclat',
      name: 'Rituel Éclat',
      publicname: 'Rituel Éclat',
      interventionset: 'couleur',
      status: 'opened',
      price: 12500,
      total_price: null,
      items: [
        { intervention: 'couleur', break_time: 10 },
        { intervention: 'soin', break_time: 0 },
        { intervention: 'coupe', selectedCalendar: 'leonie' },
      ],
      translations: { en: { publicname: 'Radiance ritual' } },
      sort: 10,
    },
    {
      externid: 'duo',
      name: 'Duo',
      publicname: '',
      price: null,
      total_price: 13900,
      items: [
        { intervention: 'couleur', break_time: 5, selectedCalendar: 'ines' },
        { intervention: 'soin', break_time: 0 },
      ],
      sort: 11,
    },
    { externid: 'vieux', name: 'Vieux', deleted: true, price: 1, items: [] },
  ],
  promotions: [
    {
      externid: 'mardi',
      label: 'Mardi',
      percent: 20,
      interventions: ['coupe', 'duo'],
      weekdays: ['tue'],
      from_time: '09:30',
      to_time: '12:00',
      from_date: null,
      to_date: null,
    },
    { externid: 'noel', label: 'Noël', percent: 10, from_date: '2026-12-01', to_date: '2026-12-24' },
  ],
};

const edit = (change: (draft: OffersDraft) => OffersDraft) =>
  documentWith(document, change(draftOf(document)));
const packOf = (doc: Record<string, unknown>, externid: string) =>
  (doc.packs as { externid: string }[]).find((pack) => pack.externid === externid) as Record<string, unknown>;

describe('packs and promotions: draft and document', () => {
  it('reads the packs and promotions on offer, prices in units', () => {
    const draft = draftOf(document);
    expect(draft.packs.map((pack) => [pack.externid, pack.price, pack.offered])).toEqual([
      ['eclat', '125', true],
      ['duo', '139', true],
    ]);
    expect(draft.packs[0]?.items.map((item) => [item.service, item.breakTime])).toEqual([
      ['couleur', '10'],
      ['soin', '0'],
      ['coupe', '0'],
    ]);
    expect(draft.promotions[0]).toMatchObject({
      every: false,
      services: ['coupe', 'duo'],
      weekdays: ['tue'],
    });
    expect(draft.promotions[1]).toMatchObject({ every: true, fromDate: '2026-12-01', toDate: '2026-12-24' });
  });

  it('writes only what changed: a price where the pack keeps it, the rest as it was', () => {
    const next = edit((draft) => ({
      ...draft,
      packs: draft.packs.map((pack) => ({ ...pack, price: pack.externid === 'duo' ? '129,90' : '120' })),
    }));
    expect(packOf(next, 'duo')).toMatchObject({ price: null, total_price: 12990 });
    expect(packOf(next, 'eclat')).toMatchObject({ price: 12000, total_price: null, sort: 10 });
    expect(packOf(next, 'eclat').translations).toEqual({ en: { publicname: 'Radiance ritual' } });
    expect(next.promotions).toEqual(document.promotions);
  });

  it('moves a service with what it keeps, leaves the breaks between the same places, and moves back', () => {
    const draft = draftOf(document);
    const pack = draft.packs[0];
    if (!pack) throw new Error('no pack');
    const moved = movedItem(pack, 2, -1);
    expect(moved.items.map((item) => [item.service, item.breakTime])).toEqual([
      ['couleur', '10'],
      ['coupe', '0'],
      ['soin', '0'],
    ]);
    const next = documentWith(document, { ...draft, packs: [moved, ...draft.packs.slice(1)] });
    expect(packOf(next, 'eclat').items).toEqual([
      { intervention: 'couleur', break_time: 10 },
      { intervention: 'coupe', selectedCalendar: 'leonie', break_time: 0 },
      { intervention: 'soin', break_time: 0 },
    ]);
    expect(movedItem(moved, 1, 1)).toEqual(pack);
    expect(movedItem(pack, 0, -1)).toBe(pack);
  });

  it('drops a pre-selected calendar when its service is changed', () => {
    const next = edit((draft) => ({
      ...draft,
      packs: draft.packs.map((pack) =>
        pack.externid === 'duo'
          ? { ...pack, items: pack.items.map((item, i) => (i === 0 ? { ...item, service: 'coupe' } : item)) }
          : pack,
      ),
    }));
    expect(packOf(next, 'duo').items).toEqual([
      { intervention: 'coupe', break_time: 5 },
      { intervention: 'soin', break_time: 0 },
    ]);
  });

  it('adds a pack and a promotion whole, with ids no service or pack has', () => {
    let draft = withNewPack(document, draftOf(document));
    draft = withNewPromotion(document, draft);
    const pack = draft.packs.at(-1);
    if (!pack) throw new Error('no pack');
    expect(pack.items).toHaveLength(2);
    const filled = {
      ...pack,
      name: ' Coupe & soin ',
      publicname: 'Coupe & soin',
      price: '80.5',
      items: [
        { ...pack.items[0], service: 'coupe', breakTime: '15', from: -1 },
        { ...pack.items[1], service: 'soin', breakTime: '0', from: -1 },
      ],
    };
    const promotion = {
      ...draft.promotions.at(-1),
      label: 'Samedi',
      percent: '15',
      weekdays: ['sat' as const],
    };
    const next = documentWith(document, {
      ...draft,
      packs: [...draft.packs.slice(0, -1), filled],
      promotions: [...draft.promotions.slice(0, -1), promotion as OffersDraft['promotions'][number]],
    });
    expect(packOf(next, 'pack')).toEqual({
      externid: 'pack',
      name: 'Coupe & soin',
      publicname: 'Coupe & soin',
      interventionset: null,
      status: 'opened',
      price: 8050,
      items: [
        { intervention: 'coupe', break_time: 15 },
        { intervention: 'soin', break_time: 0 },
      ],
      sort: 12,
    });
    expect((next.promotions as unknown[]).at(-1)).toEqual({
      externid: 'promotion',
      label: 'Samedi',
      percent: 15,
      interventions: null,
      from_date: null,
      to_date: null,
      weekdays: ['sat'],
      from_time: null,
      to_time: null,
    });
  });

  it("removes a pack (and the mini-site's mentions) unless a promotion names it, and a promotion", () => {
    const draft = draftOf(document);
    expect(promotionsNaming(draft, 'duo')).toEqual(['Mardi']);
    expect(promotionsNaming(draft, 'eclat')).toEqual([]);
    const next = documentWith(document, withoutPromotion(withoutPack(draft, 'duo'), 'mardi'));
    expect((next.packs as { externid: string }[]).map((pack) => pack.externid)).toEqual(['eclat', 'vieux']);
    expect(next.website).toMatchObject({ listing_ids: ['eclat'], highlight_package: null });
    expect((next.promotions as { externid: string }[]).map((promotion) => promotion.externid)).toEqual([
      'noel',
    ]);
    // One added then removed leaves nothing behind.
    const added = withNewPack(document, draft);
    expect(withoutPack(added, 'pack')).toEqual(draft);
  });

  it('adds services up to ten and removes them; counts the length and the separate price', () => {
    const services = serviceChoices(document);
    expect(services.map((service) => service.externid)).toEqual(['coupe', 'soin', 'couleur', 'offert']);
    const pack = draftOf(document).packs[0];
    if (!pack) throw new Error('no pack');
    expect(packLength(pack, services)).toBe(60 + 10 + 30 + 0 + 60);
    expect(separatePrice(pack, services)).toBe(4950 + 3900 + 5200);
    let full = pack;
    for (let n = 0; n < 12; n += 1) full = withItem(full);
    expect(full.items).toHaveLength(10);
    expect(separatePrice(full, services)).toBeNull();
    expect(withoutItem(pack, 1).items.map((item) => item.service)).toEqual(['couleur', 'coupe']);
  });

  it('reads breaks and percents within the schema bounds', () => {
    expect(breakMinutes('0')).toBe(0);
    expect(breakMinutes('1440')).toBe(1440);
    expect(breakMinutes('1441')).toBeUndefined();
    expect(breakMinutes('-5')).toBeUndefined();
    expect(percentOf('20 %')).toBe(20);
    expect(percentOf('0')).toBeUndefined();
    expect(percentOf('101')).toBeUndefined();
    expect(percentOf('12.5')).toBeUndefined();
  });
});

describe('packs and promotions: properties', () => {
  const id = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
  const cents = fc.integer({ min: 0, max: 100_000_000 });
  const time = fc.constantFrom(null, '09:00', '12:30', '24:00');
  const item = fc.record(
    {
      intervention: fc.constantFrom('coupe', 'soin', 'couleur'),
      break_time: fc.integer({ min: 0, max: 1440 }),
      selectedCalendar: fc.constantFrom(null, 'leonie'),
      publicname: fc.constantFrom(null, 'Étape'),
    },
    { requiredKeys: ['intervention'] },
  );
  const pack = fc.record(
    {
      externid: id,
      name: fc.string({ maxLength: 12 }),
      publicname: fc.string({ maxLength: 12 }),
      interventionset: fc.constantFrom(null, 'couleur'),
      status: fc.constantFrom('opened', 'closed'),
      price: fc.option(cents),
      total_price: fc.option(cents),
      items: fc.array(item, { minLength: 2, maxLength: 10 }),
      deleted: fc.boolean(),
      sort: fc.integer({ min: -5, max: 50 }),
      translations: fc.constantFrom({}, { en: { publicname: 'Pack' } }),
    },
    { requiredKeys: ['externid', 'name', 'items'] },
  );
  const promotion = fc.record(
    {
      externid: id,
      label: fc.string({ maxLength: 12 }),
      percent: fc.integer({ min: 1, max: 100 }),
      interventions: fc.option(fc.subarray(['coupe', 'soin', 'couleur'])),
      weekdays: fc.option(fc.subarray([...WEEKDAYS])),
      from_time: time,
      to_time: time,
      from_date: fc.constantFrom(null, '2026-12-01'),
      to_date: fc.constantFrom(null, '2026-12-24'),
      deleted: fc.boolean(),
    },
    { requiredKeys: ['externid', 'label', 'percent'] },
  );
  const documents = fc.record({
    packs: fc.uniqueArray(pack, { selector: (p) => p.externid, maxLength: 4 }),
    promotions: fc.uniqueArray(promotion, { selector: (p) => p.externid, maxLength: 4 }),
  });

  it('an unedited draft gives the document back exactly', () => {
    fc.assert(
      fc.property(documents, (offers) => {
        const doc = { ...document, ...offers };
        expect(documentWith(doc, draftOf(doc))).toEqual(doc);
      }),
    );
  });

  it('a price in cents survives the decimal text, typed with a point or a comma', () => {
    fc.assert(
      fc.property(cents, fc.boolean(), (amount, comma) => {
        const text = priceText(amount);
        expect(priceCents(comma ? text.replace('.', ',') : text)).toBe(amount);
      }),
    );
  });

  it('a price typed on a pack is saved in cents where the pack keeps it, the other price untouched', () => {
    fc.assert(
      fc.property(pack, cents, (read, amount) => {
        fc.pre(read.deleted !== true);
        const doc = { ...document, packs: [read], promotions: [] };
        const draft = draftOf(doc);
        const next = documentWith(doc, {
          ...draft,
          packs: draft.packs.map((p) => ({ ...p, price: priceText(amount) })),
        });
        const saved = (next.packs as Record<string, unknown>[])[0] as Record<string, unknown>;
        const key =
          typeof read.price !== 'number' && typeof read.total_price === 'number' ? 'total_price' : 'price';
        expect(saved[key]).toBe(amount);
        const other = key === 'price' ? 'total_price' : 'price';
        expect(saved[other]).toEqual(read[other]);
      }),
    );
  });
});
