/**
 * The sign-up form's fields (docs/back-office.md "Sign-up and platform"): a label, the control, and
 * under it the hint or, in its place, the server's problem.
 */
import { type ReactNode, useId } from 'react';
import { usePart } from '../../i18n/i18n.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { Icon } from '../../ui/Icon.tsx';
import { knownProblem, type SignupFields } from './signup-form.ts';
import type { SignupForm } from './use-signup-form.ts';

/** A labelled field with its hint, or the server's problem in its place. */
export function Field({
  label,
  problem,
  hint,
  testId,
  children,
}: {
  label: string;
  problem: string | undefined;
  hint?: ReactNode;
  testId: string;
  children: (id: string, describedBy: string, invalid: boolean) => ReactNode;
}) {
  const { t } = usePart('account');
  const id = useId();
  return (
    <div className={authStyles.field}>
      <label className={authStyles.label} htmlFor={id}>
        {label}
      </label>
      {children(id, `${id}-note`, Boolean(problem))}
      {problem ? (
        <p id={`${id}-note`} className={authStyles.error} data-testid={`${testId}-problem`}>
          <Icon name="alert" />
          <span>{t(`account.signup.errors.${knownProblem(problem)}`)}</span>
        </p>
      ) : (
        hint && (
          <p id={`${id}-note`} className={authStyles.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

interface TextFieldProps {
  form: Pick<SignupForm, 'fields' | 'type' | 'problemOf'>;
  name: keyof SignupFields;
  /** The field's path in the server's problems. */
  path: string;
  type?: string;
  autoComplete?: string;
  maxLength?: number;
  hint?: ReactNode;
  inputMode?: 'numeric' | 'decimal';
  list?: string;
  /** The label, when the sign-up page's own for this field does not fit (the platform's owner e-mail). */
  label?: string;
}

/** A text field of the form, named after its key (label, test id). */
export function TextField({ form, name, path, ...props }: TextFieldProps) {
  const { t } = usePart('account');
  return (
    <Field
      label={props.label ?? t(`account.signup.fields.${name}`)}
      problem={form.problemOf(path)}
      hint={props.hint}
      testId={`signup-${name}`}
    >
      {(id, describedBy, invalid) => (
        <input
          id={id}
          className={authStyles.input}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          list={props.list}
          maxLength={props.maxLength ?? 200}
          value={form.fields[name]}
          onChange={(event) => form.type(name, event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-testid={`signup-${name}`}
        />
      )}
    </Field>
  );
}
