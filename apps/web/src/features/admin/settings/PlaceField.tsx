/** A labelled text input (or box) of the calendars & resources form, tied to its error message. */
import { useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { FieldProblem } from './FieldProblem.tsx';
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
    'aria-describedby': problem ? `${id}-error` : undefined,
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
          className={forms.input}
          type="text"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {problem && (
        <FieldProblem id={`${id}-error`} testId="places-field-error">
          {t(`admin.settings.places.errors.${problem}`)}
        </FieldProblem>
      )}
    </div>
  );
}
