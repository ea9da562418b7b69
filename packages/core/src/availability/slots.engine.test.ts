/**
 * The slot rules, one by one, as a customer booking at "Salon Test" in Paris sees them. Unless said
 * otherwise it is Monday 23 November 2026, 08:00 in Paris (07:00 UTC).
 */
import { describe, expect, it } from 'vitest';
import {
  at,
  booked,
  calendar,
  exception,
  label,
  pack,
  promotion,
  resource,
  schedule,
  search,
  service,
  timesOn,
} from './test/builders.ts';

const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const mondayMorning = { hours: { mon: '09:00-12:00' } };

describe('opening ranges and the slot step', () => {
  it('offers every step from the start of each range, as long as the service ends by closing time', () => {
    const group = schedule({
      calendars: [calendar(1, { hours: { mon: '09:00-12:00 14:00-16:00' } })],
      services: [service(10, 45)],
      links: [[1, 10]],
    });
    const { slots } = search(group, { interventionIds: [10] }, { days: 1 });
    expect(timesOn(slots, MONDAY)).toEqual([
      ...['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00', '11:15'],
      ...['14:00', '14:15', '14:30', '14:45', '15:00', '15:15'],
    ]);
  });

  it('counts the step from the start of the range, not from the hour', () => {
    const group = schedule({
      calendars: [calendar(1, { slotStep: 20, hours: { mon: '09:10-10:30' } })],
      services: [service(10, 30)],
      links: [[1, 10]],
    });
    expect(timesOn(search(group, { interventionIds: [10] }, { days: 1 }).slots, MONDAY)).toEqual([
      '09:10',
      '09:30',
      '09:50',
    ]);
  });

  it("uses the calendar's own duration for the service when it has one", () => {
    const group = schedule({
      calendars: [calendar(1, mondayMorning), calendar(2, mondayMorning)],
      services: [service(10, 30)],
      links: [
        [1, 10, 90],
        [2, 10],
      ],
    });
    expect(
      timesOn(search(group, { interventionIds: [10], calendarId: 1 }, { days: 1 }).slots, MONDAY).at(-1),
    ).toBe('10:30');
    expect(
      timesOn(search(group, { interventionIds: [10], calendarId: 2 }, { days: 1 }).slots, MONDAY).at(-1),
    ).toBe('11:30');
  });

  it('lets an appointment run on across adjacent ranges and past midnight into the next day', () => {
    const group = schedule({
      calendars: [calendar(1, { slotStep: 30, hours: { mon: '22:00-24:00', tue: '00:00-01:00' } })],
      services: [service(10, 90)],
      links: [[1, 10]],
    });
    const { slots } = search(group, { interventionIds: [10] }, { days: 2 });
    expect(slots.map((s) => label(s))).toEqual([
      '2026-11-23 22:00',
      '2026-11-23 22:30',
      '2026-11-23 23:00',
      '2026-11-23 23:30',
    ]);
  });
});

describe('capacity', () => {
  const group = schedule({
    calendars: [calendar(1, { capacity: 2, hours: { mon: '09:00-12:00' } })],
    services: [service(10, 60)],
    links: [[1, 10]],
  });

  it('shows how many more customers fit, and nothing once the calendar is full', () => {
    const appointments = [
      booked(1, '2026-11-23T08:00:00Z', '2026-11-23T09:00:00Z'), // 09:00–10:00 in Paris
      booked(1, '2026-11-23T08:30:00Z', '2026-11-23T09:30:00Z'), // 09:30–10:30
    ];
    const { slots } = search(group, { interventionIds: [10] }, { days: 1, appointments });
    const capacity = Object.fromEntries(slots.map((s) => [s.time, s.capacity]));
    expect(capacity['09:00']).toBeUndefined(); // 09:30–10:00 is full
    expect(capacity['10:00']).toBe(1); // 10:00–10:30 still has one appointment
    expect(capacity['10:30']).toBe(2);
    expect(capacity['11:00']).toBe(2);
  });

  it('checks the whole interval: a short appointment in the middle blocks every start that overlaps it', () => {
    const single = schedule({
      calendars: [calendar(1, mondayMorning)],
      services: [service(10, 45)],
      links: [[1, 10]],
    });
    const appointments = [booked(1, '2026-11-23T09:15:00Z', '2026-11-23T09:30:00Z')]; // 10:15–10:30
    const times = timesOn(search(single, { interventionIds: [10] }, { days: 1, appointments }).slots, MONDAY);
    expect(times).toEqual(['09:00', '09:15', '09:30', '10:30', '10:45', '11:00', '11:15']);
  });

  it('ignores appointments of other calendars, and counts an appointment against its resource too', () => {
    const withRoom = schedule({
      calendars: [calendar(1, mondayMorning), calendar(2, mondayMorning), resource(50, mondayMorning)],
      services: [service(10, 60, { needResource: true })],
      links: [
        [1, 10],
        [2, 10],
        [50, 10],
      ],
    });
    // Calendar 2's customer holds the only room 09:00–10:00: calendar 1 is free but cannot work.
    const appointments = [booked(2, '2026-11-23T08:00:00Z', '2026-11-23T09:00:00Z', 50)];
    const times = timesOn(
      search(withRoom, { interventionIds: [10], calendarId: 1 }, { days: 1, appointments }).slots,
      MONDAY,
    );
    expect(times[0]).toBe('10:00');
  });
});

describe('appointments as given', () => {
  it('gives the same slots whatever the order of the appointments, close together or a year apart', () => {
    const group = schedule({
      calendars: [calendar(1, { capacity: 2, hours: { 'mon-fri': '09:00-12:00' } }), resource(50)],
      services: [service(10, 30)],
      links: [[1, 10]],
    });
    const near = [
      booked(1, '2026-11-23T08:00:00Z', '2026-11-23T08:30:00Z'),
      booked(1, '2026-11-23T08:15:00Z', '2026-11-23T09:00:00Z'),
      booked(1, '2026-11-24T08:30:00Z', '2026-11-24T09:30:00Z', 50),
      booked(1, '2026-11-23T08:20:00Z', '2026-11-23T08:40:00Z'),
    ];
    // Far apart: the engine cannot count minutes between them and sorts each calendar instead.
    const far = [
      ...near,
      booked(1, '2027-11-22T08:00:00Z', '2027-11-22T09:00:00Z'),
      booked(1, '2025-11-24T08:00:00Z', '2025-11-24T09:00:00Z'),
    ];
    for (const list of [near, far]) {
      const sorted = [...list].sort((a, b) => a.start - b.start);
      const answers = [sorted, [...sorted].reverse(), list].map((appointments) =>
        search(group, { interventionIds: [10] }, { days: 2, appointments }).slots.map(
          (s) => `${label(s)} ${s.capacity}`,
        ),
      );
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      // In Paris: 09:00–09:30, 09:15–10:00 and 09:20–09:40 fill both places from 09:15 to 09:40.
      expect(answers[0]).toContain('2026-11-23 09:45 1');
      expect(answers[0]).not.toContain('2026-11-23 09:15 1');
    }
  });
});

describe('exceptions to the weekly hours', () => {
  const hoursMonTue = { hours: { 'mon-tue': '09:00-12:00' } };

  it('closes a whole day for a closure and part of a day for an absence', () => {
    const group = schedule({
      calendars: [
        calendar(1, {
          ...hoursMonTue,
          exceptions: [
            exception('closure', '2026-11-23 00:00', '2026-11-24 00:00'),
            exception('absence', '2026-11-24 10:00', '2026-11-24 11:00'),
          ],
        }),
      ],
      services: [service(10, 30)],
      links: [[1, 10]],
    });
    const { slots } = search(group, { interventionIds: [10] }, { days: 2 });
    expect(timesOn(slots, MONDAY)).toEqual([]);
    expect(timesOn(slots, TUESDAY)).toEqual(['09:00', '09:15', '09:30', '11:00', '11:15', '11:30']);
  });

  it('adds an extra opening with its own step, and a removal wins over an opening', () => {
    const group = schedule({
      calendars: [
        calendar(1, {
          slotStep: 30,
          ...hoursMonTue,
          exceptions: [
            exception('opening', '2026-11-28 08:10', '2026-11-28 10:10'), // a Saturday
            exception('absence', '2026-11-28 09:00', '2026-11-28 09:30'),
          ],
        }),
      ],
      services: [service(10, 30)],
      links: [[1, 10]],
    });
    expect(timesOn(search(group, { interventionIds: [10] }).slots, '2026-11-28')).toEqual(['08:10', '09:40']);
  });
});

describe('resources', () => {
  const group = schedule({
    calendars: [
      calendar(1, mondayMorning),
      calendar(2, mondayMorning),
      resource(50, { hours: { mon: '10:00-12:00' } }),
      resource(51, { hours: { mon: '09:00-12:00' } }),
    ],
    services: [service(10, 60, { needResource: true }), service(11, 60)],
    links: [
      [1, 10],
      [2, 10],
      [1, 11],
      [50, 10],
      [51, 10],
    ],
  });

  it('needs a compatible resource open and free over the whole appointment', () => {
    const appointments = [booked(1, '2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z', 50)]; // room 50, 10:00–11:00
    const { slots } = search(group, { interventionIds: [10], resourceId: 50 }, { days: 1, appointments });
    expect(timesOn(slots, MONDAY)).toEqual(['11:00']);
  });

  it('with no preference, is limited by the rooms left as well as the people', () => {
    const { slots } = search(group, { interventionIds: [10] }, { days: 1 });
    const capacity = Object.fromEntries(slots.map((s) => [s.time, s.capacity]));
    expect(capacity['09:00']).toBe(1); // two people, but only room 51 is open before 10:00
    expect(capacity['10:00']).toBe(2);
  });

  it('does not ask for a resource when the service needs none', () => {
    const { slots } = search(group, { interventionIds: [11] }, { days: 1 });
    expect(timesOn(slots, MONDAY)[0]).toBe('09:00');
  });
});

describe('"no preference" over several calendars', () => {
  const group = schedule({
    calendars: [
      calendar(1, { hours: { mon: '09:00-10:00' } }),
      calendar(2, { capacity: 2, hours: { mon: '09:30-11:00' } }),
      calendar(3, { hours: { mon: '09:00-11:00' } }),
    ],
    services: [service(10, 30)],
    links: [
      [1, 10],
      [2, 10],
      [3, 10],
    ],
  });

  it('offers the union of their slots with the capacity summed over those that can take each', () => {
    const { slots } = search(group, { interventionIds: [10] }, { days: 1 });
    const capacity = Object.fromEntries(slots.map((s) => [s.time, s.capacity]));
    expect(capacity).toMatchObject({ '09:00': 2, '09:30': 4, '10:00': 3, '10:30': 3 });
  });

  it('keeps to the calendars listed in calendar_ids', () => {
    const { slots } = search(group, { interventionIds: [10], calendarIds: [1, 2] }, { days: 1 });
    const capacity = Object.fromEntries(slots.map((s) => [s.time, s.capacity]));
    expect(capacity).toMatchObject({ '09:00': 1, '09:30': 3, '10:00': 2 });
  });
});

describe('several appointments in one booking, and packs', () => {
  const group = schedule({
    calendars: [calendar(1, mondayMorning), calendar(2, mondayMorning)],
    services: [
      service(10, 30),
      service(11, 60),
      pack(20, [
        [10, 15],
        [11, 0],
      ]),
      pack(21, [
        [10, 0, 2],
        [11, 0],
      ]),
    ],
    links: [
      [1, 10],
      [2, 11],
      [2, 10],
    ],
  });

  it('chains the appointments: the second starts when the first ends, each on its own calendar', () => {
    // Calendar 2 (the only one doing service 11) is busy 10:30–11:00.
    const appointments = [booked(2, '2026-11-23T09:30:00Z', '2026-11-23T10:00:00Z')];
    const times = timesOn(
      search(
        group,
        { appointments: [{ interventionId: 10 }, { interventionId: 11 }] },
        { days: 1, appointments },
      ).slots,
      MONDAY,
    );
    // 09:00+30 → 09:30–10:30 ok; 09:15 → 09:45–10:45 overlaps; … 10:30 → 11:00–12:00 ok.
    expect(times).toEqual(['09:00', '10:30']);
  });

  it("puts a pack's break between its items", () => {
    const times = timesOn(search(group, { interventionIds: [20] }, { days: 1 }).slots, MONDAY);
    // 30 min + 15 min break + 60 min must end by 12:00: the last start is 10:15.
    expect(times.at(-1)).toBe('10:15');
    expect(times[0]).toBe('09:00');
  });

  it("honours a pack item's preselected calendar, or the customer's choice per item", () => {
    // Item 1 of pack 21 is preselected on calendar 2, which then does both items back to back.
    const appointments = [booked(1, '2026-11-23T08:00:00Z', '2026-11-23T11:00:00Z')];
    const preselected = search(group, { interventionIds: [21] }, { days: 1, appointments });
    expect(timesOn(preselected.slots, MONDAY)[0]).toBe('09:00');
    const chosen = search(
      group,
      {
        appointments: [
          { packId: 21, interventionId: 10, calendarId: 1 },
          { packId: 21, interventionId: 11 },
        ],
      },
      { days: 1, appointments },
    );
    expect(chosen.slots).toEqual([]);
  });
});

describe('promotions', () => {
  const group = schedule({
    calendars: [calendar(1, { hours: { 'mon-tue': '09:00-12:00' } })],
    services: [service(10, 30), service(11, 30)],
    links: [
      [1, 10],
      [1, 11],
    ],
    promotions: [
      promotion(20, { interventionIds: [10], weekdays: [2], fromMinute: 9 * 60, toMinute: 10 * 60 }),
      promotion(10, { interventionIds: [10], weekdays: [2] }),
    ],
  });

  it('marks the slots a promotion covers with its best percent, when asked', () => {
    const { slots } = search(group, { interventionIds: [10] }, { days: 2, promotions: true });
    const tuesday = Object.fromEntries(
      slots.filter((s) => s.date === TUESDAY).map((s) => [s.time, s.promotion]),
    );
    expect(tuesday['09:45']).toBe(20);
    expect(tuesday['10:00']).toBe(10);
    expect(slots.filter((s) => s.date === MONDAY).every((s) => s.promotion === null)).toBe(true);
  });

  it('does not mark anything when not asked, nor for other services', () => {
    expect(
      search(group, { interventionIds: [10] }, { days: 2 }).slots.every((s) => s.promotion === null),
    ).toBe(true);
    const other = search(group, { interventionIds: [11] }, { days: 2, promotions: true });
    expect(other.slots.every((s) => s.promotion === null)).toBe(true);
  });
});

describe('minimum notice and maximum booking period', () => {
  const group = schedule({
    calendars: [calendar(1, { hours: { 'mon-sun': '09:00-12:00' } })],
    services: [service(10, 30)],
    links: [[1, 10]],
  });

  it('offers nothing before now plus the notice', () => {
    const { slots } = search(
      group,
      { interventionIds: [10] },
      { now: '2026-11-23T08:50:00Z', notice: 60, days: 1 },
    );
    // It is 09:50 in Paris: 10:50 at the earliest, so the next step is 11:00.
    expect(timesOn(slots, MONDAY)[0]).toBe('11:00');
  });

  it('offers nothing after now plus the period, and a calendar may allow further ahead', () => {
    // Monday 08:00 + 2 days = Wednesday 08:00, before Wednesday's opening.
    const twoDays = search(group, { interventionIds: [10] }, { maxPeriod: 2 * 1440, days: 7 });
    expect(label(twoDays.slots.at(-1)!)).toBe('2026-11-24 11:30');
    const longer = schedule({
      calendars: [calendar(1, { maxPeriodMinutes: 4 * 1440, hours: { 'mon-sun': '09:00-12:00' } })],
      services: [service(10, 30)],
      links: [[1, 10]],
    });
    expect(label(search(longer, { interventionIds: [10] }, { maxPeriod: 2 * 1440 }).slots.at(-1)!)).toBe(
      '2026-11-26 11:30',
    );
  });
});

describe('scheduled release', () => {
  // Opens next month on the 23rd at 09:00 Paris: on Monday 23 November 2026 at 08:00, November only.
  const release = { dayOfMonth: 23, minuteOfDay: 9 * 60, monthsAhead: 1 };
  const group = schedule({
    // The calendar would take bookings a year ahead: the release bounds it all the same.
    calendars: [calendar(1, { maxPeriodMinutes: 365 * 1440, hours: { 'mon-sun': '09:00-12:00' } })],
    services: [service(10, 30)],
    links: [[1, 10]],
  });
  const days = (now: string) => [
    ...new Set(
      search(group, { interventionIds: [10] }, { now, start: '2026-11-29', days: 4, release }).slots.map(
        (s) => s.date,
      ),
    ),
  ];

  it('offers nothing after the last released date, and the next month from the first moment after the release', () => {
    expect(days('2026-11-23T07:00:00Z')).toEqual(['2026-11-29', '2026-11-30']);
    // 09:00:00 sharp in Paris: not yet; 09:00:30 (the search's minute rounded up): released.
    expect(days('2026-11-23T08:00:00Z')).toEqual(['2026-11-29', '2026-11-30']);
    expect(days('2026-11-23T08:00:30Z')).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it('stops the search for a first slot at the released dates', () => {
    const answer = search(group, { interventionIds: [10] }, { start: '2026-12-01', days: 1, release });
    expect(answer.slots).toEqual([]);
    expect(answer.firstSlot).toBeNull();
    const later = search(
      group,
      { interventionIds: [10] },
      { now: '2026-11-23T08:01:00Z', start: '2027-01-01', release },
    );
    expect(later.slots).toEqual([]);
    expect(later.firstSlot).toBeNull();
  });
});

describe('the first available slot', () => {
  const group = schedule({
    calendars: [
      calendar(1, {
        hours: { 'mon-fri': '09:00-12:00' },
        exceptions: [exception('closure', '2026-11-23 00:00', '2026-12-09 10:00')],
      }),
    ],
    services: [service(10, 30)],
    links: [[1, 10]],
  });

  it('is searched beyond the requested week when that week is empty', () => {
    const answer = search(group, { interventionIds: [10] });
    expect(answer.slots).toEqual([]);
    expect(answer.firstSlot && label(answer.firstSlot)).toBe('2026-12-09 10:00');
  });

  it('is the first slot of the week when the week has slots, at or after the requested time', () => {
    const answer = search(group, { interventionIds: [10] }, { start: '2026-12-09 10:40' });
    expect(answer.firstSlot && label(answer.firstSlot)).toBe('2026-12-09 10:45');
    expect(answer.slots[0]).toEqual(answer.firstSlot);
  });

  it('is null when nothing is free within the maximum period', () => {
    const answer = search(group, { interventionIds: [10] }, { maxPeriod: 10 * 1440 });
    expect(answer.firstSlot).toBeNull();
  });
});

describe('daylight saving time', () => {
  const night = (zone: string, hoursSpec: Record<string, string>, step = 30) =>
    schedule({
      zone,
      calendars: [calendar(1, { slotStep: step, hours: hoursSpec })],
      services: [service(10, 30)],
      links: [[1, 10]],
    });
  const options = (date: string) => ({
    now: `${date.slice(0, 8)}01T00:00:00Z`,
    start: date,
    days: 1,
    maxPeriod: 60 * 1440,
  });

  it('skips the local times that do not exist when clocks spring forward (Paris, 29 March 2026)', () => {
    const { slots } = search(
      night('Europe/Paris', { sun: '01:00-04:00' }),
      { interventionIds: [10] },
      options('2026-03-29'),
    );
    expect(slots.map((s) => `${s.time}${s.offset === 60 ? '+1' : '+2'}`)).toEqual([
      '01:00+1',
      '01:30+1',
      '03:00+2',
      '03:30+2',
    ]);
  });

  it('offers each real instant of a repeated hour once when clocks fall back (Paris, 25 October 2026)', () => {
    const { slots } = search(
      night('Europe/Paris', { sun: '01:00-04:00' }),
      { interventionIds: [10] },
      options('2026-10-25'),
    );
    expect(slots.map((s) => `${s.time}${s.offset === 60 ? '+1' : '+2'}`)).toEqual([
      '01:00+2',
      '01:30+2',
      '02:00+2',
      '02:30+2',
      '02:00+1',
      '02:30+1',
      '03:00+1',
      '03:30+1',
    ]);
    expect(new Set(slots.map((s) => s.start)).size).toBe(slots.length);
    expect(slots[5]!.start - slots[4]!.start).toBe(30);
  });

  it('copes with a missing midnight (São Paulo, 4 November 2018)', () => {
    const { slots } = search(
      night('America/Sao_Paulo', { sun: '00:00-02:00' }),
      { interventionIds: [10] },
      options('2018-11-04'),
    );
    expect(slots.map((s) => s.time)).toEqual(['01:00', '01:30']);
    expect(slots[0]!.start).toBe(at('2018-11-04T03:00:00Z'));
  });

  it('shifts by half an hour on Lord Howe Island (4 October 2026)', () => {
    const { slots } = search(
      night('Australia/Lord_Howe', { sun: '01:00-03:30' }),
      { interventionIds: [10] },
      options('2026-10-04'),
    );
    expect(slots.map((s) => s.time)).toEqual(['01:00', '01:30', '02:30', '03:00']);
  });

  it('has no slot on a date that was skipped (Samoa, 30 December 2011)', () => {
    const group = night('Pacific/Apia', { 'mon-sun': '09:00-12:00' }, 60);
    const { slots } = search(
      group,
      { interventionIds: [10] },
      { now: '2011-12-01T00:00:00Z', start: '2011-12-29', days: 3, maxPeriod: 60 * 1440 },
    );
    expect([...new Set(slots.map((s) => s.date))]).toEqual(['2011-12-29', '2011-12-31']);
  });

  it('runs to the real end of a 25-hour day when a range ends at 24:00 (Beirut, 24 October 2026)', () => {
    const { slots } = search(
      night('Asia/Beirut', { sat: '22:00-24:00' }),
      { interventionIds: [10] },
      options('2026-10-24'),
    );
    expect(slots.map((s) => `${s.time}${s.offset === 180 ? '+3' : '+2'}`)).toEqual([
      '22:00+3',
      '22:30+3',
      '23:00+3',
      '23:30+3',
      '23:00+2',
      '23:30+2',
    ]);
  });
});
