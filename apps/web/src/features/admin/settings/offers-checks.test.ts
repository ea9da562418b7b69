import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorKey, fieldOfPath, localProblems, sortProblems } from './offers-checks.ts';
import type { OffersDraft, PackDraft, PromotionDraft } from './offers-draft.ts';

const services = new Set(['coupe', 'soin']);

const pack = (extra: Partial<PackDraft> = {}): PackDraft => ({
  externid: 'duo',
  name: 'Duo',
  publicname: 'Duo',
  category: '',
  price: '80',
  offered: true,
  items: [
    { service: 'coupe', breakTime: '10', from: 0 },
    { service: 'soin', breakTime: '0', from: 1 },
  ],
  added: false,
  ...extra,
});

const promotion = (extra: Partial<PromotionDraft> = {}): PromotionDraft => ({
  externid: 'mardi',
  label: 'Mardi',
  percent: '20',
  every: true,
  services: [],
  weekdays: [],
  fromTime: '',
  toTime: '',
  fromDate: '',
  toDate: '',
  added: false,
  ...extra,
});

const draft = (packs: PackDraft[], promotions: PromotionDraft[] = []): OffersDraft => ({
  packs,
  promotions,
  removedPacks: [],
  removedPromotions: [],
});

describe('the browser checks', () => {
  it('finds nothing in a good draft', () => {
    expect(localProblems(draft([pack()], [promotion()]), services)).toEqual([]);
  });

  it('wants a name, a price, two to ten chosen services and breaks in bounds', () => {
    const bad = pack({
      name: ' ',
      price: '12.345',
      items: [
        { service: '', breakTime: '1441', from: -1 },
        { service: 'ancien', breakTime: 'x', from: -1 },
      ],
    });
    // The last break is not shown: nothing to check there.
    expect(localProblems(draft([bad]), services)).toEqual([
      'pack:duo:name',
      'pack:duo:price',
      'pack:duo:service-0',
      'pack:duo:break-0',
      'pack:duo:service-1',
    ]);
    expect(localProblems(draft([pack({ price: '' })]), services)).toEqual(['pack:duo:price']);
    expect(localProblems(draft([pack({ price: '0' })]), services)).toEqual([]);
    const one = pack({ items: [{ service: 'coupe', breakTime: '0', from: 0 }] });
    expect(localProblems(draft([one]), services)).toEqual(['pack:duo:items']);
  });

  it('wants a label, a percent from 1 to 100, chosen services, and windows that run forwards', () => {
    expect(
      localProblems(
        draft(
          [],
          [
            promotion({
              label: '',
              percent: '101',
              every: false,
              fromTime: '12:00',
              toTime: '09:00',
              fromDate: '2026-12-24',
              toDate: '2026-12-01',
            }),
          ],
        ),
        services,
      ),
    ).toEqual([
      'promotion:mardi:label',
      'promotion:mardi:percent',
      'promotion:mardi:services',
      'promotion:mardi:toTime',
      'promotion:mardi:toDate',
    ]);
    // One end of a window is enough: from 14:00 on, or until a date.
    expect(
      localProblems(draft([], [promotion({ fromTime: '14:00', toDate: '2026-12-01' })]), services),
    ).toEqual([]);
  });

  it('refuses every end time not after its start, and no other', () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(time, time, (fromTime, toTime) => {
        const found = localProblems(draft([], [promotion({ fromTime, toTime })]), services);
        expect(found).toEqual(toTime > fromTime ? [] : ['promotion:mardi:toTime']);
      }),
    );
  });
});

describe("the server's problems", () => {
  const sent = {
    packs: [{ externid: 'gone', deleted: true }, { externid: 'duo' }],
    promotions: [{ externid: 'mardi' }],
  };

  it('brings each path back to its field, by index or by externid', () => {
    expect(fieldOfPath(sent, '$.packs[1].items[1].intervention')).toBe('pack:duo:service-1');
    expect(fieldOfPath(sent, '$.packs[1].items[0].selectedCalendar')).toBe('pack:duo:service-0');
    expect(fieldOfPath(sent, '$.packs[1].items[0].break_time')).toBe('pack:duo:break-0');
    expect(fieldOfPath(sent, '$.packs[1].items')).toBe('pack:duo:items');
    expect(fieldOfPath(sent, '$.packs[1].price')).toBe('pack:duo:price');
    expect(fieldOfPath(sent, 'packs[duo].total_price')).toBe('pack:duo:price');
    expect(fieldOfPath(sent, '$.packs[1]')).toBe('pack:duo:name');
    expect(fieldOfPath(sent, '$.promotions[0].interventions[2]')).toBe('promotion:mardi:services');
    expect(fieldOfPath(sent, '$.promotions[0].to_time')).toBe('promotion:mardi:toTime');
    expect(fieldOfPath(sent, '$.promotions[0].percent')).toBe('promotion:mardi:percent');
    expect(fieldOfPath(sent, '$.promotions[3].percent')).toBeNull();
    expect(fieldOfPath(sent, '$.interventions[0].price')).toBeNull();
    expect(fieldOfPath(sent, '$.packs[1].translations')).toBeNull();
  });

  it('splits the problems into fields, once each, and the rest as written', () => {
    expect(
      sortProblems(sent, [
        '$.packs[1].items[1].intervention: deleted intervention "soin"',
        '$.packs[1].items[1].intervention: unknown intervention "x"',
        '$.promotions[0].percent: Too big',
        '$.settings.locale: locale must be one of enabled_locales',
      ]),
    ).toEqual({
      fields: ['pack:duo:service-1', 'promotion:mardi:percent'],
      other: ['$.settings.locale: locale must be one of enabled_locales'],
    });
  });

  it('names the message of each field', () => {
    expect(errorKey('pack:duo:service-3')).toBe('service');
    expect(errorKey('pack:duo:break-0')).toBe('break');
    expect(errorKey('promotion:a:b:toDate')).toBe('toDate');
  });
});
