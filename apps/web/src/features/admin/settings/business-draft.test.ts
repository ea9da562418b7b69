import { LOCALES } from '@creneau/core/locales';
import { describe, expect, it } from 'vitest';
import {
  documentWith,
  draftOf,
  enabledWith,
  fieldOfPath,
  localProblems,
  sortProblems,
  timeZones,
} from './business-draft.ts';

const document = {
  urlname: 'demo-salon',
  name: 'Atelier Capucine',
  settings: {
    phone: '+33 4 65 71 24 60',
    address: { address: '8 rue', city: 'Lyon', zipcode: '69002', country: 'FR' },
    country: 'FR',
    locale: 'fr',
    enabled_locales: ['fr', 'en'],
    timezone: 'Europe/Paris',
    siteUrl: null,
    currency: 'EUR',
  },
  website: { mail: 'bonjour@example.com', title: 'Hello' },
  interventions: [{ externid: 'cut' }],
};

describe('problem paths to fields', () => {
  it('finds the field a problem names, down to list items', () => {
    expect(fieldOfPath('$.settings.phone')).toBe('phone');
    expect(fieldOfPath('$.name')).toBe('name');
    expect(fieldOfPath('$.website.mail')).toBe('mail');
    expect(fieldOfPath('$.settings.address.zipcode')).toBe('zipcode');
    expect(fieldOfPath('$.settings.address')).toBe('street');
    expect(fieldOfPath('$.settings.enabled_locales[1]')).toBe('enabled_locales');
    expect(fieldOfPath('settings.timezone')).toBe('timezone');
  });

  it('leaves paths the form does not edit, including look-alike prefixes', () => {
    expect(fieldOfPath('$.settings.phone_extra')).toBeNull();
    expect(fieldOfPath('$.settings.locales')).toBeNull();
    expect(fieldOfPath('$.interventions[0].price')).toBeNull();
    expect(fieldOfPath('$.names')).toBeNull();
  });

  it('sorts problems into fields in the form order, keeping the others as written', () => {
    const sorted = sortProblems([
      '$.settings.timezone: an IANA time zone such as Europe/Paris',
      '$.interventions[1].length: Too small: expected number to be >=1',
      '$.settings.phone: Too big: expected string to have <=32 characters',
      '$.settings.phone: again',
    ]);
    expect(sorted.fields).toEqual(['phone', 'timezone']);
    expect(sorted.other).toEqual(['$.interventions[1].length: Too small: expected number to be >=1']);
  });
});

describe('draft and document', () => {
  it('writes back what was read without a change', () => {
    expect(documentWith(document, draftOf(document))).toEqual(document);
  });

  it('changes only the edited fields and empties optional texts to null', () => {
    const draft = { ...draftOf(document), name: ' Atelier C ', phone: ' ', mail: 'hi@example.com' };
    const next = documentWith(document, draft) as typeof document;
    expect(next.name).toBe('Atelier C');
    expect(next.settings.phone).toBeNull();
    expect(next.website).toEqual({ mail: 'hi@example.com', title: 'Hello' });
    expect(next.interventions).toEqual(document.interventions);
    expect(next.settings.currency).toBe('EUR');
    expect(document.name).toBe('Atelier Capucine');
  });

  it('drops an emptied address, and needs a name', () => {
    const draft = { ...draftOf(document), street: '', zipcode: '', city: '', name: '  ' };
    expect((documentWith(document, draft) as typeof document).settings.address).toBeNull();
    expect(localProblems(draft)).toEqual(['name']);
  });

  it('offers no contact address without a mini-site', () => {
    const bare = { ...document, website: null };
    expect(draftOf(bare).mail).toBeNull();
    expect(documentWith(bare, draftOf(bare)).website).toBeNull();
  });
});

describe('enabledWith', () => {
  it('turns a language on or off and keeps the order of LOCALES', () => {
    const [first, second, third] = LOCALES as readonly string[];
    expect(enabledWith([third as string], first as string, true)).toEqual([first, third]);
    expect(enabledWith([first as string, third as string], first as string, false)).toEqual([third]);
    expect(enabledWith([second as string], second as string, true)).toEqual([second]);
  });

  it('drops codes that are not languages of the product', () => {
    expect(enabledWith(['xx'], 'xx', true)).toEqual([]);
  });
});

describe('timeZones', () => {
  it('lists the saved zone first when the browser does not know it', () => {
    expect(timeZones('Mars/Olympus', ['Europe/Paris'])).toEqual(['Mars/Olympus', 'Europe/Paris']);
    expect(timeZones('Europe/Paris', ['Europe/Paris', 'UTC'])).toEqual(['Europe/Paris', 'UTC']);
    expect(timeZones('', ['UTC'])).toEqual(['UTC']);
  });
});
