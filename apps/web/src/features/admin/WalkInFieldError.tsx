/** A refusal under the walk-in form's field it concerns, which names it in aria-describedby. */
import forms from '../../ui/forms/forms.module.css';
import { Icon } from '../../ui/Icon.tsx';
import { useRefusalText } from './refusal-text.ts';
import type { WalkInFields } from './use-walkin-form.ts';
import type { WalkInField } from './walkin-errors.ts';

export function WalkInFieldError({ fields, field }: { fields: WalkInFields; field: WalkInField }) {
  const refusalText = useRefusalText();
  const refusal = fields.errorOf(field);
  return refusal ? (
    <p id={`${fields.id(field)}-error`} className={forms.error} data-testid={`walkin-error-${field}`}>
      <Icon name="alert" size={16} />
      <span>{refusalText(refusal)}</span>
    </p>
  ) : null;
}
