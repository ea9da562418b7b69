import { describe, expect, it } from 'vitest';
import { groupConfigSchema } from './group-config.schema.ts';
import { checkNewBusiness, newBusinessDocument, RESERVED_URLNAMES, urlnameProblem } from './new-business.ts';

const business = {
  name: 'Salon',
  urlname: 'salon',
  address: { street: '1 rue', zipcode: '75001', city: 'Paris', country: 'fr' },
  language: 'de',
  service: { name: 'Cut', duration: 30 },
  hours: [
    { weekday: 7, from: '10:00', to: '12:00' },
    { weekday: 1, from: '14:00', to: '18:00' },
    { weekday: 1, from: '09:00', to: '12:00' },
  ],
};

describe('a new business', () => {
  it('becomes a document the import accepts, the zone and currency from its country', () => {
    expect(checkNewBusiness(business)).toEqual({});
    const document = newBusinessDocument(business, 'Ana');
    const parsed = groupConfigSchema.parse(document);
    expect(parsed.settings).toMatchObject({
      timezone: 'Europe/Paris',
      currency: 'EUR',
      country: 'FR',
      locale: 'de',
      enabled_locales: ['de'],
    });
    expect(parsed.calendars[0]!.weekly).toEqual({
      mon: [
        ['09:00', '12:00'],
        ['14:00', '18:00'],
      ],
      sun: [['10:00', '12:00']],
    });
    const swiss = newBusinessDocument(
      { ...business, address: { ...business.address, country: 'CH' } },
      'Ana',
    );
    expect(swiss.settings).toMatchObject({ timezone: 'Europe/Zurich', currency: 'CHF' });
  });

  it('refuses reserved and malformed url names, and every reserved word is a would-be url name or has _', () => {
    expect(urlnameProblem('signup')).toBe('urlnameReserved');
    expect(urlnameProblem('-salon')).toBe('urlnameFormat');
    expect(urlnameProblem('a')).toBe('urlnameFormat');
    expect(urlnameProblem('x'.repeat(65))).toBe('urlnameFormat');
    expect(urlnameProblem('salon-2')).toBeNull();
    for (const word of RESERVED_URLNAMES) expect(urlnameProblem(word)).not.toBeNull();
  });

  it('asks for the zone of a country with several', () => {
    expect(checkNewBusiness({ ...business, address: { ...business.address, country: 'US' } })).toEqual({
      timezone: ['timezoneRequired'],
    });
    expect(
      checkNewBusiness({
        ...business,
        address: { ...business.address, country: 'US' },
        timezone: 'America/Denver',
      }),
    ).toEqual({});
  });
});
