/**
 * A dynamic form's live state for a page: values (kept by the caller, so a page can persist a
 * draft), which fields were left, whether a submit was tried, and the checks of form-state.ts.
 */
import type { FormField } from '@creneau/core/group-config/group-config.schema';
import type { Locale } from '@creneau/core/locales';
import type { FieldError } from '@creneau/core/validation/field-errors';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checkForm, type FormValues, resetErroredDates, valueOnBlur, visibleErrors } from './form-state.ts';

export interface DynamicFormOptions {
  fields: readonly FormField[];
  values: FormValues;
  onValues: (values: FormValues) => void;
  locale: Locale;
  /** Today in the group's time zone: birth dates may not be after it. */
  today: string;
  /** Errors the server reported, by field (shown until the field changes). */
  serverErrors?: Record<string, FieldError> | undefined;
}

export function useDynamicForm({
  fields,
  values,
  onValues,
  locale,
  today,
  serverErrors,
}: DynamicFormOptions) {
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [changedSinceServer, setChangedSinceServer] = useState<Set<string>>(() => new Set());
  const result = useMemo(() => checkForm(fields, values, { locale, today }), [fields, values, locale, today]);

  // New server errors: every field they name counts as unchanged again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new set of server errors
  useEffect(() => setChangedSinceServer(new Set()), [serverErrors]);

  const previousLocale = useRef(locale);
  useEffect(() => {
    if (previousLocale.current === locale) return;
    previousLocale.current = locale;
    const next = resetErroredDates(fields, values, { locale, today });
    if (next !== values) onValues(next);
  }, [locale, fields, values, today, onValues]);

  const errors = useMemo(() => {
    const shown = visibleErrors(result, touched, submitted);
    for (const [name, error] of Object.entries(serverErrors ?? {})) {
      if (!changedSinceServer.has(name) && !shown[name]) shown[name] = error;
    }
    return shown;
  }, [result, touched, submitted, serverErrors, changedSinceServer]);

  const setValue = useCallback(
    (name: string, value: unknown) => {
      setChangedSinceServer((current) => (current.has(name) ? current : new Set(current).add(name)));
      onValues({ ...values, [name]: value });
    },
    [values, onValues],
  );

  const blur = useCallback(
    (name: string) => {
      setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
      const field = fields.find((f) => f.name === name);
      if (!field) return;
      const trimmed = valueOnBlur(field, values[name]);
      if (trimmed !== values[name]) onValues({ ...values, [name]: trimmed });
    },
    [fields, values, onValues],
  );

  return {
    values,
    errors,
    setValue,
    blur,
    /** Show every error (a submit was tried). */
    submit: useCallback(() => setSubmitted(true), []),
    reset: useCallback(() => {
      setTouched(new Set());
      setSubmitted(false);
    }, []),
    valid: result.valid && Object.keys(serverErrors ?? {}).every((name) => changedSinceServer.has(name)),
    /** The values in their stored form (valid fields). */
    stored: result.values,
    /** The name of the first field in error, in form order. */
    firstError: fields.find((f) => result.errors[f.name])?.name ?? null,
  };
}

export type DynamicFormState = ReturnType<typeof useDynamicForm>;
