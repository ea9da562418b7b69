/** A field's error in the absence form, under the field that names it in aria-describedby. */
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import type { DraftField } from './absence-request.ts';
import type { AbsenceFormState } from './use-absence-form.ts';

export function AbsenceFieldError({
  form,
  field,
}: {
  form: Pick<AbsenceFormState, 'errors' | 'errorId'>;
  field: DraftField;
}) {
  const { t } = usePart('admin');
  const error = form.errors[field];
  return error ? (
    <p id={form.errorId(field)} className={forms.error} data-testid={`absence-${field}-error`}>
      <Icon name="alert" size={16} />
      <span>{t(`admin.absences.errors.${error}`)}</span>
    </p>
  ) : null;
}
