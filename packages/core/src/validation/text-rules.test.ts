import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateField } from './form-fields.ts';
import { isAllowedText, type TextKind, textKindOfField, textProblem } from './text-rules.ts';

const ch = (code: number) => String.fromCharCode(code);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const C0_BUT_TAB_LF_CR = range(0x00, 0x1f).filter((c) => ![0x09, 0x0a, 0x0d].includes(c));
const C1_AND_DEL = range(0x7f, 0x9f);
const BIDI = [...range(0x202a, 0x202e), ...range(0x2066, 0x2069), 0x200e, 0x200f, 0x061c];
const KINDS: TextKind[] = ['multi-line', 'single-line', 'name', 'phone'];

describe('text rules', () => {
  it('refuse NUL, the other C0 controls, DEL and the C1 controls in every kind of field', () => {
    for (const kind of KINDS) {
      for (const code of [...C0_BUT_TAB_LF_CR, ...C1_AND_DEL]) {
        expect(textProblem(`12${ch(code)}34`, kind), `U+${code.toString(16)} in ${kind}`).toBe('control');
      }
    }
  });

  it('take tab, line feed, carriage return and the Unicode separators only in multi-line text', () => {
    for (const code of [0x09, 0x0a, 0x0d, 0x2028, 0x2029]) {
      expect(isAllowedText(`a${ch(code)}b`, 'multi-line')).toBe(true);
      for (const kind of ['single-line', 'name', 'phone'] as const) {
        expect(textProblem(`1${ch(code)}2`, kind)).toBe('lineBreak');
      }
    }
  });

  it('refuse bidirectional embeddings, overrides, isolates and marks in names only', () => {
    for (const code of BIDI) {
      expect(textProblem(`Léa${ch(code)}`, 'name')).toBe('bidi');
      expect(isAllowedText(`Léa${ch(code)}`, 'single-line')).toBe(true);
    }
  });

  it('refuse lone surrogates but take characters outside the basic plane', () => {
    expect(textProblem('a\ud800', 'multi-line')).toBe('brokenUnicode');
    expect(textProblem('\udc00a', 'single-line')).toBe('brokenUnicode');
    expect(textProblem('\ud800\ud800', 'name')).toBe('brokenUnicode');
    expect(isAllowedText('Zoë 😀 李 مريم', 'name')).toBe(true);
  });

  it('phones: digits, spaces and + - . ( ) / only', () => {
    expect(isAllowedText('+33 (0)6 12-34.56/78', 'phone')).toBe(true);
    for (const bad of ['06 12 34 56 7a', '06😀', '06#12', '０６'])
      expect(textProblem(bad, 'phone')).toBe('notPhone');
  });

  it('any text of allowed characters passes, and one forbidden character anywhere fails it', () => {
    const printable = fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => isAllowedText(s, 'name'));
    const forbidden = fc.constantFrom(...C0_BUT_TAB_LF_CR, ...C1_AND_DEL, 0x0a, 0x0d, ...BIDI).map(ch);
    fc.assert(
      fc.property(printable, forbidden, fc.nat(), (text, bad, at) => {
        const cut = at % (text.length + 1);
        expect(isAllowedText(text.slice(0, cut) + bad + text.slice(cut), 'name')).toBe(false);
      }),
    );
  });

  it('a form field’s kind: names and phones by name, multi-line when it has several rows', () => {
    expect(textKindOfField({ name: 'firstname' })).toBe('name');
    expect(textKindOfField({ name: 'lastname', rows: 4 })).toBe('name');
    expect(textKindOfField({ name: 'firstphone' })).toBe('phone');
    expect(textKindOfField({ name: 'comments', rows: 3 })).toBe('multi-line');
    expect(textKindOfField({ name: 'city' })).toBe('single-line');
  });

  it('dynamic form text fields answer format for forbidden characters', () => {
    const ctx = { today: '2026-11-23' };
    const format = { ok: false, error: { code: 'format', message: 'invalidTextInput' } };
    expect(validateField({ name: 'lastname', type: 'text' }, 'Mar\u0000tin', ctx)).toEqual(format);
    expect(validateField({ name: 'lastname', type: 'text' }, 'Mar\ntin', ctx)).toEqual(format);
    expect(validateField({ name: 'firstname', type: 'text' }, '\u202eLéa', ctx)).toEqual(format);
    expect(validateField({ name: 'firstphone', type: 'text' }, '06 <b>', ctx)).toEqual(format);
    expect(validateField({ name: 'notes', type: 'text', rows: 3 }, 'a\r\nb', ctx)).toEqual({
      ok: true,
      value: 'a\r\nb',
    });
    expect(validateField({ name: 'notes', type: 'text', rows: 3 }, 'a\u0000b', ctx)).toEqual(format);
    const radio = { name: 'how', type: 'radio' as const, allowAny: true, choices: [] };
    expect(validateField(radio, { other: 'a\u0007b' }, ctx)).toEqual(format);
    expect(validateField({ name: 'x', type: 'select' }, 'a\u0000', ctx)).toEqual(format);
  });
});
