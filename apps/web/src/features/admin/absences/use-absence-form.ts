/**
 * The absence form's state (docs/back-office.md "Absences and closures"): the draft, its errors,
 * the fields they focus, and the server's answer, which takes the focus once shown: it says what
 * happened and lists what needs doing.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type CreatedAbsence, useCreateAbsence } from '../../../api/admin-absences.ts';
import type { AgendaCalendar } from '../../../api/admin-agenda.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { changedDraft, errorsWithout, initialDraft } from './absence-draft.ts';
import {
  type AbsenceDraft,
  type DraftErrors,
  type DraftField,
  firstError,
  requestOf,
  validateDraft,
} from './absence-request.ts';

export function useAbsenceForm(calendars: readonly AgendaCalendar[], today: string) {
  const { group } = useGroupContext();
  const create = useCreateAbsence(group.id);
  const [draft, setDraft] = useState(() => initialDraft(calendars, today));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [result, setResult] = useState<CreatedAbsence | null>(null);
  const fields = useRef(new Map<DraftField, HTMLElement | null>());
  const resultTitle = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (result) resultTitle.current?.focus();
  }, [result]);
  const id = useId();
  const fieldId = (field: DraftField) => `${id}-${field}`;
  const errorId = (field: DraftField) => `${id}-${field}-error`;

  const change = (next: Partial<AbsenceDraft>) => {
    setDraft((current) => changedDraft(current, next));
    const touched = Object.keys(next) as DraftField[];
    if (touched.some((field) => errors[field])) setErrors((current) => errorsWithout(current, touched));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found = validateDraft(draft);
    setErrors(found);
    const first = firstError(found);
    if (first) {
      fields.current.get(first)?.focus();
      return;
    }
    setResult(null);
    create.mutate(requestOf(draft), {
      onSuccess: (answer) => {
        setResult(answer);
      },
    });
  };

  /** Keeps a field's element, to focus it when it is the first in error. */
  const register = (field: DraftField) => (element: HTMLElement | null) => {
    fields.current.set(field, element);
  };
  const described = (field: DraftField, hint?: string) =>
    [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;
  /** A field's id, element, error state and test id. */
  const fieldProps = (field: DraftField) => ({
    id: fieldId(field),
    ref: register(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': described(field),
    'data-testid': `absence-${field}`,
  });

  return {
    id,
    draft,
    change,
    errors,
    errorId,
    fieldId,
    fieldProps,
    described,
    register,
    submit,
    create,
    result,
    resultTitle,
  };
}

export type AbsenceFormState = ReturnType<typeof useAbsenceForm>;
