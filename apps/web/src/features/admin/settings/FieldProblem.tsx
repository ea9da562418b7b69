/**
 * The problem line under a settings field: an alert icon and the words, with the id its control
 * names in aria-describedby.
 */
import type { ReactNode } from 'react';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';

export function FieldProblem({ id, testId, children }: { id: string; testId?: string; children: ReactNode }) {
  return (
    <p id={id} className={forms.error} data-testid={testId}>
      <Icon name="alert" size={16} />
      <span>{children}</span>
    </p>
  );
}
