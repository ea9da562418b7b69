import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales.ts';
import {
  formatCalendarDate,
  formatCalendarMonth,
  formatDate,
  formatDateTime,
  formatDayHeader,
  formatTime,
  formatWallDateTime,
  formatWeekday,
  wallClocksDiffer,
} from './date-time.ts';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
// 15 July 2024 07:05 UTC = 09:05 in Paris (summer time), 03:05 in New York.
const instant = Date.UTC(2024, 6, 15, 7, 5);

describe('instants on the group wall clock', () => {
  it('formatTime: 24-hour, two digits, in the group time zone', () => {
    expect(formatTime(instant, { locale: 'fr', timeZone: 'Europe/Paris' })).toBe('09:05');
    expect(formatTime(instant, { locale: 'en', timeZone: 'America/New_York' })).toBe('03:05');
    expect(formatTime(Date.UTC(2024, 0, 15, 13, 0), { locale: 'en', timeZone: 'Europe/Paris' })).toBe(
      '14:00',
    );
  });

  it('formatDate: the date in the group time zone, not UTC', () => {
    const lateUtc = Date.UTC(2024, 6, 15, 23, 30); // already 16 July in Paris
    expect(formatDate(lateUtc, { locale: 'fr', timeZone: 'Europe/Paris' })).toBe('16 juillet 2024');
    expect(formatDate(lateUtc, { locale: 'fr', timeZone: 'America/New_York' })).toBe('15 juillet 2024');
    expect(formatDate(instant, { locale: 'de', timeZone: 'Europe/Paris', style: 'full' })).toBe(
      'Montag, 15. Juli 2024',
    );
    expect(formatDate(new Date(instant), { locale: 'en', timeZone: 'Europe/Paris' })).toBe('15 July 2024');
  });

  it("formatDateTime: joined the language's way", () => {
    expect(plain(formatDateTime(instant, { locale: 'fr', timeZone: 'Europe/Paris' }))).toBe(
      '15 juillet 2024 à 09:05',
    );
    expect(plain(formatDateTime(instant, { locale: 'en', timeZone: 'Europe/Paris' }))).toBe(
      '15 July 2024 at 09:05',
    );
  });

  it('the DST change in the group zone is respected', () => {
    // 31 March 2024: Paris jumps from 02:00 to 03:00.
    expect(formatTime(Date.UTC(2024, 2, 31, 0, 59), { locale: 'fr', timeZone: 'Europe/Paris' })).toBe(
      '01:59',
    );
    expect(formatTime(Date.UTC(2024, 2, 31, 1, 0), { locale: 'fr', timeZone: 'Europe/Paris' })).toBe('03:00');
  });
});

describe('calendar dates and wall-clock date-times', () => {
  it('formatCalendarDate: no shift whatever the runtime zone', () => {
    expect(formatCalendarDate('2024-07-15', { locale: 'fr' })).toBe('15 juillet 2024');
    expect(formatCalendarDate('2024-01-01', { locale: 'en', style: 'short' })).toBe('01/01/2024');
    expect(formatCalendarDate('1066-10-14', { locale: 'en' })).toBe('14 October 1066');
    expect(() => formatCalendarDate('15/07/2024', { locale: 'fr' })).toThrow(RangeError);
  });

  it('formatCalendarMonth: the month and year of a date, no shift', () => {
    expect(formatCalendarMonth('2027-01-31', { locale: 'fr' })).toBe('janvier 2027');
    expect(formatCalendarMonth('2027-01-01', { locale: 'en' })).toBe('January 2027');
    expect(formatCalendarMonth('2027-12-31', { locale: 'de' })).toBe('Dezember 2027');
  });

  it('formatDayHeader and formatWeekday', () => {
    expect(plain(formatDayHeader('2024-07-15', { locale: 'fr' }))).toBe('lun. 15 juil.');
    expect(formatDayHeader('2024-07-15', { locale: 'en' })).toBe('Mon 15 Jul');
    expect(formatWeekday('2024-07-15', { locale: 'de' })).toBe('Montag');
    expect(formatWeekday('2024-07-15', { locale: 'fr', width: 'short' })).toBe('lun.');
  });

  it('formatWallDateTime: the group wall clock as given', () => {
    expect(plain(formatWallDateTime('2024-07-15T09:05', { locale: 'fr' }))).toBe('15 juillet 2024 à 09:05');
    expect(plain(formatWallDateTime('2024-03-31 02:30:00', { locale: 'fr' }))).toBe('31 mars 2024 à 02:30');
    expect(() => formatWallDateTime('2024-07-15T24:00', { locale: 'fr' })).toThrow(RangeError);
  });

  it('Breton dates: Breton month names with br data, French ones without', () => {
    const text = formatCalendarDate('2024-07-15', { locale: 'br' });
    expect(['15 Gouere 2024', '15 juillet 2024']).toContain(text);
  });

  it('property: every language formats every day of the calendar without throwing and shows its year', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2200-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...LOCALES),
        (date, locale) => {
          const iso = date.toISOString().slice(0, 10);
          expect(formatCalendarDate(iso, { locale })).toContain(iso.slice(0, 4));
        },
      ),
    );
  });
});

describe('wallClocksDiffer', () => {
  it('same zone or same offset: no note', () => {
    expect(wallClocksDiffer(instant, 'Europe/Paris', 'Europe/Paris')).toBe(false);
    expect(wallClocksDiffer(instant, 'Europe/Paris', 'Europe/Berlin')).toBe(false);
  });

  it('different offsets: a note', () => {
    expect(wallClocksDiffer(instant, 'Europe/Paris', 'Europe/London')).toBe(true);
    expect(wallClocksDiffer(instant, 'Europe/Paris', 'America/New_York')).toBe(true);
  });

  it('judged at the instant: zones whose DST rules differ agree part of the year only', () => {
    // Casablanca (UTC+1 most of the year) and London agree in summer, not in winter.
    const summer = Date.UTC(2024, 6, 15, 12);
    const winter = Date.UTC(2024, 0, 15, 12);
    expect(wallClocksDiffer(summer, 'Europe/London', 'Africa/Casablanca')).toBe(false);
    expect(wallClocksDiffer(winter, 'Europe/London', 'Africa/Casablanca')).toBe(true);
  });
});
