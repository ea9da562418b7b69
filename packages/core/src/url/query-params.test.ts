import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAG_NAMES, parseQueryParams } from './query-params.ts';

const today = '2024-06-15';
const parse = (query: string, strictDate = false) => parseQueryParams(query, { today, strictDate });

describe('parseQueryParams: input forms', () => {
  it('reads a query string with or without "?", URLSearchParams, and a parsed object', () => {
    const expected = { nologo: true, preselection: { intervention_ids: { by: 'id', ids: [1, 2] } } };
    expect(parse('?nologo=1&intervention_ids[]=1&intervention_ids[]=2').params).toEqual(expected);
    expect(parse('nologo=1&intervention_ids=1,2').params).toEqual(expected);
    expect(
      parseQueryParams(new URLSearchParams('nologo=1&intervention_ids=1&intervention_ids=2'), { today })
        .params,
    ).toEqual(expected);
    expect(
      parseQueryParams({ nologo: '1', intervention_ids: ['1', '2'], skip: undefined }, { today }).params,
    ).toEqual(expected);
  });

  it('an object from qs with nested fiche values', () => {
    expect(parseQueryParams({ fiche: { firstname: 'Anne' } }, { today }).params.fiche).toEqual({
      firstname: 'Anne',
    });
  });

  it('ignores and lists unknown parameters', () => {
    const result = parse('utm_source=x&nologo=1&foo=bar');
    expect(result.unrecognised).toEqual(['utm_source', 'foo']);
    expect(result.dropped).toEqual([]);
  });

  it('an empty query gives an empty result', () => {
    expect(parse('')).toEqual({ params: { preselection: {} }, dropped: [], unrecognised: [] });
  });
});

describe('flags', () => {
  it.each(FLAG_NAMES)('%s: present, true or false', (name) => {
    expect(parse(`${name}`).params[name]).toBe(true);
    expect(parse(`${name}=1`).params[name]).toBe(true);
    expect(parse(`${name}=false`).params[name]).toBe(false);
    const bad = parse(`${name}=maybe`);
    expect(bad.params[name]).toBeUndefined();
    expect(bad.dropped).toEqual([{ name, value: 'maybe', reason: expect.stringContaining('flag') }]);
  });

  it('first occurrence wins and the others are reported', () => {
    const result = parse('nologo=1&nologo=0');
    expect(result.params.nologo).toBe(true);
    expect(result.dropped).toEqual([
      { name: 'nologo', value: '0', reason: 'given more than once; the first is used' },
    ]);
  });
});

describe('keys and tokens', () => {
  it.each(['key', 'oubliKey', 'ficheKey', 'veventKey', 'validation_key'] as const)('%s', (name) => {
    expect(parse(`${name}=abc_DEF-123`).params[name]).toBe('abc_DEF-123');
    expect(parse(`${name}=a%20b`).dropped[0]?.name).toBe(name);
  });
});

describe('appointment and account ids', () => {
  it.each(['take_apt', 'cancel_apt', 'update_apt', 'export_apt'] as const)(
    '%s: an id; 0 is absent',
    (name) => {
      expect(parse(`${name}=12`).params[name]).toBe(12);
      expect(parse(`${name}=0`)).toEqual({ params: { preselection: {} }, dropped: [], unrecognised: [] });
      expect(parse(`${name}=abc`).dropped[0]?.name).toBe(name);
    },
  );

  it('account_id: a positive id', () => {
    expect(parse('account_id=5').params.account_id).toBe(5);
    expect(parse('account_id=0').dropped[0]?.name).toBe('account_id');
  });
});

describe('max_multirdvs', () => {
  it('an integer 0…10', () => {
    expect(parse('max_multirdvs=0').params.max_multirdvs).toBe(0);
    expect(parse('max_multirdvs=3').params.max_multirdvs).toBe(3);
    expect(parse('max_multirdvs=11').dropped[0]?.name).toBe('max_multirdvs');
    expect(parse('max_multirdvs=-1').dropped[0]?.name).toBe('max_multirdvs');
  });
});

describe('e-mails', () => {
  it.each(['email', 'temp_email'] as const)('%s: normalised when valid, dropped when not', (name) => {
    expect(parse(`${name}=Anne%40Example.com`).params[name]).toBe('anne@example.com');
    expect(parse(`${name}=anne`).dropped[0]).toEqual({
      name,
      value: 'anne',
      reason: 'not an e-mail address',
    });
  });

  it('a "+" in an unencoded e-mail is a space in a query string, hence invalid', () => {
    expect(parse('email=a+b@example.com').params.email).toBeUndefined();
    expect(parse('email=a%2Bb@example.com').params.email).toBe('a+b@example.com');
  });
});

describe('locale', () => {
  it('a supported language, region and case ignored', () => {
    expect(parse('locale=de').params.locale).toBe('de');
    expect(parse('locale=fr-FR').params.locale).toBe('fr');
    expect(parse('locale=PT_br').params.locale).toBe('pt');
    expect(parse('locale=hr').params.locale).toBe('hr');
  });
  it('unsupported languages are dropped', () => {
    expect(parse('locale=ja').dropped[0]?.reason).toBe('not a supported language');
    expect(parse('locale=').dropped[0]?.name).toBe('locale');
  });
});

describe('date', () => {
  it('YYYY-MM-DD and "YYYY-MM-DD hh:mm:ss"', () => {
    expect(parse('date=2024-07-01').params.date).toEqual({ date: '2024-07-01', time: null });
    expect(parse('date=2024-07-01+09:30:00').params.date).toEqual({ date: '2024-07-01', time: '09:30:00' });
    expect(parse('date=2024-07-01%2009:30:00').params.date).toEqual({ date: '2024-07-01', time: '09:30:00' });
  });
  it('anything else is replaced by today, and reported', () => {
    const result = parse('date=2024-02-30');
    expect(result.params.date).toEqual({ date: today, time: null });
    expect(result.dropped).toEqual([
      { name: 'date', value: '2024-02-30', reason: expect.stringContaining('replaced by today') },
    ]);
  });
  it('strict mode ignores it instead', () => {
    const result = parse('date=tomorrow', true);
    expect(result.params.date).toBeUndefined();
    expect(result.dropped[0]?.reason).toContain('ignored');
  });
});

describe('slots', () => {
  it('a slot "YYYY-MM-DD hh:mm:ss"', () => {
    expect(parse('slots=2024-07-01+09:30:00').params.slots).toEqual({ date: '2024-07-01', time: '09:30:00' });
  });
  it('a date alone or an invalid time is dropped', () => {
    expect(parse('slots=2024-07-01').dropped[0]?.name).toBe('slots');
    expect(parse('slots=2024-07-01+25:00:00').dropped[0]?.name).toBe('slots');
  });
});

describe('colors and styles', () => {
  it('colors: parsed overrides; problems reported per entry', () => {
    const result = parse('colors=primary:0f80f3,header.text:fff,bogus:000');
    expect(result.params.colors).toEqual({
      all: { primary: '#0F80F3' },
      groups: { header: { text: '#FFFFFF' } },
    });
    expect(result.dropped).toEqual([
      {
        name: 'colors',
        value: 'primary:0f80f3,header.text:fff,bogus:000',
        reason: expect.stringContaining('bogus'),
      },
    ]);
  });
  it('colors with nothing valid is absent, and reported', () => {
    expect(parse('colors=primary:blue').params.colors).toBeUndefined();
    expect(parse('colors=,;').dropped).toEqual([
      { name: 'colors', value: ',;', reason: 'no colour entries' },
    ]);
  });
  it('styles: a theme name only', () => {
    expect(parse('styles=dark').params.styles).toBe('dark');
    expect(parse('styles=https://evil.example/x.css').dropped[0]?.name).toBe('styles');
  });
});

describe('return_url and modify_url', () => {
  it.each(['return_url', 'modify_url'] as const)('%s: http(s) only', (name) => {
    expect(parse(`${name}=${encodeURIComponent('https://shop.example/merci')}`).params[name]).toBe(
      'https://shop.example/merci',
    );
    expect(parse(`${name}=${encodeURIComponent('javascript:alert(1)')}`).params[name]).toBeUndefined();
    expect(parse(`${name}=${encodeURIComponent('javascript:alert(1)')}`).dropped[0]?.name).toBe(name);
  });
});

describe('websource', () => {
  it('a short label', () => {
    expect(parse('websource=facebook').params.websource).toBe('facebook');
    expect(parse(`websource=${'x'.repeat(65)}`).dropped[0]?.name).toBe('websource');
  });
});

describe('fiche and vevent prefill', () => {
  it('JSON form', () => {
    const q = `fiche=${encodeURIComponent('{"firstname":"Anne","lastname":"Le Gall"}')}`;
    expect(parse(q).params.fiche).toEqual({ firstname: 'Anne', lastname: 'Le Gall' });
  });
  it('bracket form, merged over JSON', () => {
    const q = `vevent=${encodeURIComponent('{"str9":"A","comments":"x"}')}&vevent[str9]=B`;
    expect(parse(q).params.vevent).toEqual({ str9: 'B', comments: 'x' });
  });
  it('bad names and bad JSON are reported', () => {
    const result = parse('fiche[Bad]=x&fiche=nope&vevent[ok]=1');
    expect(result.params.fiche).toBeUndefined();
    expect(result.params.vevent).toEqual({ ok: '1' });
    expect(result.dropped.map((d) => d.name)).toEqual(['fiche', 'fiche[Bad]']);
  });
});

describe('preselection', () => {
  it.each([
    ['interventionset_ids=4,5', 'interventionset_ids', { by: 'id', ids: [4, 5] }],
    ['intervention_ids=1', 'intervention_ids', { by: 'id', ids: [1] }],
    ['pack_id=9', 'pack_id', { by: 'id', ids: [9] }],
    ['calendarset_id=3', 'calendarset_id', { by: 'id', ids: [3] }],
    ['calendar_id=7', 'calendar_id', { by: 'id', ids: [7] }],
    ['calendar_ids=7,8', 'calendar_ids', { by: 'id', ids: [7, 8] }],
    ['resource_id=2', 'resource_id', { by: 'id', ids: [2] }],
  ] as const)('%s', (query, name, choice) => {
    expect(parse(query).params.preselection).toEqual({ [name]: choice });
  });

  it('"0" means no choice for calendar_id and resource_id', () => {
    expect(parse('calendar_id=0&resource_id=0').params.preselection).toEqual({
      calendar_id: { by: 'none' },
      resource_id: { by: 'none' },
    });
  });

  it('"0" is not an id for the other parameters', () => {
    expect(parse('pack_id=0').dropped[0]?.name).toBe('pack_id');
    expect(parse('calendarset_id=0').dropped[0]?.name).toBe('calendarset_id');
  });

  it.each([
    ['interventionset_extern_ids=coiffure,soins', 'interventionset_ids', ['coiffure', 'soins']],
    [
      'intervention_extern_ids[]=coupe&intervention_extern_ids[]=brushing',
      'intervention_ids',
      ['coupe', 'brushing'],
    ],
    ['calendarset_extern_id=paris', 'calendarset_id', ['paris']],
    ['calendar_extern_id=anne', 'calendar_id', ['anne']],
    ['resource_extern_id=salle-1', 'resource_id', ['salle-1']],
  ] as const)('extern id %s maps to %s', (query, name, externids) => {
    expect(parse(query).params.preselection).toEqual({ [name]: { by: 'externid', externids } });
  });

  it('the id form wins over the extern-id form', () => {
    const result = parse('calendar_id=7&calendar_extern_id=anne');
    expect(result.params.preselection).toEqual({ calendar_id: { by: 'id', ids: [7] } });
    expect(result.dropped).toEqual([
      { name: 'calendar_extern_id', value: 'anne', reason: 'calendar_id is given too; it wins' },
    ]);
  });

  it('an invalid id form lets a valid extern-id form apply', () => {
    const result = parse('calendar_id=x&calendar_extern_id=anne');
    expect(result.params.preselection).toEqual({ calendar_id: { by: 'externid', externids: ['anne'] } });
    expect(result.dropped.map((d) => d.name)).toEqual(['calendar_id']);
  });

  it('calendar_id wins over calendar_ids', () => {
    const result = parse('calendar_id=7&calendar_ids=8,9');
    expect(result.params.preselection).toEqual({ calendar_id: { by: 'id', ids: [7] } });
    expect(result.dropped[0]?.name).toBe('calendar_ids');
  });

  it('a list with one bad item is dropped entirely', () => {
    const result = parse('intervention_ids=1,abc');
    expect(result.params.preselection).toEqual({});
    expect(result.dropped[0]?.name).toBe('intervention_ids');
  });

  it('repeated list parameters are not "given more than once"', () => {
    expect(parse('intervention_ids=1&intervention_ids=2').dropped).toEqual([]);
  });

  it('the home page resource parameter', () => {
    expect(parse('resource=4').params.resource).toBe(4);
    expect(parse('resource=0').params.resource).toBeNull();
  });
});

describe('property', () => {
  const names = fc.constantFrom(
    'key',
    'date',
    'email',
    'slots',
    'fiche',
    'colors',
    'vevent',
    'styles',
    'freeze',
    'nologo',
    'locale',
    'take_apt',
    'oubliKey',
    'noheader',
    'nofooter',
    'ficheKey',
    'list_rdv',
    'websource',
    'from_mail',
    'veventKey',
    'cancel_apt',
    'update_apt',
    'export_apt',
    'modify_url',
    'return_url',
    'return_button',
    'account_id',
    'temp_email',
    'validation_key',
    'max_multirdvs',
    'pack_id',
    'calendar_id',
    'resource_id',
    'calendar_ids',
    'calendarset_id',
    'intervention_ids',
    'calendar_extern_id',
    'interventionset_ids',
    'resource_extern_id',
    'calendarset_extern_id',
    'intervention_extern_ids',
    'interventionset_extern_ids',
    'autoresize',
    'resource',
    'fiche[x]',
    'other',
  );
  const query = fc.array(fc.tuple(names, fc.string({ maxLength: 20 })), { maxLength: 12 });

  const EXTERN: Record<string, string> = {
    calendar_extern_id: 'calendar_id',
    resource_extern_id: 'resource_id',
    calendarset_extern_id: 'calendarset_id',
    intervention_extern_ids: 'intervention_ids',
    interventionset_extern_ids: 'interventionset_ids',
  };
  const PRESELECTED = [
    'pack_id',
    'calendar_id',
    'resource_id',
    'calendar_ids',
    'calendarset_id',
    'intervention_ids',
    'interventionset_ids',
  ];

  it('never throws, and every present recognised parameter is either kept or reported', () => {
    fc.assert(
      fc.property(query, (pairs) => {
        const { params, dropped, unrecognised } = parseQueryParams(new URLSearchParams(pairs), { today });
        for (const [name, value] of pairs) {
          if (name === 'other') {
            expect(unrecognised).toContain('other');
            continue;
          }
          const target = EXTERN[name] ?? name;
          const kept = PRESELECTED.includes(target)
            ? target in params.preselection
            : (name.startsWith('fiche[') ? 'fiche' : name) in params;
          const reported = dropped.some((d) => d.name === name);
          // Absent by design: an empty date or colors value, and "0" for an appointment id.
          const absent =
            (['date', 'colors'].includes(name) && value.trim() === '') ||
            (/_apt$/.test(name) && /^\s*0+\s*$/.test(value));
          expect(kept || reported || absent, `${name}=${JSON.stringify(value)}`).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('a valid id list always round-trips', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 2_147_483_647 }), { minLength: 1, maxLength: 20 }),
        (ids) => {
          expect(parse(`intervention_ids=${ids.join(',')}`).params.preselection.intervention_ids).toEqual({
            by: 'id',
            ids,
          });
        },
      ),
    );
  });
});
