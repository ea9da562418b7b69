import type { FormField } from '@creneau/core/group-config/group-config.schema';
import { describe, expect, it } from 'vitest';
import {
  checkForm,
  fieldTexts,
  initialValues,
  resetErroredDates,
  serverFieldErrors,
  valueOnBlur,
  visibleErrors,
} from './form-state.ts';

const field = (name: string, type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({
  name,
  type,
  label: name,
  rightLabel: null,
  allowAny: false,
  required: false,
  trim: true,
  description: null,
  addEmptyChoice: false,
  value: null,
  birthdate: false,
  ...extra,
});

const FIELDS = [
  field('firstname', 'text', { required: true }),
  field('birthdate', 'datesplit', { required: true, birthdate: true }),
  field('optin', 'boolean'),
];
const context = { locale: 'fr' as const, today: '2026-11-22' };

describe('dynamic form state', () => {
  it('checks with the shared rules, dates in the page language', () => {
    const result = checkForm(FIELDS, { firstname: 'Anne', birthdate: '14/03/1990' }, context);
    expect(result.valid).toBe(true);
    expect(result.values).toEqual({ firstname: 'Anne', birthdate: '1990-03-14', optin: false });
    expect(
      checkForm(FIELDS, { firstname: 'Anne', birthdate: '1990-03-14' }, context).errors.birthdate?.code,
    ).toBe('dateFormat');
    expect(
      checkForm(FIELDS, { firstname: 'Anne', birthdate: '01/01/2030' }, context).errors.birthdate?.code,
    ).toBe('futureDate');
  });

  it('shows the errors of fields left, or all after a submit', () => {
    const result = checkForm(FIELDS, {}, context);
    expect(Object.keys(visibleErrors(result, new Set(), false))).toEqual([]);
    expect(Object.keys(visibleErrors(result, new Set(['firstname']), false))).toEqual(['firstname']);
    expect(Object.keys(visibleErrors(result, new Set(), true))).toEqual(['firstname', 'birthdate']);
  });

  it('trims text when a field is left, unless the field keeps spaces', () => {
    expect(valueOnBlur(field('a', 'text'), '  Anne ')).toBe('Anne');
    expect(valueOnBlur(field('a', 'text', { trim: false }), '  Anne ')).toBe('  Anne ');
    expect(valueOnBlur(field('a', 'email'), ' a@b.fr ')).toBe('a@b.fr');
    expect(valueOnBlur(field('a', 'boolean'), true)).toBe(true);
  });

  it('starts from given values, defaults and stored dates in the language’s format', () => {
    expect(initialValues(FIELDS, { birthdate: '1990-03-14', optin: 1 }, 'de')).toEqual({
      birthdate: '14.03.1990',
      optin: true,
    });
    expect(initialValues([field('x', 'text', { value: 'hi' })], {}, 'en')).toEqual({ x: 'hi' });
  });

  it('forgets a date typed in the old language’s format when the language changes', () => {
    const values = { firstname: 'Anne', birthdate: '14/03/1990' };
    expect(resetErroredDates(FIELDS, values, { locale: 'fr', today: '2026-11-22' })).toBe(values);
    expect(resetErroredDates(FIELDS, values, { locale: 'de', today: '2026-11-22' }).birthdate).toBe('');
  });

  it('reads the server’s per-field codes', () => {
    expect(serverFieldErrors({ str9: 'formatAnts', x: 'whatever' })).toEqual({
      str9: { code: 'formatAnts', message: 'invalidNumberRequestAnts' },
      x: { code: 'format', message: 'invalidTextInput' },
    });
  });

  it('labels a field in the page language when the group translated it', () => {
    const labelled = field('firstname', 'text', {
      label: 'Prénom',
      translations: { en: { label: 'First name', description: 'As on your ID' } },
    });
    expect(fieldTexts(labelled, 'en')).toEqual({ label: 'First name', description: 'As on your ID' });
    expect(fieldTexts(labelled, 'de')).toEqual({ label: 'Prénom', description: null });
  });
});
