import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  documentWith,
  draftOf,
  fieldOfPath,
  lengthMinutes,
  localProblems,
  newExternid,
  packsUsing,
  priceCents,
  priceText,
  promotionsUsing,
  sortProblems,
  withNewCategory,
  withNewService,
  withoutService,
} from './catalogue-draft.ts';

const document = {
  urlname: 'demo-salon',
  name: 'Atelier',
  settings: { locale: 'fr', currency: 'EUR' },
  website: { listing: 'interventions', listing_ids: ['coupe', 'brushing'], highlight_service: 'brushing' },
  interventionsets: [
    {
      externid: 'coupes',
      name: 'Coupes',
      publicname: 'Coupes',
      translations: { en: { publicname: 'Cuts' } },
    },
    { externid: 'old', name: 'Ancien', deleted: true },
  ],
  interventions: [
    {
      externid: 'coupe',
      name: 'Coupe',
      publicname: 'Coupe femme',
      interventionset: 'coupes',
      price: 5250,
      length: 60,
      sort: 1,
      thumbnail: '/x.svg',
      translations: { en: { publicname: 'Cut' } },
    },
    { externid: 'brushing', name: 'Brushing', interventionset: 'coupes', length: 30, sort: 2 },
    { externid: 'solo', name: 'Solo', length: 15, price: 0 },
  ],
  packs: [{ externid: 'duo', name: 'Duo', items: [{ intervention: 'coupe' }, { intervention: 'solo' }] }],
  promotions: [{ label: 'Mardi', percent: 20, interventions: ['solo'] }],
  calendars: [
    {
      externid: 'leonie',
      name: 'Léonie',
      interventions: [{ intervention: 'coupe' }, { intervention: 'brushing' }],
    },
  ],
};

describe('prices and lengths', () => {
  it('reads and writes prices in units, with a comma or a point', () => {
    expect(priceText(5200)).toBe('52');
    expect(priceText(5250)).toBe('52.50');
    expect(priceText(null)).toBe('');
    expect(priceCents('52,5')).toBe(5250);
    expect(priceCents(' 45 ')).toBe(4500);
    expect(priceCents('')).toBeNull();
    expect(priceCents('-3')).toBeUndefined();
    expect(priceCents('4.555')).toBeUndefined();
  });

  it('takes lengths from 1 to 1440 minutes', () => {
    expect(lengthMinutes('45')).toBe(45);
    expect(lengthMinutes('0')).toBeUndefined();
    expect(lengthMinutes('1441')).toBeUndefined();
    expect(lengthMinutes('4.5')).toBeUndefined();
  });
});

describe('draft and document', () => {
  it('writes back what was read without a change', () => {
    expect(documentWith(document, draftOf(document))).toEqual(document);
  });

  it('shows items not deleted, in the group language', () => {
    const draft = draftOf(document);
    expect(draft.categories.map((c) => c.externid)).toEqual(['coupes']);
    expect(draft.services[0]).toMatchObject({
      name: 'Coupe',
      publicname: 'Coupe femme',
      price: '52.50',
      length: '60',
    });
    expect(draft.services[2]?.category).toBeNull();
  });

  it('edits texts, length and price and keeps translations and other fields', () => {
    const draft = draftOf(document);
    draft.services[0] = {
      ...(draft.services[0] as (typeof draft.services)[0]),
      name: ' Coupe longue ',
      price: '60',
      length: '75',
    };
    draft.categories[0] = {
      ...(draft.categories[0] as (typeof draft.categories)[0]),
      publicname: 'Les coupes',
    };
    const next = documentWith(document, draft) as typeof document;
    expect(next.interventions[0]).toEqual({
      ...document.interventions[0],
      name: 'Coupe longue',
      price: 6000,
      length: 75,
    });
    expect(next.interventionsets[0]).toEqual({ ...document.interventionsets[0], publicname: 'Les coupes' });
    expect(next.interventionsets[1]).toEqual(document.interventionsets[1]);
    expect(document.interventions[0]?.name).toBe('Coupe');
  });

  it('marks a service as held by video, and unmarks it, touching nothing else', () => {
    const draft = draftOf(document);
    expect(draft.services.map((service) => service.videoconference)).toEqual(draft.services.map(() => false));
    draft.services[1] = { ...(draft.services[1] as (typeof draft.services)[0]), videoconference: true };
    const marked = documentWith(document, draft) as typeof document;
    expect(marked.interventions[1]).toEqual({ ...document.interventions[1], videoconference: true });
    expect(marked.interventions[0]).toEqual(document.interventions[0]);
    const unmarked = draftOf(marked);
    expect(unmarked.services[1]?.videoconference).toBe(true);
    unmarked.services[1] = {
      ...(unmarked.services[1] as (typeof draft.services)[0]),
      videoconference: false,
    };
    expect((documentWith(marked, unmarked) as typeof document).interventions[1]).toEqual({
      ...document.interventions[1],
      videoconference: false,
    });
    const added = withNewService(document, draftOf(document), null);
    added.services[added.services.length - 1] = {
      ...(added.services.at(-1) as (typeof draft.services)[0]),
      name: 'Visio',
      videoconference: true,
    };
    expect((documentWith(document, added) as typeof document).interventions.at(-1)).toMatchObject({
      name: 'Visio',
      videoconference: true,
    });
  });

  it('adds a service to a category and a category, with fresh externids', () => {
    let draft = withNewService(document, draftOf(document), 'coupes');
    draft = withNewCategory(document, draft);
    const service = draft.services.at(-1);
    const category = draft.categories.at(-1);
    expect(service).toMatchObject({ externid: 'service', category: 'coupes', added: true });
    expect(category).toMatchObject({ externid: 'category', added: true });
    expect(localProblems(draft)).toEqual(['category:category:name', 'service:service:name']);
    draft = {
      ...draft,
      services: draft.services.map((s) =>
        s.added ? { ...s, name: 'Barbe', publicname: 'Barbe', price: '15', length: '20' } : s,
      ),
      categories: draft.categories.map((c) => (c.added ? { ...c, name: 'Barbier' } : c)),
    };
    expect(localProblems(draft)).toEqual([]);
    const next = documentWith(document, draft) as typeof document;
    expect(next.interventions.at(-1)).toEqual({
      externid: 'service',
      name: 'Barbe',
      publicname: 'Barbe',
      interventionset: 'coupes',
      length: 20,
      price: 1500,
      sort: 3,
    });
    expect(next.interventionsets.at(-1)).toEqual({
      externid: 'category',
      name: 'Barbier',
      publicname: '',
      sort: 1,
    });
  });

  it('removes a service from the calendars and the mini-site too; packs and promotions block it', () => {
    expect(packsUsing(document, 'coupe')).toEqual(['Duo']);
    expect(promotionsUsing(document, 'solo')).toEqual(['Mardi']);
    expect(packsUsing(document, 'brushing')).toEqual([]);
    const next = documentWith(document, withoutService(draftOf(document), 'brushing')) as typeof document;
    expect(next.interventions.map((s) => s.externid)).toEqual(['coupe', 'solo']);
    expect(next.calendars[0]?.interventions).toEqual([{ intervention: 'coupe' }]);
    expect(next.website).toEqual({
      listing: 'interventions',
      listing_ids: ['coupe'],
      highlight_service: null,
    });
  });

  it('reads who performs a service and writes the links ticked and unticked, durations kept', () => {
    const withDuration = {
      ...document,
      calendars: [
        ...document.calendars,
        { externid: 'hugo', name: 'Hugo', interventions: [{ intervention: 'coupe', duration: 45 }] },
      ],
    };
    const draft = draftOf(withDuration);
    expect(draft.services.map((s) => s.calendars)).toEqual([['leonie', 'hugo'], ['leonie'], []]);
    let next = withNewService(withDuration, draft, 'coupes');
    next = {
      ...next,
      services: next.services.map((s) =>
        s.externid === 'service'
          ? { ...s, name: 'Frange', calendars: ['hugo'] }
          : s.externid === 'coupe'
            ? { ...s, calendars: ['hugo'] }
            : s,
      ),
    };
    const written = documentWith(withDuration, next) as typeof withDuration;
    expect(written.calendars).toEqual([
      { externid: 'leonie', name: 'Léonie', interventions: [{ intervention: 'brushing' }] },
      {
        externid: 'hugo',
        name: 'Hugo',
        interventions: [{ intervention: 'coupe', duration: 45 }, { intervention: 'service' }],
      },
    ]);
  });

  it('removes a service just added without a trace', () => {
    const added = withNewService(document, draftOf(document), null);
    const draft = withoutService(added, 'service');
    expect(draft.removed).toEqual([]);
    expect(documentWith(document, draft)).toEqual(document);
  });

  it('makes externids from a name, never taken', () => {
    expect(newExternid('Coupe barbe é', new Set())).toBe('coupe-barbe-e');
    expect(newExternid('x', new Set(['x', 'x-2']))).toBe('x-3');
    expect(newExternid('***', new Set())).toBe('item');
  });

  it('flags empty names, unreadable lengths and prices', () => {
    const draft = draftOf(document);
    draft.services[1] = {
      ...(draft.services[1] as (typeof draft.services)[0]),
      length: '0',
      price: 'abc',
      name: '',
    };
    expect(localProblems(draft)).toEqual([
      'service:brushing:name',
      'service:brushing:length',
      'service:brushing:price',
    ]);
  });
});

describe('problem paths to fields', () => {
  it('finds the item by index in the sent document, or by externid', () => {
    expect(fieldOfPath(document, '$.interventions[1].length')).toBe('service:brushing:length');
    expect(fieldOfPath(document, 'interventions[coupe].price')).toBe('service:coupe:price');
    expect(fieldOfPath(document, '$.interventionsets[0].name')).toBe('category:coupes:name');
    expect(fieldOfPath(document, '$.interventions[0].externid')).toBe('service:coupe:name');
    expect(fieldOfPath(document, '$.interventions[0].thumbnail')).toBeNull();
    expect(fieldOfPath(document, '$.interventions[9].price')).toBeNull();
    expect(fieldOfPath(document, '$.settings.phone')).toBeNull();
  });

  it('sorts problems into fields and the rest', () => {
    const sorted = sortProblems(document, [
      '$.interventions[2].price: Too small',
      '$.packs[0].items: bad',
      '$.interventions[2].price: again',
    ]);
    expect(sorted.fields).toEqual(['service:solo:price']);
    expect(sorted.other).toEqual(['$.packs[0].items: bad']);
  });
});

describe('currencySymbol', () => {
  it('gives the symbol as the page language writes it, else the code', () => {
    expect(currencySymbol('fr', 'EUR')).toBe('€');
    expect(currencySymbol('en', 'USD')).toBe('$');
    expect(currencySymbol('fr', 'USD')).toBe('$US');
    expect(currencySymbol('en', 'not a currency')).toBe('not a currency');
  });
});
