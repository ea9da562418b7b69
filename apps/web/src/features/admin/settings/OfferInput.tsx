/**
 * A labelled field of a pack or a promotion (a text, time or date input; a select builds on
 * controlProps and OfferProblem), tied to its problem message; its id is made from the form's id
 * and the field's, so a label and a problem find it.
 */
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { FieldProblem } from './FieldProblem.tsx';
import { errorKey, type OffersFieldId } from './offers-checks.ts';

export interface OfferFieldProps {
  formId: string;
  field: OffersFieldId;
  label: string;
  invalid: readonly OffersFieldId[];
  register: (key: string) => (element: HTMLElement | null) => void;
  testId: string;
}

/** The DOM id of a field's control. */
export const domIdOf = (formId: string, field: OffersFieldId) =>
  `${formId}-${field.replaceAll(/[^\w-]/g, '_')}`;

/** The attributes that tie a control to its label, its problem and the focus after a save. */
export function controlProps({ formId, field, invalid, register, testId }: OfferFieldProps) {
  const id = domIdOf(formId, field);
  const bad = invalid.includes(field);
  return {
    id,
    ref: register(field),
    'aria-invalid': bad || undefined,
    'aria-describedby': bad ? `${id}-error` : undefined,
    'data-testid': testId,
  };
}

/** The problem line under a field, when it has one. */
export function OfferProblem({
  formId,
  field,
  invalid,
}: Pick<OfferFieldProps, 'formId' | 'field' | 'invalid'>) {
  const { t } = usePart('admin');
  if (!invalid.includes(field)) return null;
  return (
    <FieldProblem id={`${domIdOf(formId, field)}-error`} testId="offers-field-error">
      {t(`admin.settings.offers.errors.${errorKey(field)}`)}
    </FieldProblem>
  );
}

export function OfferInput({
  value,
  onChange,
  type = 'text',
  extra = {},
  ...props
}: OfferFieldProps & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'time' | 'date';
  extra?: Record<string, unknown>;
}) {
  return (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={domIdOf(props.formId, props.field)}>
        {props.label}
      </label>
      <input
        {...controlProps(props)}
        className={forms.input}
        type={type}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...extra}
      />
      <OfferProblem formId={props.formId} field={props.field} invalid={props.invalid} />
    </div>
  );
}
