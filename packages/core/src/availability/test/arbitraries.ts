/**
 * fast-check generators of whole booking situations, anchored on the DST transitions of the zones
 * where they are the nastiest: a missing midnight (America/Sao_Paulo 2018, America/Havana, Asia/Beirut,
 * America/Santiago), a clock going back across midnight (America/Santiago, Asia/Beirut,
 * America/Sao_Paulo), half-hour shifts (Australia/Lord_Howe), a skipped date (Pacific/Apia 2011).
 * Opening ranges cluster around midnight and on both sides of 13:00.
 */
import fc from 'fast-check';
import type {
  AppointmentInput,
  BookingRules,
  CalendarInput,
  InterventionInput,
  LinkInput,
  PromotionInput,
  ScheduleException,
  ScheduleInput,
  WeeklyRange,
} from '../availability.types.ts';
import type { ReferenceSelection } from './reference-slots.ts';

/** Local dates of every offset change of the tested years (checked against Intl in zone tests). */
export const TRANSITION_DATES: Record<string, string[]> = {
  'Europe/Paris': ['2026-03-29', '2026-10-25'],
  'America/Sao_Paulo': ['2018-02-17', '2018-11-04'],
  'Australia/Lord_Howe': ['2026-04-05', '2026-10-04'],
  'America/Havana': ['2026-03-08', '2026-11-01'],
  'Asia/Beirut': ['2026-03-29', '2026-10-24'],
  'America/Santiago': ['2026-04-04', '2026-09-06'],
  'Pacific/Apia': ['2011-04-02', '2011-09-24', '2011-12-30', '2020-04-05', '2020-09-27', '2021-04-04'],
  UTC: ['2026-06-15'],
};
export const ZONES = Object.keys(TRANSITION_DATES);

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Local "YYYY-MM-DD HH:MM:00" `minutes` after local midnight of `date` (wall-clock arithmetic). */
export const localStamp = (date: string, minutes: number) => {
  const day = Math.floor(minutes / 1440);
  return `${addDays(date, day)} ${hhmm(minutes - day * 1440)}:00`;
};

const interestingStart = fc.oneof(
  fc.constantFrom(0, 15, 30, 60, 90, 120, 150, 180, 210, 1320, 1380, 1410, 1425),
  fc.constantFrom(540, 600, 690, 720, 750, 765, 780, 795, 810, 840),
  fc.integer({ min: 0, max: 1439 }),
);

const weeklyRanges = fc
  .array(
    fc.record({
      weekday: fc.integer({ min: 1, max: 7 }),
      start: interestingStart,
      length: fc.oneof(
        fc.integer({ min: 5, max: 240 }),
        fc.integer({ min: 240, max: 900 }),
        fc.constant(1440),
      ),
    }),
    { minLength: 3, maxLength: 14 },
  )
  .map((list): WeeklyRange[] =>
    list.map((r) => ({
      weekday: r.weekday,
      startMinute: r.start,
      endMinute: Math.min(1440, r.start + r.length),
    })),
  );

const exceptions = (anchor: string) =>
  fc.array(
    fc
      .record({
        kind: fc.constantFrom('closure', 'absence', 'opening') as fc.Arbitrary<ScheduleException['kind']>,
        start: fc.integer({ min: -1440, max: 3 * 1440 }),
        length: fc.integer({ min: 15, max: 2 * 1440 }),
      })
      .map(
        (e): ScheduleException => ({
          kind: e.kind,
          startsLocal: localStamp(anchor, e.start),
          endsLocal: localStamp(anchor, e.start + e.length),
        }),
      ),
    { maxLength: 2 },
  );

const calendarOf = (id: number, isResource: boolean, anchor: string, sizes: Sizes) =>
  fc
    .record({
      capacity: fc.integer({ min: 1, max: 3 }),
      slotStep: fc.constantFrom(5, 10, 15, 20, 30, 45, 60),
      maxPeriodMinutes: fc.option(fc.integer({ min: 1440, max: sizes.maxPeriodDays * 1440 }), { freq: 3 }),
      weekly: weeklyRanges,
      exceptions: exceptions(anchor),
    })
    .map((c): CalendarInput => ({ id, isResource, ...c }));

/** Whether a calendar performs a service (9 times in 10), with its own duration half the time. */
const linkOf = (duration: fc.Arbitrary<number>) =>
  fc
    .tuple(fc.integer({ min: 0, max: 9 }), fc.boolean(), duration)
    .map(([present, own, minutes]) => ({ linked: present !== 0, duration: own ? minutes : null }));

export interface Case {
  input: ScheduleInput;
  appointments: AppointmentInput[];
  selection: ReferenceSelection;
  now: number;
  rules: BookingRules;
  firstDate: string;
  days: number;
  startLocal: string | undefined;
  promotions: boolean;
}

export interface Sizes {
  calendars: number;
  resources: number;
  appointments: number;
  days: number;
  maxPeriodDays: number;
}

export const SMALL: Sizes = { calendars: 3, resources: 2, appointments: 8, days: 3, maxPeriodDays: 5 };
export const MEDIUM: Sizes = { calendars: 5, resources: 3, appointments: 40, days: 7, maxPeriodDays: 14 };

/** A random group, selection and moment around a DST transition of a random zone. */
export function caseArbitrary(sizes: Sizes = SMALL): fc.Arbitrary<Case> {
  return fc
    .record({
      zone: fc.constantFrom(...ZONES),
      pick: fc.nat(),
      shift: fc.integer({ min: -2, max: 1 }),
    })
    .chain(({ zone, pick, shift }) => {
      const anchors = TRANSITION_DATES[zone]!;
      const anchor = anchors[pick % anchors.length]!;
      const firstDate = addDays(anchor, shift);
      // Roughly local midnight of the first date; zones are within 14 hours of UTC.
      const dayStart = Date.parse(`${firstDate}T00:00:00Z`) / 60_000;
      return fc
        .record({
          calendarCount: fc.integer({ min: 1, max: sizes.calendars }),
          resourceCount: fc.integer({ min: 0, max: sizes.resources }),
        })
        .chain(({ calendarCount, resourceCount }) => {
          const calendarIds = Array.from({ length: calendarCount }, (_, i) => i + 1);
          const resourceIds = Array.from({ length: resourceCount }, (_, i) => 50 + i);
          const everyId = [...calendarIds, ...resourceIds];
          return fc.record({
            calendars: fc.tuple(
              ...calendarIds.map((id) => calendarOf(id, false, firstDate, sizes)),
              ...resourceIds.map((id) => calendarOf(id, true, firstDate, sizes)),
            ),
            lengths: fc.tuple(fc.integer({ min: 5, max: 90 }), fc.integer({ min: 5, max: 60 })),
            needResource: fc.tuple(fc.boolean(), fc.boolean()),
            packBreak: fc.integer({ min: 0, max: 30 }),
            packSelected: fc.option(fc.constantFrom(...calendarIds), { freq: 3 }),
            links: fc.tuple(
              ...everyId.map(() =>
                fc.tuple(linkOf(fc.integer({ min: 5, max: 90 })), linkOf(fc.integer({ min: 5, max: 60 }))),
              ),
            ),
            appointments: fc.array(
              fc.record({
                calendar: fc.constantFrom(...everyId),
                resource: fc.option(fc.constantFrom(...(resourceIds.length ? resourceIds : [0])), {
                  freq: 2,
                }),
                start: fc.integer({ min: -18 * 60, max: sizes.days * 1440 + 600 }),
                length: fc.integer({ min: 5, max: 180 }),
              }),
              { maxLength: sizes.appointments },
            ),
            promotions: fc.array(
              fc.record({
                percent: fc.integer({ min: 5, max: 50 }),
                interventionIds: fc.constantFrom(null, [100], [200], [101, 200]),
                fromDate: fc.option(
                  fc.constantFrom(addDays(firstDate, -1), firstDate, addDays(firstDate, 1)),
                ),
                toDate: fc.option(fc.constantFrom(firstDate, addDays(firstDate, 1), addDays(firstDate, 3))),
                weekdays: fc.option(
                  fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 4 }),
                ),
                fromMinute: fc.option(interestingStart),
                toMinute: fc.option(fc.integer({ min: 1, max: 1440 })),
              }),
              { maxLength: 2 },
            ),
            services: fc.constantFrom<number[]>([100], [101], [100, 101], [200], [101, 100]),
            choice: fc.oneof(
              { arbitrary: fc.constant({}), weight: 2 },
              { arbitrary: fc.constantFrom(...calendarIds).map((id) => ({ calendarId: id })), weight: 1 },
              {
                arbitrary: fc.subarray(calendarIds, { minLength: 1 }).map((ids) => ({ calendarIds: ids })),
                weight: 1,
              },
            ),
            resourceChoice: resourceIds.length
              ? fc.option(fc.constantFrom(...resourceIds), { freq: 3 })
              : fc.constant(null),
            nowShift: fc.integer({ min: -2 * 1440, max: 1440 }),
            notice: fc.constantFrom(0, 0, 30, 60, 180),
            maxPeriod: fc.integer({ min: 1440, max: sizes.maxPeriodDays * 1440 }),
            days: fc.integer({ min: 1, max: sizes.days }),
            startMinute: fc.option(fc.integer({ min: 0, max: 1439 }), { freq: 3 }),
            promotionsFlag: fc.boolean(),
          });
        })
        .map((g): Case => {
          const ids = g.calendars.map((c) => c.id);
          const links: LinkInput[] = [];
          g.links.forEach(([a, b], i) => {
            if (a.linked) links.push({ calendarId: ids[i]!, interventionId: 100, duration: a.duration });
            if (b.linked) links.push({ calendarId: ids[i]!, interventionId: 101, duration: b.duration });
          });
          const interventions: InterventionInput[] = [
            {
              id: 100,
              type: 'free',
              length: g.lengths[0],
              needResource: g.needResource[0],
              onlyPackage: false,
              status: 'opened',
              items: null,
            },
            {
              id: 101,
              type: 'free',
              length: g.lengths[1],
              needResource: g.needResource[1],
              onlyPackage: false,
              status: 'opened',
              items: null,
            },
            {
              id: 200,
              type: 'pack',
              length: 1,
              needResource: false,
              onlyPackage: false,
              status: 'opened',
              items: [
                { interventionId: 100, breakTime: g.packBreak, selectedCalendar: g.packSelected },
                { interventionId: 101, breakTime: 0, selectedCalendar: null },
              ],
            },
          ];
          const resources = g.calendars.filter((c) => c.isResource).map((c) => c.id);
          const appointments = g.appointments.map(
            (a): AppointmentInput => ({
              calendarId: a.calendar,
              resourceId: a.resource !== null && resources.includes(a.resource) ? a.resource : null,
              start: dayStart + a.start,
              end: dayStart + a.start + a.length,
            }),
          );
          const promotions: PromotionInput[] = g.promotions;
          return {
            input: { timeZone: zone, calendars: g.calendars, links, interventions, promotions },
            appointments,
            selection: {
              interventionIds: g.services,
              ...g.choice,
              ...(g.resourceChoice !== null ? { resourceId: g.resourceChoice } : {}),
            },
            now: dayStart + g.nowShift,
            rules: { minNoticeMinutes: g.notice, maxPeriodMinutes: g.maxPeriod },
            firstDate,
            days: g.days,
            startLocal: g.startMinute === null ? undefined : `${firstDate} ${hhmm(g.startMinute)}`,
            promotions: g.promotionsFlag,
          };
        });
    });
}
