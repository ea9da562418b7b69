/**
 * A group's dynamic form (fiche or vevent, docs/requirements/accounts-and-appointments.md §3 "Form field definition", §5) drawn from its
 * field definitions: text (one line, or several with `rows`), email, integer, boolean, select,
 * radio (with a free-text answer when allowAny), linked combo (a second choice under the first) and
 * dates typed in the language's format. Labels and descriptions come in the page language; errors
 * are the shared validators' keys, tied to their field for screen readers. The state lives in
 * useDynamicForm.
 */
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import type { Locale } from '@creneau/core/locales';
import type { FieldError } from '@creneau/core/validation/field-errors';
import { TEXT_MAX_LENGTH_DEFAULT } from '@creneau/core/validation/form-fields';
import { DATE_INPUT_FORMATS } from '@creneau/core/validation/locale-date';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { AUTOCOMPLETE, asText, FieldErrorText, Label } from './field-parts.tsx';
import { fieldTexts } from './form-state.ts';
import styles from './forms.module.css';
import { LinkedComboField } from './LinkedComboField.tsx';
import { RadioField } from './RadioField.tsx';
import type { DynamicFormState } from './use-dynamic-form.ts';

interface DynamicFormProps {
  fields: readonly FormField[];
  form: Pick<DynamicFormState, 'values' | 'errors' | 'setValue' | 'blur'>;
  locale: Locale;
  disabled?: boolean;
  /** Prefix of the inputs' test ids, e.g. "fiche" → "fiche-firstname". */
  testIdPrefix?: string;
}

export function DynamicForm({ fields, form, locale, disabled, testIdPrefix = 'field' }: DynamicFormProps) {
  return (
    <div className={styles.fields}>
      {fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          value={form.values[field.name]}
          error={form.errors[field.name]}
          onChange={(value) => form.setValue(field.name, value)}
          onBlur={() => form.blur(field.name)}
          locale={locale}
          disabled={disabled}
          testId={`${testIdPrefix}-${field.name}`}
        />
      ))}
    </div>
  );
}

interface FieldControlProps {
  field: FormField;
  value: unknown;
  error: FieldError | undefined;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  locale: Locale;
  disabled?: boolean | undefined;
  testId: string;
}

export function FieldControl({
  field,
  value,
  error,
  onChange,
  onBlur,
  locale,
  disabled,
  testId,
}: FieldControlProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${testId}-error`;
  const hintId = `${id}-hint`;
  const { label, description } = fieldTexts(field, locale);
  const required = Boolean(field.required);
  const describedBy =
    [error ? errorId : null, description ? hintId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    disabled,
  } as const;
  const hint = description ? (
    <p id={hintId} className={styles.hint}>
      {description}
    </p>
  ) : null;
  const errorText = <FieldErrorText id={errorId} error={error} />;

  let control: ReactNode;
  switch (field.type) {
    case 'boolean':
      return (
        <div className={`${styles.field} ${styles.full}`}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
              onBlur={onBlur}
              data-testid={testId}
              {...common}
            />
            <span>
              {label}
              {field.rightLabel ? <span className={styles.rightLabel}> {field.rightLabel}</span> : null}
              {required && (
                <span className={styles.required} aria-hidden="true">
                  {' *'}
                </span>
              )}
            </span>
          </label>
          {hint}
          {errorText}
        </div>
      );
    case 'radio':
      return (
        <RadioField
          {...{
            field,
            value,
            error,
            onChange,
            onBlur,
            locale,
            disabled,
            testId,
            label,
            hint,
            errorText,
            describedBy,
          }}
        />
      );
    case 'select':
      control = (
        <select
          id={id}
          className={styles.input}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          data-testid={testId}
          {...common}
        >
          {(field.addEmptyChoice || asText(value) === '') && (
            <option value="">{t('booking.form.choose')}</option>
          )}
          {(field.choices ?? []).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'linkedcombo':
      return (
        <LinkedComboField
          {...{ field, value, onChange, onBlur, disabled, testId, label, hint, errorText, common, id }}
        />
      );
    case 'datesplit': {
      const format = DATE_INPUT_FORMATS[locale];
      control = (
        <input
          id={id}
          className={styles.input}
          type="text"
          inputMode="numeric"
          autoComplete={field.birthdate ? 'bday' : 'off'}
          placeholder={t(`booking.form.datePattern.${format.order}`, { separator: format.separator })}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          maxLength={12}
          data-testid={testId}
          {...common}
        />
      );
      break;
    }
    default: {
      const multiline = field.type === 'text' && (field.rows ?? 1) > 1;
      const maxLength = field.type === 'integer' ? 12 : (field.maxLength ?? TEXT_MAX_LENGTH_DEFAULT);
      control = multiline ? (
        <textarea
          id={id}
          className={`${styles.input} ${styles.textarea}`}
          rows={field.rows ?? 3}
          value={asText(value)}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          data-testid={testId}
          {...common}
        />
      ) : (
        <input
          id={id}
          className={styles.input}
          type={
            field.type === 'email'
              ? 'email'
              : field.name === 'firstphone' || field.name === 'phone'
                ? 'tel'
                : 'text'
          }
          inputMode={field.type === 'integer' ? 'numeric' : field.type === 'email' ? 'email' : undefined}
          autoComplete={AUTOCOMPLETE[field.name] ?? 'off'}
          autoCapitalize={field.type === 'email' || field.name === 'str9' ? 'none' : undefined}
          spellCheck={field.type === 'email' ? false : undefined}
          value={asText(value)}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          data-testid={testId}
          {...common}
        />
      );
    }
  }
  const wide = field.type === 'text' && (field.rows ?? 1) > 1;
  return (
    <div className={wide ? `${styles.field} ${styles.full}` : styles.field}>
      <Label htmlFor={id} text={label} required={required} />
      {hint}
      {control}
      {errorText}
    </div>
  );
}
