// @vitest-environment jsdom
/** The dynamic form in the DOM: live errors tied to their fields, trimming, radios with free text. */
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n.ts';
import { DynamicForm } from './DynamicForm.tsx';
import type { FormValues } from './form-state.ts';
import { useDynamicForm } from './use-dynamic-form.ts';

const field = (name: string, type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({
  name,
  type,
  label: name,
  rightLabel: null,
  allowAny: false,
  required: true,
  trim: true,
  description: null,
  addEmptyChoice: false,
  value: null,
  birthdate: false,
  ...extra,
});

const FIELDS: FormField[] = [
  field('firstname', 'text', { label: 'First name', description: 'As on your ID' }),
  field('email', 'email', { label: 'E-mail' }),
  field('birthdate', 'datesplit', { label: 'Date of birth', birthdate: true }),
  field('insurance', 'radio', {
    label: 'Insurance',
    allowAny: true,
    choices: [
      { value: 'public', label: 'Public' },
      { value: 'private', label: 'Private' },
    ],
  }),
];

let latest: ReturnType<typeof useDynamicForm> | null = null;

function Harness() {
  const [values, setValues] = useState<FormValues>({});
  const form = useDynamicForm({
    fields: FIELDS,
    values,
    onValues: setValues,
    locale: 'en',
    today: '2026-11-22',
  });
  latest = form;
  return <DynamicForm fields={FIELDS} form={form} locale="en" testIdPrefix="f" />;
}

beforeAll(async () => {
  await changeLanguage('en');
});

describe('DynamicForm', () => {
  it('labels each field, marks the required ones and ties the description to the input', () => {
    render(<Harness />);
    const input = screen.getByLabelText(/First name/);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'As on your ID',
    );
    expect(screen.getByTestId('f-birthdate').getAttribute('placeholder')).toBe('DD/MM/YYYY');
    expect(screen.getByRole('group', { name: /Insurance/ })).toBeTruthy();
  });

  it('shows an error once a field is left, then follows the typing; trims on leaving', () => {
    render(<Harness />);
    const email = screen.getByTestId('f-email');
    fireEvent.change(email, { target: { value: 'nope' } });
    expect(screen.queryByTestId('f-email-error')).toBeNull();
    fireEvent.blur(email);
    expect(screen.getByTestId('f-email-error').textContent).toBe('Enter a valid e-mail address.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: '  anne@example.com  ' } });
    expect(screen.queryByTestId('f-email-error')).toBeNull();
    fireEvent.blur(email);
    expect((email as HTMLInputElement).value).toBe('anne@example.com');
  });

  it('a submit shows every error; a valid form gives the stored values', () => {
    render(<Harness />);
    act(() => latest!.submit());
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(4);
    expect(latest!.firstError).toBe('firstname');
    fireEvent.change(screen.getByTestId('f-firstname'), { target: { value: 'Anne' } });
    fireEvent.change(screen.getByTestId('f-email'), { target: { value: 'anne@example.com' } });
    fireEvent.change(screen.getByTestId('f-birthdate'), { target: { value: '14/03/1990' } });
    fireEvent.click(screen.getByTestId('f-insurance-other'));
    expect(screen.getByText('Please fill in this field.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('f-insurance-other-text'), { target: { value: 'Student plan' } });
    expect(latest!.valid).toBe(true);
    expect(latest!.stored).toEqual({
      firstname: 'Anne',
      email: 'anne@example.com',
      birthdate: '1990-03-14',
      insurance: 'Student plan',
    });
  });
});
