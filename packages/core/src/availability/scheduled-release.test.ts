import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { civilFromDay, dayOfIsoDate, isoDateOfDay } from '../time/civil-day.ts';
import { intlWall } from '../time/test/intl-wall.ts';
import { zoneOffsets } from '../time/zone-offsets.ts';
import { type MonthlyRelease, releaseAtSearch, releaseBound, releaseOfConfig } from './scheduled-release.ts';

const ZONES = [
  'Europe/Paris',
  'America/New_York',
  'Australia/Lord_Howe',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'Pacific/Auckland',
  'UTC',
];

const minuteOf = (iso: string) => Date.parse(iso) / 60_000;
const isoOf = (minute: number) => new Date(minute * 60_000).toISOString().slice(0, 16);
const monthOf = (day: number) => {
  const [y, m] = civilFromDay(day);
  return y * 12 + m - 1;
};

/** Local minutes (day × 1440 + minute) of an instant, straight from Intl: the reference. */
function intlLocalMinute(zone: string, u: number): number {
  const [date, time] = intlWall(zone, u).split(' ') as [string, string];
  const [h, m] = time.split(':').map(Number) as [number, number];
  return dayOfIsoDate(date)! * 1440 + h * 60 + m;
}

const releaseArb: fc.Arbitrary<MonthlyRelease> = fc.record({
  dayOfMonth: fc.integer({ min: 1, max: 28 }),
  minuteOfDay: fc.integer({ min: 0, max: 1439 }),
  monthsAhead: fc.integer({ min: 1, max: 12 }),
});
// 2000 … 2040, in epoch minutes.
const instantArb = fc.integer({ min: minuteOf('2000-01-01T00:00Z'), max: minuteOf('2040-01-01T00:00Z') });
const zoneArb = fc.constantFrom(...ZONES);

describe('releaseBound', () => {
  it('opens next month on the 1st at 09:00 (Paris)', () => {
    const release = releaseOfConfig({ day_of_month: 1, time: '09:00', months_ahead: 1 });
    const zone = zoneOffsets('Europe/Paris');
    const before = releaseBound(release, zone, minuteOf('2026-11-27T20:00Z'));
    expect(isoDateOfDay(before.lastDay)).toBe('2026-12-31');
    expect(isoOf(before.nextReleaseAt)).toBe('2026-12-01T08:00');
    expect(isoDateOfDay(before.nextLastDay)).toBe('2027-01-31');
    expect(isoOf(before.endsAt)).toBe('2026-12-31T23:00');
    const justBefore = releaseBound(release, zone, minuteOf('2026-12-01T07:59Z'));
    expect(isoDateOfDay(justBefore.lastDay)).toBe('2026-12-31');
    const at = releaseBound(release, zone, minuteOf('2026-12-01T08:00Z'));
    expect(isoDateOfDay(at.lastDay)).toBe('2027-01-31');
    expect(isoOf(at.nextReleaseAt)).toBe('2027-01-01T08:00');
  });

  it('in effect from the first moment after the release at a search (now rounded up)', () => {
    const release = releaseOfConfig({ day_of_month: 1, time: '09:00', months_ahead: 1 });
    const zone = zoneOffsets('Europe/Paris');
    // 08:00:00Z exactly (09:00 Paris) rounds to itself: not yet; 08:00:01 rounds to 08:01: released.
    expect(isoDateOfDay(releaseAtSearch(release, zone, minuteOf('2026-12-01T08:00Z')).lastDay)).toBe(
      '2026-12-31',
    );
    expect(isoDateOfDay(releaseAtSearch(release, zone, minuteOf('2026-12-01T08:01Z')).lastDay)).toBe(
      '2027-01-31',
    );
  });

  it('a release in the skipped hour happens when the clocks have jumped; in the repeated hour, at the first', () => {
    const zone = zoneOffsets('Europe/Paris');
    const spring = releaseOfConfig({ day_of_month: 28, time: '02:30', months_ahead: 2 });
    // 2027-03-28 02:00 → 03:00: the release is at 03:00 CEST.
    expect(isoOf(releaseBound(spring, zone, minuteOf('2027-03-20T00:00Z')).nextReleaseAt)).toBe(
      '2027-03-28T01:00',
    );
    const autumn = releaseOfConfig({ day_of_month: 25, time: '02:30', months_ahead: 1 });
    // 2026-10-25 03:00 → 02:00: 02:30 happens twice, first at 00:30Z.
    expect(isoOf(releaseBound(autumn, zone, minuteOf('2026-10-20T00:00Z')).nextReleaseAt)).toBe(
      '2026-10-25T00:30',
    );
  });

  it('across a year and with months_ahead 12', () => {
    const release = releaseOfConfig({ day_of_month: 15, time: '00:00', months_ahead: 12 });
    const bound = releaseBound(release, zoneOffsets('America/New_York'), minuteOf('2026-12-20T12:00Z'));
    expect(isoDateOfDay(bound.lastDay)).toBe('2027-12-31');
    expect(isoOf(bound.nextReleaseAt)).toBe('2027-01-15T05:00');
    expect(isoDateOfDay(bound.nextLastDay)).toBe('2028-01-31');
  });

  it('properties: the bound ends a month, moves at the next release by one month, and never goes back', () => {
    fc.assert(
      fc.property(releaseArb, zoneArb, instantArb, fc.integer({ min: 0, max: 200_000 }), (r, name, t, dt) => {
        const zone = zoneOffsets(name);
        const b = releaseBound(r, zone, t);
        // The next release is later, and nothing changes until it.
        expect(b.nextReleaseAt).toBeGreaterThan(t);
        expect(releaseBound(r, zone, b.nextReleaseAt - 1).lastDay).toBe(b.lastDay);
        const after = releaseBound(r, zone, b.nextReleaseAt);
        expect(after.lastDay).toBe(b.nextLastDay);
        // Whole months: the last bookable date ends its month; a release adds exactly one month.
        expect(civilFromDay(b.lastDay + 1)[2]).toBe(1);
        expect(monthOf(b.nextLastDay)).toBe(monthOf(b.lastDay) + 1);
        // The release at R opens the month R's own month + months_ahead.
        expect(monthOf(zone.localDayOf(b.nextReleaseAt)) + r.monthsAhead).toBe(monthOf(b.nextLastDay));
        // The bookable period ends within months_ahead months of now, and not before this month's end.
        const nowMonth = monthOf(zone.localDayOf(t));
        expect(monthOf(b.lastDay) - nowMonth).toBeGreaterThanOrEqual(r.monthsAhead - 1);
        expect(monthOf(b.lastDay) - nowMonth).toBeLessThanOrEqual(r.monthsAhead);
        // Later never releases less.
        expect(releaseBound(r, zone, t + dt).lastDay).toBeGreaterThanOrEqual(b.lastDay);
        // endsAt is the first moment of the date after the last bookable one.
        expect(zone.localDayOf(b.endsAt)).toBe(b.lastDay + 1);
        expect(zone.localDayOf(b.endsAt - 1)).toBe(b.lastDay);
      }),
      { numRuns: 400 },
    );
  });

  it('properties: the release instant is the first whose wall clock (Intl) reads the day and time or later', () => {
    fc.assert(
      fc.property(releaseArb, zoneArb, instantArb, (r, name, t) => {
        const b = releaseBound(r, zoneOffsets(name), t);
        const [y, m] = civilFromDay(Math.floor(intlLocalMinute(name, b.nextReleaseAt) / 1440));
        const target = (dayOfIsoDate(`${y}-${String(m).padStart(2, '0')}-01`)! + r.dayOfMonth - 1) * 1440;
        const wanted = target + r.minuteOfDay;
        expect(intlLocalMinute(name, b.nextReleaseAt)).toBeGreaterThanOrEqual(wanted);
        // Within the hour of a skipped time, and the minute before had not reached it yet.
        expect(intlLocalMinute(name, b.nextReleaseAt) - wanted).toBeLessThanOrEqual(60);
        expect(intlLocalMinute(name, b.nextReleaseAt - 1)).toBeLessThan(wanted);
      }),
      { numRuns: 300 },
    );
  });
});
