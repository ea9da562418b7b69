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
import { useTranslation } from 'react-i18next';
import { Icon } from '../Icon.tsx';
import { fieldTexts } from './form-state.ts';
import styles from './forms.module.css';
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

/** Autocomplete tokens for the usual person fields. */
const AUTOCOMPLETE: Record<string, string> = {
  firstname: 'given-name',
  lastname: 'family-name',
  email: 'email',
  firstphone: 'tel',
  phone: 'tel',
  birthdate: 'bday',
  zipcode: 'postal-code',
  city: 'address-level2',
  address: 'street-address',
};

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

/** The translated message of a validation failure. */
export function FieldErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className={styles.error} data-testid={`${id}`}>
      <Icon name="alert" size={16} />
      <span>{t(`booking.fieldErrors.${error.message}`)}</span>
    </p>
  );
}

function Label({
  htmlFor,
  text,
  required,
  id,
}: {
  htmlFor?: string;
  text: string;
  required: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  const content = (
    <>
      {text}
      {required ? (
        <span className={styles.required} aria-hidden="true">
          {' *'}
        </span>
      ) : (
        <span className={styles.optional}>{` (${t('booking.form.optional')})`}</span>
      )}
    </>
  );
  return htmlFor ? (
    <label className={styles.label} htmlFor={htmlFor} id={id}>
      {content}
    </label>
  ) : (
    <span className={styles.label} id={id}>
      {content}
    </span>
  );
}

const asText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

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

function RadioField({
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

function LinkedComboField({
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
