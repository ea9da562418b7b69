/** A radio group, with a free-text answer when the field allows any (allowAny). */
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import type { FieldError } from '@creneau/core/validation/field-errors';
import { TEXT_MAX_LENGTH_DEFAULT } from '@creneau/core/validation/form-fields';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { asText } from './field-parts.tsx';
import styles from './forms.module.css';

interface RadioProps {
  field: FormField;
  value: unknown;
  error: FieldError | undefined;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled?: boolean | undefined;
  testId: string;
  label: string;
  hint: ReactNode;
  errorText: ReactNode;
  describedBy: string | undefined;
}

export function RadioField({
  field,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  testId,
  label,
  hint,
  errorText,
  describedBy,
}: RadioProps) {
  const { t } = useTranslation();
  const name = useId();
  const other = value !== null && typeof value === 'object' && 'other' in value;
  const otherText = other ? asText((value as { other: unknown }).other) : '';
  return (
    <fieldset
      className={`${styles.field} ${styles.fieldset} ${styles.full}`}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      data-testid={testId}
    >
      <legend className={styles.label}>
        {label}
        {field.required ? (
          <span className={styles.required} aria-hidden="true">
            {' *'}
          </span>
        ) : (
          <span className={styles.optional}>{` (${t('booking.form.optional')})`}</span>
        )}
      </legend>
      {hint}
      <div className={styles.choices}>
        {(field.choices ?? []).map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={!other && value === choice.value}
              onChange={() => onChange(choice.value)}
              onBlur={onBlur}
              disabled={disabled}
              data-testid={`${testId}-${choice.value}`}
            />
            <span>{choice.label}</span>
          </label>
        ))}
        {field.allowAny && (
          <div className={styles.otherChoice}>
            <label className={styles.choice}>
              <input
                type="radio"
                name={name}
                checked={other}
                onChange={() => onChange({ other: otherText })}
                onBlur={onBlur}
                disabled={disabled}
                data-testid={`${testId}-other`}
              />
              <span>{t('booking.form.other')}</span>
            </label>
            {other && (
              <input
                className={styles.input}
                type="text"
                aria-label={`${label} — ${t('booking.form.other')}`}
                value={otherText}
                maxLength={field.maxLength ?? TEXT_MAX_LENGTH_DEFAULT}
                onChange={(event) => onChange({ other: event.target.value })}
                onBlur={onBlur}
                disabled={disabled}
                data-testid={`${testId}-other-text`}
              />
            )}
          </div>
        )}
      </div>
      {errorText}
    </fieldset>
  );
}
