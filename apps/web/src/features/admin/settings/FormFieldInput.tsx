/**
 * A labelled text input (or box) of the contact form's fields tab, with an optional help line under
 * it (so the inputs of a row line up) and its problem, both tied to the control for screen readers.
 */
import forms from '../../../ui/forms/forms.module.css';
import { FieldProblem } from './FieldProblem.tsx';
import own from './form-fields.module.css';

export interface FormFieldInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The problem in words; null when none. */
  problem: string | null;
  register: (element: HTMLElement | null) => void;
  testId: string;
  help?: string;
  multiline?: boolean;
  numeric?: boolean;
  maxLength?: number;
  className?: string;
}

export function FormFieldInput({
  id,
  label,
  value,
  onChange,
  problem,
  register,
  testId,
  help,
  multiline,
  numeric,
  maxLength = 255,
  className,
}: FormFieldInputProps) {
  const describedBy = [problem ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    ref: register,
    autoComplete: 'off',
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'data-testid': testId,
  };
  return (
    <div className={`${forms.field} ${className ?? ''}`}>
      <label className={forms.label} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          className={`${forms.input} ${forms.textarea} ${own.shortText}`}
          rows={2}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...common}
          className={numeric ? `${forms.input} ${own.number}` : forms.input}
          type="text"
          inputMode={numeric ? 'numeric' : undefined}
          spellCheck={numeric ? false : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {help && (
        <p id={`${id}-help`} className={own.help}>
          {help}
        </p>
      )}
      {problem && (
        <FieldProblem id={`${id}-error`} testId={`${testId}-error`}>
          {problem}
        </FieldProblem>
      )}
    </div>
  );
}
