import { describe, expect, it } from 'vitest';
import { describeChange, formatValue } from './change-format.ts';

const words = { empty: '(none)', yes: 'yes', no: 'no' };

describe('change formatting', () => {
  it('says what a value was in plain words', () => {
    expect(formatValue('+33 4', words)).toBe('+33 4');
    expect(formatValue(null, words)).toBe('(none)');
    expect(formatValue(undefined, words)).toBe('(none)');
    expect(formatValue(true, words)).toBe('yes');
    expect(formatValue(1500, words)).toBe('1500');
    expect(formatValue(['fr', 'en'], words)).toBe('fr, en');
    expect(formatValue([], words)).toBe('(none)');
    expect(formatValue({ from: '2026-01-01' }, words)).toBe('{"from":"2026-01-01"}');
    expect(formatValue('x'.repeat(200), words)).toHaveLength(120);
  });

  it('names the field a change is, and leaves out the side it lacks', () => {
    expect(
      describeChange({ path: 'settings.phone', kind: 'changed', before: '1', after: '2' }, words),
    ).toEqual({ path: 'settings.phone', field: 'phone', kind: 'changed', before: '1', after: '2' });
    expect(
      describeChange({ path: 'calendars[alice].exceptions[0]', kind: 'removed', before: { a: 1 } }, words),
    ).toEqual({
      path: 'calendars[alice].exceptions[0]',
      field: null,
      kind: 'removed',
      before: '{"a":1}',
      after: null,
    });
    expect(describeChange({ path: 'name', kind: 'added', after: 'X' }, words).before).toBeNull();
  });
});
