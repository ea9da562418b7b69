/** Same-day ranges written as formatRange writes them, in every language (same-day-range.ts). */
import { intlLocale } from '@creneau/core/format/intl-locale';
import { LOCALES } from '@creneau/core/locales';
import { describe, expect, it } from 'vitest';
import { formatTimeRange } from './mail-format.ts';
import { formatSameDayRange } from './same-day-range.ts';

const ZONES = [
  'UTC',
  'Europe/Paris',
  'Europe/London',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];
const MINUTE = 60_000;

describe('formatSameDayRange', () => {
  it('writes every range formatRange writes, in every language and zone, or leaves it to formatRange', () => {
    let written = 0;
    for (const locale of LOCALES)
      for (const timeZone of ZONES) {
        const format = new Intl.DateTimeFormat(intlLocale(locale), {
          dateStyle: 'full',
          timeStyle: 'short',
          hourCycle: 'h23',
          timeZone,
        });
        // Starts every 37 minutes over two days and a DST change (Europe, 29 March 2026), lengths
        // from 5 minutes to over a day.
        for (let start = Date.UTC(2026, 2, 28, 0, 7); start < Date.UTC(2026, 2, 30); start += 37 * MINUTE)
          for (const length of [5, 15, 45, 60, 75, 240, 1500]) {
            const from = new Date(start);
            const to = new Date(start + length * MINUTE);
            const fast = formatSameDayRange(format, from, to);
            if (fast === undefined) continue;
            written++;
            expect(fast, `${locale} ${timeZone} ${from.toISOString()} +${length}`).toBe(
              format.formatRange(from, to),
            );
          }
      }
    // Most ranges are within a day: the fast path must be taken, not only be right when it is.
    expect(written).toBeGreaterThan(LOCALES.length * ZONES.length * 400);
  });

  it('leaves a range over two days to formatRange', () => {
    const format = new Intl.DateTimeFormat('fr', {
      dateStyle: 'full',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    expect(
      formatSameDayRange(format, new Date('2026-11-23T23:30:00Z'), new Date('2026-11-24T00:15:00Z')),
    ).toBeUndefined();
    expect(
      formatTimeRange('fr', 'UTC', new Date('2026-11-23T23:30:00Z'), new Date('2026-11-24T00:15:00Z')),
    ).toBe(format.formatRange(new Date('2026-11-23T23:30:00Z'), new Date('2026-11-24T00:15:00Z')));
  });
});
