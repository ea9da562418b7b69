import { describe, expect, it } from 'vitest';
import { createDayFormat, exportFileName, personName, shownAnswers, telHref } from './customer-format.ts';

describe('personName', () => {
  it('joins the names and drops the erased placeholder', () => {
    expect(personName({ firstname: ' Inès ', lastname: 'Walk' })).toBe('Inès Walk');
    expect(personName({ firstname: '—', lastname: '—' })).toBe('');
    expect(personName({ firstname: '', lastname: 'Dupont' })).toBe('Dupont');
  });
});

describe('createDayFormat', () => {
  it("writes the day on the group's clock, not the browser's", () => {
    // 23:30 UTC on 31 December is already New Year's Day in Paris, still 31 December in New York.
    const instant = '2026-12-31T23:30:00.000Z';
    expect(createDayFormat('fr', 'Europe/Paris')(instant)).toBe('1 janv. 2027');
    expect(createDayFormat('en', 'America/New_York')(instant)).toBe('31 Dec 2026');
  });

  it('falls back to English and to the browser zone for unknown values', () => {
    expect(createDayFormat('xx', 'Europe/Paris')('2026-06-15T10:00:00Z')).toBe('15 Jun 2026');
    expect(createDayFormat('en', 'Not/AZone')('2026-06-15T10:00:00Z')).toMatch(/2026/);
  });
});

describe('exportFileName', () => {
  it('names the person and the day in plain ASCII', () => {
    expect(
      exportFileName({ fiche_id: 42, firstname: 'Inès', lastname: 'Lefèvre-Brûlé' }, '2026-11-27T06:00:00Z'),
    ).toBe('customer-42-ines-lefevre-brule-2026-11-27.json');
  });

  it('keeps the number when the names give nothing', () => {
    expect(exportFileName({ fiche_id: 7, firstname: '李', lastname: '—' }, '2026-01-02T00:00:00Z')).toBe(
      'customer-7-2026-01-02.json',
    );
  });
});

describe('telHref', () => {
  it('keeps digits and the plus sign', () => {
    expect(telHref('+33 6 12.34-56 78')).toBe('tel:+33612345678');
  });
});

describe('shownAnswers', () => {
  it('keeps texts, numbers and yes/no, in order, and drops blank and structured values', () => {
    expect(
      shownAnswers({
        allergy: 'Latex',
        blank: '   ',
        visits: 0,
        newsletter: false,
        missing: null,
        nested: { a: 1 },
        list: ['x'],
        later: undefined,
      }),
    ).toEqual([
      ['allergy', 'Latex'],
      ['visits', 0],
      ['newsletter', false],
    ]);
  });
});
