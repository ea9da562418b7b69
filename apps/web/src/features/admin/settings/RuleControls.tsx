/**
 * The controls of the booking rules and sequence forms: a labelled field with its one-line help
 * and its problem, a duration typed as an amount and a unit (duration-draft.ts), and a switch-like
 * check box with its help. Each ties its label, help and problem to the control for screen readers.
 */
import type { ReactNode } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { type DurationDraft, type DurationUnit, unitsShown } from './duration-draft.ts';
import { FieldProblem } from './FieldProblem.tsx';
import styles from './rules.module.css';

export interface ControlProps {
  /** The control's id; its help and problem take it as a prefix. */
  id: string;
  label: string;
  help: string;
  /** The problem in words; null when none. */
  problem: string | null;
  testId: string;
  register: (element: HTMLElement | null) => void;
}

/** The aria props of a control with this help and problem. */
export function described({ id, problem }: Pick<ControlProps, 'id' | 'problem'>) {
  return {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': [problem ? `${id}-error` : null, `${id}-help`].filter(Boolean).join(' '),
  };
}

export function Problem({ id, problem, testId }: Pick<ControlProps, 'id' | 'problem' | 'testId'>) {
  return problem ? (
    <FieldProblem id={`${id}-error`} testId={`${testId}-error`}>
      {problem}
    </FieldProblem>
  ) : null;
}

/** A labelled field: label, help line, the control, its problem. */
export function Field(props: ControlProps & { children: ReactNode }) {
  return (
    <div className={forms.field} data-testid={props.testId}>
      <label className={forms.label} htmlFor={props.id}>
        {props.label}
      </label>
      <p id={`${props.id}-help`} className={styles.help}>
        {props.help}
      </p>
      {props.children}
      <Problem {...props} />
    </div>
  );
}

export function DurationField({
  value,
  units,
  onChange,
  ...props
}: ControlProps & {
  value: DurationDraft;
  units: readonly DurationUnit[];
  onChange: (value: DurationDraft) => void;
}) {
  const { t } = usePart('admin');
  return (
    <Field {...props}>
      <div className={styles.duration}>
        <input
          {...described(props)}
          ref={props.register}
          className={`${forms.input} ${styles.amount}`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value.amount}
          onChange={(event) => onChange({ ...value, amount: event.target.value })}
          data-testid={`${props.testId}-amount`}
        />
        <select
          className={`${forms.input} ${styles.unit}`}
          aria-label={t('admin.settings.rules.unit', { field: props.label })}
          value={value.unit}
          onChange={(event) => onChange({ ...value, unit: event.target.value as DurationUnit })}
          data-testid={`${props.testId}-unit`}
        >
          {unitsShown(units, value.unit).map((unit) => (
            <option key={unit} value={unit}>
              {t(`admin.settings.rules.units.${unit}`)}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}

/** A check box with a label and its help line under it, as one bordered row. */
export function Toggle({
  checked,
  onChange,
  disabled,
  ...props
}: ControlProps & { checked: boolean; onChange: (on: boolean) => void; disabled?: boolean }) {
  return (
    <div className={styles.toggleRow} data-testid={props.testId}>
      <div className={styles.toggle}>
        <label className={styles.toggleMain}>
          <input
            {...described(props)}
            ref={props.register}
            type="checkbox"
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            data-testid={`${props.testId}-input`}
          />
          <span className={styles.toggleLabel}>{props.label}</span>
        </label>
        <p id={`${props.id}-help`} className={`${styles.help} ${styles.toggleHelp}`}>
          {props.help}
        </p>
      </div>
      <Problem {...props} />
    </div>
  );
}

/** One choice of several, each with its help, as bordered rows (radio buttons). */
export function Choices<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  register,
  testId,
}: {
  name: string;
  legend: string;
  value: T;
  options: readonly { value: T; label: string; help: string }[];
  onChange: (value: T) => void;
  register: (element: HTMLElement | null) => void;
  testId: string;
}) {
  return (
    <fieldset className={styles.choices} data-testid={testId}>
      <legend className={forms.label}>{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className={styles.toggle}>
          <label className={styles.toggleMain}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              ref={value === option.value ? register : undefined}
              aria-describedby={`${name}-${option.value}-help`}
              data-testid={`${testId}-${option.value}`}
            />
            <span className={styles.toggleLabel}>{option.label}</span>
          </label>
          <p id={`${name}-${option.value}-help`} className={`${styles.help} ${styles.toggleHelp}`}>
            {option.help}
          </p>
        </div>
      ))}
    </fieldset>
  );
}
