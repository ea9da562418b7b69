import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDateParam } from './date-param.ts';

const today = '2024-06-15';

describe('parseDateParam', () => {
  it('accepts YYYY-MM-DD', () => {
    expect(parseDateParam('2024-07-01', { today })).toEqual({
      value: { date: '2024-07-01', time: null },
      invalid: false,
    });
  });

  it('accepts "YYYY-MM-DD hh:mm:ss"', () => {
    expect(parseDateParam('2024-07-01 09:30:00', { today })).toEqual({
      value: { date: '2024-07-01', time: '09:30:00' },
      invalid: false,
    });
    expect(parseDateParam('2024-07-01 23:59:59', { today }).invalid).toBe(false);
  });

  it('is absent when missing or empty', () => {
    expect(parseDateParam(null, { today })).toEqual({ value: null, invalid: false });
    expect(parseDateParam('', { today, strict: true })).toEqual({ value: null, invalid: false });
  });

  it.each([
    '2024-02-30',
    '2024-13-01',
    '2024-7-1',
    '01/07/2024',
    '2024-07-01T09:30:00',
    '2024-07-01 09:30',
    '2024-07-01 24:00:00',
    '2024-07-01 09:60:00',
    '2024-07-01 09:30:60',
    '2024-07-01  09:30:00',
    ' 2024-07-01',
    'today',
  ])('replaces "%s" by today, or ignores it in strict mode', (raw) => {
    expect(parseDateParam(raw, { today })).toEqual({ value: { date: today, time: null }, invalid: true });
    expect(parseDateParam(raw, { today, strict: true })).toEqual({ value: null, invalid: true });
  });

  it('property: every real date and time is kept as given', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.boolean(),
        (instant, withTime) => {
          const iso = instant.toISOString();
          const raw = withTime ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : iso.slice(0, 10);
          const result = parseDateParam(raw, { today, strict: true });
          expect(result.invalid).toBe(false);
          expect(result.value).toEqual({ date: iso.slice(0, 10), time: withTime ? iso.slice(11, 19) : null });
        },
      ),
    );
  });
});
