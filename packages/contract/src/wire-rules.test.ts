import {
  boundedInt,
  emailText,
  fieldMap,
  findUnsafeJson,
  isBookingYear,
  multiLineText,
  safeJson,
  singleLineText,
} from '@creneau/contract/wire-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('input rules (schema building blocks)', () => {
  it('single-line text refuses NUL, CR, LF, tab, DEL and C1; keeps its length bounds', () => {
    const text = singleLineText(10, 1);
    expect(text.safeParse('Léa Martin').success).toBe(true);
    for (const bad of ['a\u0000', 'a\rb', 'a\nb', 'a\tb', 'a\u007f', 'a\u0085', 'a\u2028']) {
      expect(text.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(messageOf(text.safeParse('a\u0000'))).toBe('must not contain control characters');
    expect(messageOf(text.safeParse('a\nb'))).toBe('must be a single line (no tab or line break)');
    expect(text.safeParse('').success).toBe(false);
    expect(text.safeParse('x'.repeat(11)).success).toBe(false);
  });

  it('multi-line text takes tab and line breaks, nothing else below U+0020', () => {
    const text = multiLineText(100);
    expect(text.safeParse('Bonjour,\r\n\tà demain').success).toBe(true);
    expect(text.safeParse('a\u0000b').success).toBe(false);
    expect(text.safeParse('a\u001bb').success).toBe(false);
    expect(text.safeParse('\ud83d').success).toBe(false);
  });

  it('e-mail text: trimmed, one line', () => {
    expect(emailText.safeParse('  lea@example.com ').data).toBe('lea@example.com');
    expect(emailText.safeParse('lea@example.com\u0000').success).toBe(false);
    expect(emailText.safeParse('lea@example.com\r\nBcc: a@b.c').success).toBe(false);
  });

  it('bounded integers: from numbers or digits, never fractions, exponents or out of range', () => {
    const n = boundedInt(0, 100);
    expect(n.safeParse(0).data).toBe(0);
    expect(n.safeParse('100').data).toBe(100);
    for (const bad of [-1, 101, 1.5, '1e2', '', ' 5', 2 ** 53, '99999999999', Number.NaN]) {
      expect(n.safeParse(bad).success, String(bad)).toBe(false);
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), (value) => {
        expect(n.safeParse(value).success).toBe(value >= 0 && value <= 100);
      }),
    );
  });

  it('free-form JSON: the path of the first bad string, key or depth, without recursion', () => {
    expect(findUnsafeJson({ a: [{ b: 'ok\n' }] })).toBeNull();
    expect(findUnsafeJson({ a: [{ b: 'x\u0000' }] })).toEqual({
      path: 'a.0.b',
      message: 'must not contain control characters',
    });
    expect(findUnsafeJson({ 'a\nb': 1 })?.path).toBe('a\nb');
    expect(findUnsafeJson({ a: 'x\ny' }, { strings: 'single-line' })?.path).toBe('a');
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnsafeJson(deep)?.message).toBe('must nest at most 8 levels');
    // A record schema measures its JSON only once the depth is known to be safe: no stack overflow.
    expect(fieldMap(10, 1000).safeParse({ x: deep }).success).toBe(false);
    expect(safeJson(1000).safeParse(deep).success).toBe(false);
  });

  it('record envelopes: field names one line of 64 characters, values free of control characters', () => {
    const map = fieldMap(3, 200);
    expect(map.safeParse({ firstname: 'Léa', notes: 'a\nb' }).success).toBe(true);
    expect(map.safeParse({ firstname: 'L\u0000a' }).success).toBe(false);
    expect(map.safeParse({ ['x'.repeat(65)]: 1 }).success).toBe(false);
    expect(map.safeParse({ a: 1, b: 2, c: 3, d: 4 }).success).toBe(false);
    expect(map.safeParse({ a: 'x'.repeat(300) }).success).toBe(false);
  });

  it('booking years: 2000 to 2999 only', () => {
    expect(isBookingYear('2026-11-24T10:00:00+01:00')).toBe(true);
    for (const bad of ['9999-01-01', '0001-01-01', '1999-12-31', '3000-01-01', 'abcd']) {
      expect(isBookingYear(bad), bad).toBe(false);
    }
  });
});
