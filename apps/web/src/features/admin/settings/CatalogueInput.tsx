/**
 * A labelled text input of a service or category in the services form, tied to its error message;
 * its id is made from the form's id and the field's, so a label and an error find it.
 */
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import type { CatalogueFieldId } from './catalogue-draft.ts';
import { FieldProblem } from './FieldProblem.tsx';

export interface CatalogueInputProps {
  /** The form's own id (useId), the start of every id inside it. */
  formId: string;
  fieldId: CatalogueFieldId;
  label: string;
  /** The key under admin.settings.catalogue.errors of the message it shows when `bad`. */
  errorKey: string;
  value: string;
  onChange: (value: string) => void;
  bad: boolean;
  register: (key: string) => (element: HTMLElement | null) => void;
  extra?: Record<string, unknown>;
}

export function CatalogueInput({
  formId,
  fieldId,
  label,
  errorKey,
  value,
  onChange,
  bad,
  register,
  extra = {},
}: CatalogueInputProps) {
  const { t } = usePart('admin');
  const domId = `${formId}-${fieldId.replaceAll(/[^\w-]/g, '_')}`;
  return (
    <div className={forms.field}>
      <label className={forms.label} htmlFor={domId}>
        {label}
      </label>
      <input
        id={domId}
        className={forms.input}
        type="text"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        ref={register(fieldId)}
        aria-invalid={bad || undefined}
        aria-describedby={bad ? `${domId}-error` : undefined}
        data-testid={`catalogue-${fieldId.split(':')[2]}`}
        {...extra}
      />
      {bad && (
        <FieldProblem id={`${domId}-error`} testId="catalogue-field-error">
          {t(`admin.settings.catalogue.errors.${errorKey}`)}
        </FieldProblem>
      )}
    </div>
  );
}
