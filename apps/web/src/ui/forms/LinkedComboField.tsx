/** A linked combo: a first choice, and under it the second choice its answer opens. */
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { asText } from './field-parts.tsx';
import styles from './forms.module.css';

interface LinkedComboProps {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled?: boolean | undefined;
  testId: string;
  label: string;
  hint: ReactNode;
  errorText: ReactNode;
  common: Record<string, unknown>;
  id: string;
}

export function LinkedComboField({
  field,
  value,
  onChange,
  onBlur,
  disabled,
  testId,
  label,
  hint,
  errorText,
  common,
  id,
}: LinkedComboProps) {
  const { t } = useTranslation();
  const current =
    value !== null && typeof value === 'object'
      ? (value as { value?: unknown; child?: unknown })
      : { value, child: null };
  const parent = asText(current.value);
  const child = asText(current.child);
  const children = (field.choices ?? []).find((c) => c.value === parent)?.children ?? [];
  return (
    <div className={`${styles.field} ${styles.full}`}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {field.required && (
          <span className={styles.required} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {hint}
      <div className={styles.combo}>
        <select
          id={id}
          className={styles.input}
          value={parent}
          onChange={(event) => onChange({ value: event.target.value, child: null })}
          onBlur={onBlur}
          disabled={disabled}
          data-testid={testId}
          {...common}
        >
          <option value="">{t('booking.form.choose')}</option>
          {(field.choices ?? []).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        {children.length > 0 && (
          <select
            className={styles.input}
            aria-label={`${label} — ${t('booking.form.detail')}`}
            value={child}
            onChange={(event) => onChange({ value: parent, child: event.target.value || null })}
            onBlur={onBlur}
            disabled={disabled}
            data-testid={`${testId}-child`}
            {...common}
          >
            <option value="">{t('booking.form.choose')}</option>
            {children.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </div>
      {errorText}
    </div>
  );
}
