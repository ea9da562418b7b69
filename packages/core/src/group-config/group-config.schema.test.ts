import { describe, expect, it } from 'vitest';
import { describeConfigErrors, type GroupConfigInput, groupConfigSchema } from './group-config.schema.ts';

const minimal: GroupConfigInput = { urlname: 'shop', name: 'Shop' };

function problems(input: unknown): string[] {
  const result = groupConfigSchema.safeParse(input);
  return result.success ? [] : describeConfigErrors(result.error);
}

describe('group configuration schema', () => {
  it('fills the spec defaults for a minimal group (fr, FR, EUR, Europe/Paris, comments allowed)', () => {
    const config = groupConfigSchema.parse(minimal);
    expect(config.settings).toMatchObject({
      locale: 'fr',
      country: 'FR',
      currency: 'EUR',
      timezone: 'Europe/Paris',
      user_allow_comment: true,
      check_sms_from_web: true,
      openData: true,
      loginProfile: 'Account',
    });
    expect(config.settings.rules.min_notice_minutes).toBe(60);
    expect(config.active).toBe(true);
  });

  it("a site's address has a street and a town", () => {
    const site = (address: Record<string, string>) => ({
      ...minimal,
      calendarsets: [{ externid: 'nord', name: 'Nord', address: { zipcode: '59000', ...address } }],
    });
    expect(problems(site({ address: '', city: 'Lille' }))).toEqual([
      '$.calendarsets[0].address.address: the street of the site',
    ]);
    expect(problems(site({ address: '1 rue', city: '' }))).toEqual([
      '$.calendarsets[0].address.city: the town of the site',
    ]);
    expect(problems(site({ address: '1 rue', city: 'Lille' }))).toEqual([]);
  });

  it('refuses url names that could not be a path segment', () => {
    for (const urlname of ['Shop', 'a', '-shop', 'shop/x', 'shop x', 'été']) {
      expect(problems({ ...minimal, urlname })[0], urlname).toMatch(/^\$\.urlname: /);
    }
  });

  it('checks opening ranges: real times, start before end, 24:00 only as an end', () => {
    const calendar = (weekly: unknown) => ({ ...minimal, calendars: [{ externid: 'c', name: 'C', weekly }] });
    expect(problems(calendar({ mon: [['09:00', '24:00']] }))).toEqual([]);
    expect(problems(calendar({ mon: [['12:00', '09:00']] }))).toEqual([
      '$.calendars[0].weekly.mon[0]: a range whose start is before its end',
    ]);
    expect(problems(calendar({ mon: [['24:00', '24:00']] }))[0]).toMatch(/weekly\.mon\[0\]/);
    expect(problems(calendar({ mon: [['9:00', '10:00']] }))[0]).toMatch(/a time HH:MM/);
    expect(problems(calendar({ funday: [['09:00', '10:00']] }))[0]).toMatch(/weekly/);
  });

  it('checks dates exist and exceptions run forwards', () => {
    const withException = (from: string, to: string) => ({
      ...minimal,
      calendars: [{ externid: 'c', name: 'C', exceptions: [{ kind: 'closure', from, to }] }],
    });
    expect(problems(withException('2027-02-29T00:00', '2027-03-01T00:00'))[0]).toMatch(/a date that exists/);
    expect(problems(withException('2028-02-29T00:00', '2028-03-01T00:00'))).toEqual([]);
    expect(problems(withException('2026-12-02T00:00', '2026-12-01T00:00'))).toEqual([
      '$.calendars[0].exceptions[0].to: from must be before to',
    ]);
  });

  it('reports duplicate externids and unresolved references with their paths', () => {
    const input = {
      ...minimal,
      interventions: [
        { externid: 'a', name: 'A', length: 30 },
        { externid: 'a', name: 'A again', length: 30, interventionset: 'ghost-set' },
      ],
      packs: [{ externid: 'p', name: 'P', items: [{ intervention: 'a' }, { intervention: 'b' }] }],
      calendars: [{ externid: 'c', name: 'C', calendarset: 'ghost', interventions: [{ intervention: 'p' }] }],
    };
    expect(problems(input)).toEqual([
      '$.interventions[1].externid: duplicate externid "a"',
      '$.interventions[1].interventionset: unknown interventionset "ghost-set"',
      '$.packs[0].items[1].intervention: unknown intervention "b"',
      '$.packs[0].price: a pack needs price or total_price',
      '$.calendars[0].calendarset: unknown calendarset "ghost"',
      // A pack is not performed by a calendar: its items are.
      '$.calendars[0].interventions[0].intervention: unknown intervention "p"',
    ]);
  });

  it('refuses packs and promotions that name deleted items, too few items or an empty list', () => {
    const services = [
      { externid: 'a', name: 'A', length: 30 },
      { externid: 'b', name: 'B', length: 30 },
      { externid: 'gone', name: 'Gone', length: 30, deleted: true },
    ];
    const calendars = [{ externid: 'away', name: 'Away', deleted: true }];
    const pack = (items: unknown[], extra: Record<string, unknown> = {}) => ({
      externid: 'p',
      name: 'P',
      price: 1000,
      items,
      ...extra,
    });
    const offers = (packs: unknown[], promotions: unknown[] = []) =>
      problems({ ...minimal, interventions: services, calendars, packs, promotions });
    expect(offers([pack([{ intervention: 'a', break_time: 10 }, { intervention: 'b' }])])).toEqual([]);
    expect(offers([pack([{ intervention: 'a' }, { intervention: 'gone' }])])).toEqual([
      '$.packs[0].items[1].intervention: deleted intervention "gone"',
    ]);
    expect(offers([pack([{ intervention: 'a', selectedCalendar: 'away' }, { intervention: 'b' }])])).toEqual([
      '$.packs[0].items[0].selectedCalendar: deleted calendar "away"',
    ]);
    // A deleted pack keeps what it had: it is offered to nobody.
    expect(offers([pack([{ intervention: 'a' }, { intervention: 'gone' }], { deleted: true })])).toEqual([]);
    expect(offers([pack([{ intervention: 'a' }])])[0]).toMatch(/^\$\.packs\[0\]\.items: /);
    expect(offers([pack([{ intervention: 'a' }, { intervention: 'b', break_time: -1 }])])[0]).toMatch(
      /^\$\.packs\[0\]\.items\[1\]\.break_time: /,
    );

    const promotion = (extra: Record<string, unknown>) => ({
      externid: 'o',
      label: 'O',
      percent: 10,
      ...extra,
    });
    expect(offers([], [promotion({ interventions: ['a', 'gone'] })])).toEqual([
      '$.promotions[0].interventions[1]: deleted intervention "gone"',
    ]);
    expect(offers([], [promotion({ interventions: [] })])).toEqual([
      '$.promotions[0].interventions: name at least one service or pack, or null for every service',
    ]);
    expect(offers([], [promotion({ interventions: ['gone'], deleted: true })])).toEqual([]);
    for (const percent of [0, 101, 12.5])
      expect(offers([], [promotion({ percent })])[0], String(percent)).toMatch(
        /^\$\.promotions\[0\]\.percent: /,
      );
    expect(offers([], [promotion({ from_time: '12:00', to_time: '09:00' })])).toEqual([
      '$.promotions[0].to_time: from_time must be before to_time',
    ]);
    expect(offers([], [promotion({ from_date: '2027-02-02', to_date: '2027-02-01' })])).toEqual([
      '$.promotions[0].to_date: from_date must not be after to_date',
    ]);
  });

  it('keeps the language and single sign-on settings coherent', () => {
    expect(problems({ ...minimal, settings: { locale: 'de', enabled_locales: ['fr', 'en'] } })).toEqual([
      '$.settings.locale: locale must be one of enabled_locales',
    ]);
    expect(problems({ ...minimal, settings: { sso_login_only: true } })).toEqual([
      '$.sso: sso_login_only needs an sso provider',
    ]);
    expect(problems({ ...minimal, settings: { timezone: 'Europe/Atlantis' } })[0]).toMatch(/IANA time zone/);
  });

  it('refuses a notice to book as long as the horizon, and a booking step listed twice', () => {
    const rules = (min_notice_minutes: number, maxrdv_period: number, calendar?: number) =>
      problems({
        ...minimal,
        settings: { maxrdv_period, rules: { min_notice_minutes } },
        calendars: calendar === undefined ? [] : [{ externid: 'a', name: 'A', maxrdv_period: calendar }],
      });
    expect(rules(1440, 1440)).toEqual([
      '$.settings.rules.min_notice_minutes: the notice to book must be shorter than the booking horizon (maxrdv_period)',
    ]);
    expect(rules(1439, 1440)).toEqual([]);
    // A calendar that takes bookings further ahead leaves room.
    expect(rules(2000, 1440, 3000)).toEqual([]);
    expect(
      problems({
        ...minimal,
        settings: {
          user_sequence_config: [
            { name: 'intervention_ids' },
            { name: 'calendar_id' },
            { name: 'intervention_ids' },
          ],
        },
      }),
    ).toEqual(['$.settings.user_sequence_config[2].name: step "intervention_ids" listed twice']);
  });

  it('refuses a form field named twice in its form, lengths that exclude every answer, a choice twice', () => {
    const field = (name: string, more: object = {}) => ({
      name,
      type: 'text' as const,
      label: name,
      ...more,
    });
    // The same name in both forms is two different answers: allowed.
    expect(problems({ ...minimal, forms: { fiche: [field('note')], vevent: [field('note')] } })).toEqual([]);
    expect(
      problems({
        ...minimal,
        forms: {
          fiche: [field('note'), field('note')],
          vevent: [field('a'), field('b'), field('a')],
        },
      }),
    ).toEqual([
      '$.forms.fiche[1].name: duplicate field "note"',
      '$.forms.vevent[2].name: duplicate field "a"',
    ]);
    const lengths = (minLength: number, maxLength: number) =>
      problems({ ...minimal, forms: { vevent: [field('code', { minLength, maxLength })] } });
    expect(lengths(10, 10)).toEqual([]);
    expect(lengths(11, 10)).toEqual(['$.forms.vevent[0].maxLength: maxLength must not be below minLength']);
    const choices = (...values: string[]) =>
      problems({
        ...minimal,
        forms: {
          fiche: [
            field('size', { type: 'select', choices: values.map((value) => ({ value, label: value })) }),
          ],
        },
      });
    expect(choices('s', 'm', 'l')).toEqual([]);
    expect(choices('s', 'm', 's')).toEqual(['$.forms.fiche[0].choices[2].value: duplicate choice "s"']);
    expect(choices('s', '')[0]).toMatch(/^\$\.forms\.fiche\[0\]\.choices\[1\]\.value: /);
  });

  it('refuses hostile strings where only identifiers belong', () => {
    expect(
      problems({ ...minimal, interventions: [{ externid: "x' or 1=1", name: 'X', length: 10 }] })[0],
    ).toMatch(/^\$\.interventions\[0\]\.externid: /);
    expect(
      problems({
        ...minimal,
        interventions: [{ externid: 'x', name: 'X', length: 10, thumbnail: 'javascript:alert(1)' }],
      })[0],
    ).toMatch(/thumbnail: a path from the site root .* or an https:\/\/ URL/);
  });

  it('takes only https links and pictures from the site or an https host on the home page', () => {
    const site = (website: Record<string, unknown>) => problems({ ...minimal, website });
    expect(
      site({
        website_link: 'https://www.example.com',
        facebook: 'https://www.facebook.com/x',
        images: [{ url: '/api/v3/groups/1/images/0123456789abcdef0123456789abcdef-gallery.jpg', alt: 'A' }],
      }),
    ).toEqual([]);
    expect(
      site({
        website_link: 'http://www.example.com',
        facebook: 'javascript:alert(1)',
        instagram: 'instagram.com/x',
        images: [
          { url: 'http://cdn.example.com/a.jpg', alt: 'A' },
          { url: '//evil.example/a.jpg', alt: 'B' },
        ],
      }).map((line) => line.split(':')[0]),
    ).toEqual([
      '$.website.website_link',
      '$.website.facebook',
      '$.website.instagram',
      '$.website.images[0].url',
      '$.website.images[1].url',
    ]);
  });
});
