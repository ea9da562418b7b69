import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FieldDefinition, INTEGER_MAX, validateField, validateForm } from './form-fields.ts';
import { isAllowedText, textKindOfField } from './text-rules.ts';

const ctx = { today: '2024-06-15' };
const err = (code: string, message: string) => ({ ok: false, error: { code, message } });
const EMPTY = err('empty', 'emptyRequiredTextInput');
const FORMAT = err('format', 'invalidTextInput');
const DATE = err('dateFormat', 'invalidDateInput');

const text = (extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name: 'lastname',
  type: 'text',
  ...extra,
});

describe('text', () => {
  it('required and empty, null, missing or only spaces → empty', () => {
    for (const raw of ['', '   ', null, undefined]) {
      expect(validateField(text({ required: true }), raw, ctx)).toEqual(EMPTY);
    }
  });

  it('optional and empty → stored as null', () => {
    expect(validateField(text(), '  ', ctx)).toEqual({ ok: true, value: null });
  });

  it('trims by default, keeps spaces when trim is false', () => {
    expect(validateField(text(), '  Dupont ', ctx)).toEqual({ ok: true, value: 'Dupont' });
    expect(validateField(text({ trim: false }), '  Dupont ', ctx)).toEqual({ ok: true, value: '  Dupont ' });
  });

  it('maxLength defaults to 255 characters (code points)', () => {
    expect(validateField(text(), 'a'.repeat(255), ctx)).toEqual({ ok: true, value: 'a'.repeat(255) });
    expect(validateField(text(), 'a'.repeat(256), ctx)).toEqual(FORMAT);
    expect(validateField(text(), '😀'.repeat(255), ctx).ok).toBe(true);
  });

  it('minLength and maxLength from the definition → format', () => {
    const field = text({ minLength: 3, maxLength: 5 });
    expect(validateField(field, 'ab', ctx)).toEqual(FORMAT);
    expect(validateField(field, 'abc', ctx).ok).toBe(true);
    expect(validateField(field, 'abcdef', ctx)).toEqual(FORMAT);
    // Lengths apply to the trimmed text.
    expect(validateField(field, '  ab  ', ctx)).toEqual(FORMAT);
  });

  it('minLength does not make an optional empty field an error', () => {
    expect(validateField(text({ minLength: 3 }), '', ctx)).toEqual({ ok: true, value: null });
  });

  it('a number becomes its text; objects and booleans are format errors', () => {
    expect(validateField(text(), 42, ctx)).toEqual({ ok: true, value: '42' });
    expect(validateField(text(), { a: 1 }, ctx)).toEqual(FORMAT);
    expect(validateField(text(), true, ctx)).toEqual(FORMAT);
    expect(validateField(text(), ['a'], ctx)).toEqual(FORMAT);
  });

  it('property: a text is accepted exactly when its trimmed length is within the bounds', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-composite', maxLength: 30 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 20 }),
        (value, min, max) => {
          const field = text({ minLength: min, maxLength: max });
          // Characters the text rules refuse (a line separator in a one-line field…) have their own
          // tests (text-rules.test.ts): this property is about the length only.
          fc.pre(isAllowedText(value, textKindOfField(field)));
          const trimmed = value.trim();
          const result = validateField(field, value, ctx);
          if (trimmed === '') expect(result).toEqual({ ok: true, value: null });
          else {
            const length = Array.from(trimmed).length;
            expect(result.ok).toBe(length >= min && length <= max);
          }
        },
      ),
    );
  });
});

describe('str9 reference number', () => {
  const str9: FieldDefinition = { name: 'str9', type: 'text', required: true };

  it('is upper-cased and stored', () => {
    expect(validateField(str9, ' ab12cd34ef, 0123456789 ', ctx)).toEqual({
      ok: true,
      value: 'AB12CD34EF, 0123456789',
    });
  });

  it('breaking the pattern → formatAnts (invalidNumberRequestAnts)', () => {
    expect(validateField(str9, 'AB12', ctx)).toEqual(err('formatAnts', 'invalidNumberRequestAnts'));
  });

  it('required and empty → empty', () => {
    expect(validateField(str9, '', ctx)).toEqual(EMPTY);
  });
});

describe('email', () => {
  const email: FieldDefinition = { name: 'email', type: 'email', required: true };

  it('valid → trimmed and lower-cased', () => {
    expect(validateField(email, ' Jean@Example.COM ', ctx)).toEqual({ ok: true, value: 'jean@example.com' });
  });

  it('invalid → emailValidator', () => {
    expect(validateField(email, 'jean@', ctx)).toEqual(err('emailValidator', 'emailValidator'));
    expect(validateField(email, 12, ctx)).toEqual(err('emailValidator', 'emailValidator'));
  });

  it('required and empty → empty; optional and empty → null', () => {
    expect(validateField(email, '', ctx)).toEqual(EMPTY);
    expect(validateField({ ...email, required: false }, '', ctx)).toEqual({ ok: true, value: null });
  });
});

describe('integer', () => {
  const int: FieldDefinition = { name: 'children', type: 'integer' };

  it('accepts integers as numbers or digit strings', () => {
    expect(validateField(int, 3, ctx)).toEqual({ ok: true, value: 3 });
    expect(validateField(int, ' 42 ', ctx)).toEqual({ ok: true, value: 42 });
    expect(validateField(int, '-7', ctx)).toEqual({ ok: true, value: -7 });
    expect(validateField(int, '+7', ctx)).toEqual({ ok: true, value: 7 });
    expect(validateField(int, '-0', ctx)).toEqual({ ok: true, value: 0 });
  });

  it('maximum 2147483647 → format above', () => {
    expect(validateField(int, INTEGER_MAX, ctx)).toEqual({ ok: true, value: INTEGER_MAX });
    expect(validateField(int, String(INTEGER_MAX + 1), ctx)).toEqual(FORMAT);
    expect(validateField(int, '99999999999999999999', ctx)).toEqual(FORMAT);
  });

  it('refuses decimals, exponents, hex, words and non-finite numbers', () => {
    for (const raw of [
      1.5,
      '1.5',
      '1e3',
      '0x10',
      'ten',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '1 000',
      true,
    ]) {
      expect(validateField(int, raw, ctx), String(raw)).toEqual(FORMAT);
    }
  });

  it('required and empty → empty', () => {
    expect(validateField({ ...int, required: true }, '', ctx)).toEqual(EMPTY);
  });

  it('property: every integer in range is accepted, as a number and as text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_147_483_648, max: INTEGER_MAX }), (n) => {
        expect(validateField(int, n, ctx)).toEqual({ ok: true, value: n === 0 ? 0 : n });
        expect(validateField(int, String(n), ctx)).toEqual({ ok: true, value: n === 0 ? 0 : n });
      }),
    );
  });
});

describe('boolean', () => {
  const box: FieldDefinition = { name: 'newsletter', type: 'boolean' };

  it('reads the usual true and false spellings', () => {
    for (const raw of [true, 1, 'true', '1', 'on'])
      expect(validateField(box, raw, ctx)).toEqual({ ok: true, value: true });
    for (const raw of [false, 0, 'false', '0', '', null, undefined]) {
      expect(validateField(box, raw, ctx)).toEqual({ ok: true, value: false });
    }
  });

  it('required and unchecked → empty', () => {
    expect(validateField({ ...box, required: true }, false, ctx)).toEqual(EMPTY);
    expect(validateField({ ...box, required: true }, true, ctx)).toEqual({ ok: true, value: true });
  });

  it('anything else → format', () => {
    expect(validateField(box, 'maybe', ctx)).toEqual(FORMAT);
    expect(validateField(box, 2, ctx)).toEqual(FORMAT);
  });
});

const choices = [
  { value: 'm', label: 'Monsieur' },
  { value: 'mme', label: 'Madame' },
];

describe('select', () => {
  const select: FieldDefinition = { name: 'civility', type: 'select', choices, required: true };

  it('accepts one of the choices', () => {
    expect(validateField(select, 'mme', ctx)).toEqual({ ok: true, value: 'mme' });
  });

  it('a value outside the choices → format', () => {
    expect(validateField(select, 'dr', ctx)).toEqual(FORMAT);
    expect(validateField(select, 'Madame', ctx)).toEqual(FORMAT);
  });

  it('required and empty → empty', () => {
    expect(validateField(select, '', ctx)).toEqual(EMPTY);
  });

  it('numbers match choices by their text', () => {
    const numeric: FieldDefinition = { name: 'n', type: 'select', choices: [{ value: '2', label: 'two' }] };
    expect(validateField(numeric, 2, ctx)).toEqual({ ok: true, value: '2' });
  });
});

describe('radio', () => {
  const radio: FieldDefinition = { name: 'source', type: 'radio', choices, required: true };

  it('accepts one of the choices and refuses others without allowAny', () => {
    expect(validateField(radio, 'm', ctx)).toEqual({ ok: true, value: 'm' });
    expect(validateField(radio, 'other text', ctx)).toEqual(FORMAT);
    expect(validateField(radio, { other: 'x' }, ctx)).toEqual(FORMAT);
  });

  it('allowAny: free text is accepted, trimmed', () => {
    const any = { ...radio, allowAny: true };
    expect(validateField(any, ' a friend ', ctx)).toEqual({ ok: true, value: 'a friend' });
    expect(validateField(any, { other: ' a friend ' }, ctx)).toEqual({ ok: true, value: 'a friend' });
  });

  it('allowAny: the free-text answer chosen but left empty → empty, even when optional', () => {
    expect(validateField({ ...radio, allowAny: true }, { other: '  ' }, ctx)).toEqual(EMPTY);
    expect(validateField({ ...radio, allowAny: true, required: false }, { other: '' }, ctx)).toEqual(EMPTY);
  });

  it('allowAny: free text longer than the maximum → format', () => {
    expect(validateField({ ...radio, allowAny: true }, 'x'.repeat(256), ctx)).toEqual(FORMAT);
  });

  it('required and nothing chosen → empty', () => {
    expect(validateField(radio, null, ctx)).toEqual(EMPTY);
  });
});

describe('linkedcombo', () => {
  const combo: FieldDefinition = {
    name: 'region',
    type: 'linkedcombo',
    required: true,
    choices: [
      {
        value: 'bzh',
        label: 'Bretagne',
        children: [
          { value: '29', label: 'Finistère' },
          { value: '56', label: 'Morbihan' },
        ],
      },
      { value: 'cor', label: 'Corse' },
    ],
  };

  it('accepts a value and one of its children', () => {
    expect(validateField(combo, { value: 'bzh', child: '29' }, ctx)).toEqual({
      ok: true,
      value: { value: 'bzh', child: '29' },
    });
  });

  it('accepts a value without children alone', () => {
    expect(validateField(combo, 'cor', ctx)).toEqual({ ok: true, value: { value: 'cor', child: null } });
    expect(validateField(combo, { value: 'cor' }, ctx)).toEqual({
      ok: true,
      value: { value: 'cor', child: null },
    });
  });

  it('a value with children but no child chosen → empty', () => {
    expect(validateField(combo, { value: 'bzh', child: '' }, ctx)).toEqual(EMPTY);
    expect(validateField({ ...combo, required: false }, 'bzh', ctx)).toEqual(EMPTY);
  });

  it('a child of another value, an unknown value, or a child without value → format', () => {
    expect(validateField(combo, { value: 'bzh', child: '75' }, ctx)).toEqual(FORMAT);
    expect(validateField(combo, { value: 'idf', child: null }, ctx)).toEqual(FORMAT);
    expect(validateField(combo, { value: 'cor', child: '29' }, ctx)).toEqual(FORMAT);
    expect(validateField(combo, { value: '', child: '29' }, ctx)).toEqual(FORMAT);
    expect(validateField(combo, ['bzh', '29'], ctx)).toEqual(FORMAT);
  });

  it('required and nothing chosen → empty; optional → null', () => {
    expect(validateField(combo, { value: '', child: null }, ctx)).toEqual(EMPTY);
    expect(validateField({ ...combo, required: false }, null, ctx)).toEqual({ ok: true, value: null });
  });
});

describe('datesplit', () => {
  const date: FieldDefinition = { name: 'birthdate', type: 'datesplit', required: true };
  const birth: FieldDefinition = { ...date, birthdate: true };

  it('API input is strict YYYY-MM-DD by default', () => {
    expect(validateField(date, '1990-12-31', ctx)).toEqual({ ok: true, value: '1990-12-31' });
    expect(validateField(date, '31/12/1990', ctx)).toEqual(DATE);
    expect(validateField(date, '1990-02-30', ctx)).toEqual(DATE);
  });

  it("form input is parsed strictly in the language's format and stored as YYYY-MM-DD", () => {
    expect(validateField(date, '31/12/1990', { ...ctx, dateInput: 'fr' })).toEqual({
      ok: true,
      value: '1990-12-31',
    });
    expect(validateField(date, '31.12.1990', { ...ctx, dateInput: 'de' })).toEqual({
      ok: true,
      value: '1990-12-31',
    });
    expect(validateField(date, '31.12.1990', { ...ctx, dateInput: 'fr' })).toEqual(DATE);
    expect(validateField(date, '1990-12-31', { ...ctx, dateInput: 'fr' })).toEqual(DATE);
  });

  it('accepts split parts {day, month, year}', () => {
    expect(validateField(date, { day: '5', month: 3, year: '2001' }, ctx)).toEqual({
      ok: true,
      value: '2001-03-05',
    });
    expect(validateField(date, { day: '31', month: '2', year: '2001' }, ctx)).toEqual(DATE);
    expect(validateField(date, { day: '1', month: '2', year: '01' }, ctx)).toEqual(DATE);
    expect(validateField(date, { day: '', month: '', year: '' }, ctx)).toEqual(EMPTY);
  });

  it('birthdate may not be after today (futureDate); today itself is fine', () => {
    expect(validateField(birth, '2024-06-15', ctx)).toEqual({ ok: true, value: '2024-06-15' });
    expect(validateField(birth, '2024-06-16', ctx)).toEqual(err('futureDate', 'invalidDateInput'));
    expect(validateField(date, '2030-01-01', ctx)).toEqual({ ok: true, value: '2030-01-01' });
  });

  it('required and empty → empty', () => {
    expect(validateField(date, '', ctx)).toEqual(EMPTY);
  });
});

describe('unknown field type', () => {
  it('→ format, never a crash', () => {
    expect(validateField({ name: 'x', type: 'file' as never }, 'a', ctx)).toEqual(FORMAT);
  });
});

describe('validateForm', () => {
  const fields: FieldDefinition[] = [
    { name: 'firstname', type: 'text', required: true },
    { name: 'lastname', type: 'text', required: true },
    { name: 'email', type: 'email' },
    { name: 'birthdate', type: 'datesplit', birthdate: true },
    { name: 'optin', type: 'boolean' },
  ];

  it('gives the stored values of a valid form', () => {
    const result = validateForm(
      fields,
      { firstname: ' Anne ', lastname: 'Le Gall', email: 'Anne@x.fr', birthdate: '01/02/1980' },
      { ...ctx, dateInput: 'br' },
    );
    expect(result).toEqual({
      valid: true,
      values: {
        firstname: 'Anne',
        lastname: 'Le Gall',
        email: 'anne@x.fr',
        birthdate: '1980-02-01',
        optin: false,
      },
      errors: {},
      unknown: [],
    });
  });

  it('collects one error per field and reports unknown names', () => {
    const result = validateForm(fields, { firstname: '', email: 'bad', hacker: 1 }, ctx);
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual({
      firstname: { code: 'empty', message: 'emptyRequiredTextInput' },
      lastname: { code: 'empty', message: 'emptyRequiredTextInput' },
      email: { code: 'emailValidator', message: 'emailValidator' },
    });
    expect(result.values).toEqual({ birthdate: null, optin: false });
    expect(result.unknown).toEqual(['hacker']);
  });

  it('ignores inherited properties of the input object', () => {
    const input = Object.create({ firstname: 'Inherited' }) as Record<string, unknown>;
    expect(validateForm([fields[0]!], input, ctx).errors).toEqual({
      firstname: { code: 'empty', message: 'emptyRequiredTextInput' },
    });
  });
});
