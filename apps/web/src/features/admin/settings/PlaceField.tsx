/** A labelled text input (or box) of the calendars & resources form, tied to its error message. */
import { useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { FieldProblem } from './FieldProblem.tsx';
import styles from './places.module.css';
import type { PlacesFieldId, PlacesReason } from './places-draft.ts';

export interface PlaceFieldProps {
  field: PlacesFieldId;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the value is refused, if it is. */
  problem: PlacesReason | undefined;
  register: (field: string) => (element: HTMLElement | null) => void;
  maxLength?: number;
  required?: boolean;
  multiline?: boolean;
  autoComplete?: string;
  className?: string;
  inputMode?: 'numeric';
  /** A line under the field saying what it means, read with it. */
  hint?: string;
}

export function PlaceField({
  field,
  label,
  value,
  onChange,
  problem,
  register,
  maxLength = 255,
  required,
  multiline,
  autoComplete = 'off',
  className,
  inputMode,
  hint,
}: PlaceFieldProps) {
  const { t } = usePart('admin');
  const id = useId();
  const common = {
    id,
    value,
    maxLength,
    required,
    autoComplete,
    ref: register(field),
    'aria-invalid': problem ? true : undefined,
    'aria-describedby':
      [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
    'data-testid': `places-${field.split(':')[2]}`,
  };
  return (
    <div className={`${forms.field} ${className ?? ''}`}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          className={`${forms.input} ${forms.textarea}`}
          rows={2}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...common}
          className={inputMode ? `${forms.input} ${styles.narrow}` : forms.input}
          type="text"
          inputMode={inputMode}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className={forms.hint}>
          {hint}
        </p>
      )}
      {problem && (
        <FieldProblem id={`${id}-error`} testId="places-field-error">
          {t(`admin.settings.places.errors.${problem}`)}
        </FieldProblem>
      )}
    </div>
  );
}
