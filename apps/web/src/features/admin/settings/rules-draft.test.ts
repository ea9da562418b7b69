import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentWith, draftOf, localProblems, type RulesDraft, sortProblems } from './rules-draft.ts';

const document = {
  urlname: 'demo-salon',
  name: 'Atelier',
  settings: {
    phone: '+33 4',
    open: true,
    openData: true,
    loginProfile: 'Account',
    user_allow_comment: true,
    maxrdv_period: 172_800,
    rules: {
      min_notice_minutes: 120,
      cancel_notice_minutes: 1440,
      modify_notice_minutes: 2880,
      max_future_appointments: 4,
      mintime_between_minutes: 0,
      blacklist: ['spam@example.com'],
    },
  },
  calendars: [{ externid: 'leonie', name: 'Léonie' }],
};

describe('the booking rules draft', () => {
  it('reads minutes as hours, days and weeks a person types', () => {
    const draft = draftOf(document);
    expect(draft.minNotice).toEqual({ amount: '2', unit: 'hours' });
    expect(draft.modifyNotice).toEqual({ amount: '2', unit: 'days' });
    expect(draft.horizon).toEqual({ amount: '120', unit: 'days' });
    expect(draft.minGap).toEqual({ amount: '0', unit: 'minutes' });
    expect(draft.maxFuture).toBe('4');
    expect(draft.blacklist).toBe('spam@example.com');
    expect([draft.open, draft.loginProfile, draft.allowComment]).toEqual([true, 'Account', true]);
  });

  it('writes back an untouched draft as the same document', () => {
    expect(documentWith(document, draftOf(document))).toEqual(document);
    expect(localProblems(draftOf(document)).size).toBe(0);
  });

  it('writes the owner changes in minutes and touches nothing else', () => {
    const draft: RulesDraft = {
      ...draftOf(document),
      horizon: { amount: '2', unit: 'weeks' },
      minNotice: { amount: '1,5', unit: 'hours' },
      maxFuture: ' ',
      blacklist: ' a@b.fr \n\n c@d.com ',
      open: false,
      loginProfile: 'Fiche',
    };
    const written = documentWith(document, draft) as typeof document & { settings: Record<string, unknown> };
    expect(written.settings.maxrdv_period).toBe(20_160);
    expect(written.settings.rules).toMatchObject({
      min_notice_minutes: 90,
      max_future_appointments: null,
      blacklist: ['a@b.fr', 'c@d.com'],
    });
    expect([written.settings.open, written.settings.loginProfile, written.settings.phone]).toEqual([
      false,
      'Fiche',
      '+33 4',
    ]);
    expect(written.calendars).toEqual(document.calendars);
    expect(document.settings.maxrdv_period).toBe(172_800);
  });

  it('fills the defaults of a group that never set its rules', () => {
    const draft = draftOf({ urlname: 'x', name: 'X', settings: {} });
    expect(draft.minNotice).toEqual({ amount: '1', unit: 'hours' });
    expect(draft.cancelNotice).toEqual({ amount: '1', unit: 'days' });
    expect(draft.horizon).toEqual({ amount: '90', unit: 'days' });
    expect(draft.maxFuture).toBe('');
  });

  it('checks bounds, counts, addresses and a notice shorter than the horizon', () => {
    const problems = localProblems({
      ...draftOf(document),
      cancelNotice: { amount: 'soon', unit: 'hours' },
      horizon: { amount: '800', unit: 'days' },
      maxFuture: '0',
      blacklist: 'not an address',
    });
    expect([...problems]).toEqual([
      ['cancelNotice', 'number'],
      ['horizon', 'range'],
      ['maxFuture', 'count'],
      ['blacklist', 'email'],
    ]);
    expect([
      ...localProblems({
        ...draftOf(document),
        minNotice: { amount: '3', unit: 'days' },
        horizon: { amount: '3', unit: 'days' },
      }),
    ]).toEqual([['minNotice', 'noticeBeyondHorizon']]);
    // A calendar that takes bookings further ahead leaves room, as on the server.
    const longer = { ...document, calendars: [{ externid: 'leonie', name: 'L', maxrdv_period: 10_000 }] };
    expect(
      localProblems({
        ...draftOf(longer),
        minNotice: { amount: '3', unit: 'days' },
        horizon: { amount: '3', unit: 'days' },
      }).size,
    ).toBe(0);
  });

  it('reads, writes and turns off a scheduled release', () => {
    const off = draftOf(document);
    expect([off.release, off.releaseDay, off.releaseTime, off.releaseMonths]).toEqual([
      false,
      '1',
      '09:00',
      '1',
    ]);
    const on: RulesDraft = {
      ...off,
      release: true,
      releaseDay: '15',
      releaseTime: '08:30',
      releaseMonths: '2',
    };
    expect(localProblems(on).size).toBe(0);
    const written = documentWith(document, on) as any;
    expect(written.settings.rules.release).toEqual({ day_of_month: 15, time: '08:30', months_ahead: 2 });
    const read = draftOf(written);
    expect([read.release, read.releaseDay, read.releaseTime, read.releaseMonths]).toEqual([
      true,
      '15',
      '08:30',
      '2',
    ]);
    expect(documentWith(written, read)).toEqual(written);
    // Turned off: null, and the values typed stay in the draft until the page is left.
    const cleared = documentWith(written, { ...read, release: false }) as any;
    expect(cleared.settings.rules.release).toBeNull();
  });

  it('checks a release only while it is on: a day 1–28, a time HH:MM, 1–12 months', () => {
    const bad = { releaseDay: '29', releaseTime: '24:00', releaseMonths: '0' };
    expect(localProblems({ ...draftOf(document), ...bad }).size).toBe(0);
    expect([...localProblems({ ...draftOf(document), ...bad, release: true })]).toEqual([
      ['releaseDay', 'dayOfMonth'],
      ['releaseTime', 'releaseTime'],
      ['releaseMonths', 'monthsAhead'],
    ]);
    for (const [field, value] of [
      ['releaseDay', ''],
      ['releaseDay', '1.5'],
      ['releaseDay', '-1'],
      ['releaseTime', '9:00'],
      ['releaseTime', ''],
      ['releaseTime', '12:60'],
      ['releaseMonths', '13'],
      ['releaseMonths', 'x'],
    ] as const) {
      expect([...localProblems({ ...draftOf(document), release: true, [field]: value }).keys()]).toEqual([
        field,
      ]);
    }
  });

  it('property: a draft the browser accepts writes values the schema bounds allow', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 1_100_000 }),
        fc.option(fc.integer({ min: -5, max: 1200 }), { nil: null }),
        (notice, horizon, future) => {
          const draft: RulesDraft = {
            ...draftOf(document),
            minNotice: { amount: String(notice), unit: 'minutes' },
            horizon: { amount: String(horizon), unit: 'minutes' },
            maxFuture: future === null ? '' : String(future),
          };
          const ok = localProblems(draft).size === 0;
          const inBounds =
            notice <= 86_400 &&
            horizon >= 60 &&
            horizon <= 1_052_640 &&
            notice < horizon &&
            (future === null || (future >= 1 && future <= 1000));
          expect(ok).toBe(inBounds);
        },
      ),
    );
  });

  it('brings the server problems back to their fields', () => {
    expect(
      sortProblems([
        '$.settings.maxrdv_period: Too big: expected number to be <=1052640',
        '$.settings.rules.blacklist[1]: Invalid email address',
        '$.settings.rules.min_notice_minutes: the notice to book must be shorter than the booking horizon (maxrdv_period)',
        '$.settings.openDataX: odd',
        '$.interventions[0].length: Too small',
        '$.settings.rules.release.time: a time HH:MM between 00:00 and 23:59',
      ]),
    ).toEqual({
      fields: new Map([
        ['minNotice', 'noticeBeyondHorizon'],
        ['horizon', 'invalid'],
        ['releaseTime', 'invalid'],
        ['blacklist', 'invalid'],
      ]),
      other: ['$.settings.openDataX: odd', '$.interventions[0].length: Too small'],
    });
  });
});
