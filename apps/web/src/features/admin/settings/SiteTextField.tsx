/**
 * A text field of the mini-site form: one line or several, with its label, help and problem
 * (RuleControls' Field), its value as typed.
 */
import type { InputHTMLAttributes } from 'react';
import forms from '../../../ui/forms/forms.module.css';
import { type ControlProps, described, Field } from './RuleControls.tsx';
import styles from './rules.module.css';

export function SiteTextField({
  control,
  value,
  onChange,
  multiline = false,
  ...extra
}: {
  control: ControlProps;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'maxLength' | 'placeholder' | 'className'
>) {
  const common = {
    ...described(control),
    ref: control.register,
    autoComplete: 'off',
    value,
    'data-testid': `${control.testId}-input`,
  };
  return (
    <Field {...control}>
      {multiline ? (
        <textarea
          {...common}
          className={`${forms.input} ${forms.textarea} ${styles.textarea}`}
          maxLength={extra.maxLength}
          rows={4}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...common}
          {...extra}
          className={`${forms.input} ${extra.className ?? ''}`}
          type={extra.type ?? 'text'}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
