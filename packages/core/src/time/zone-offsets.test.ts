import { describe, expect, it } from 'vitest';
import { dayOfIsoDate, isoDateOfDay } from './civil-day.ts';
import { intlWall } from './test/intl-wall.ts';
import { ZoneOffsets, zoneOffsets } from './zone-offsets.ts';

const ZONES = [
  'Europe/Paris',
  'America/Sao_Paulo',
  'Australia/Lord_Howe',
  'America/Havana',
  'Asia/Beirut',
  'America/Santiago',
  'Pacific/Apia',
  'UTC',
];

function ownWall(zone: string, u: number): string {
  const local = zoneOffsets(zone).localMinuteOf(u);
  const day = Math.floor(local / 1440);
  const m = local - day * 1440;
  return `${isoDateOfDay(day)} ${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

const hoursOf = (zone: string, date: string) => {
  const d = zoneOffsets(zone).localDay(dayOfIsoDate(date)!);
  return (d.end - d.start) / 60;
};

describe('zone offsets', () => {
  it.each(ZONES)('reads the same wall clock as Intl every 7 minutes over the tested years (%s)', (zone) => {
    const years =
      zone === 'Pacific/Apia' ? [2011, 2020, 2021] : zone === 'America/Sao_Paulo' ? [2018] : [2026];
    for (const year of years) {
      for (let u = Date.UTC(year, 0, 1) / 60_000; u < Date.UTC(year + 1, 0, 1) / 60_000; u += 7) {
        if (ownWall(zone, u) !== intlWall(zone, u)) expect(ownWall(zone, u)).toBe(intlWall(zone, u));
      }
    }
  });

  it('does not depend on the order in which years are first asked for', () => {
    const zone = new ZoneOffsets('America/Santiago');
    zone.offsetAt(Date.UTC(2031, 5, 1) / 60_000);
    zone.offsetAt(Date.UTC(2019, 5, 1) / 60_000);
    for (let u = Date.UTC(2018, 11, 1) / 60_000; u < Date.UTC(2032, 1, 1) / 60_000; u += 997) {
      const local = zone.localMinuteOf(u);
      const day = Math.floor(local / 1440);
      const m = local - day * 1440;
      const own = `${isoDateOfDay(day)} ${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      if (own !== intlWall('America/Santiago', u)) expect(own).toBe(intlWall('America/Santiago', u));
    }
  });

  it('knows days of 23, 23.5, 24, 24.5 and 25 hours, and a day that never happened', () => {
    expect(hoursOf('Europe/Paris', '2026-03-29')).toBe(23);
    expect(hoursOf('Europe/Paris', '2026-10-25')).toBe(25);
    expect(hoursOf('Europe/Paris', '2026-06-01')).toBe(24);
    expect(hoursOf('Australia/Lord_Howe', '2026-10-04')).toBe(23.5);
    expect(hoursOf('Australia/Lord_Howe', '2026-04-05')).toBe(24.5);
    expect(hoursOf('America/Santiago', '2026-04-04')).toBe(25);
    expect(zoneOffsets('Pacific/Apia').localDay(dayOfIsoDate('2011-12-30')!).pieces).toEqual([]);
    expect(hoursOf('Pacific/Apia', '2011-12-29')).toBe(24);
  });

  it('finds no instant for a skipped local time and two for a repeated one', () => {
    const paris = zoneOffsets('Europe/Paris');
    const local = (date: string, hh: number, mm: number) => dayOfIsoDate(date)! * 1440 + hh * 60 + mm;
    expect(paris.instantsOf(local('2026-03-29', 2, 30))).toEqual([]);
    expect(
      paris.instantsOf(local('2026-10-25', 2, 30)).map((u) => new Date(u * 60_000).toISOString()),
    ).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']);
    expect(paris.instantsOf(local('2026-06-01', 2, 30))).toHaveLength(1);
    // "At or after" a skipped time is the first instant after the gap.
    expect(new Date(paris.firstInstantAtOrAfter(local('2026-03-29', 2, 30)) * 60_000).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    const saoPaulo = zoneOffsets('America/Sao_Paulo');
    expect(saoPaulo.instantsOf(local('2018-11-04', 0, 0))).toEqual([]);
    expect(new Date(saoPaulo.firstInstantAtOrAfter(local('2018-11-04', 0, 0)) * 60_000).toISOString()).toBe(
      '2018-11-04T03:00:00.000Z',
    );
  });

  it('refuses an unknown zone', () => {
    expect(() => zoneOffsets('Mars/Olympus_Mons').offsetAt(0)).toThrow(RangeError);
  });
});
