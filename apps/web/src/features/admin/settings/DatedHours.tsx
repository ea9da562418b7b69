/**
 * One calendar's dated changes in the opening hours form (docs/group-configuration.md "Calendars",
 * exceptions): closed days, absences and extra openings over local date-times, each with its
 * kind, start, end, note and remove button, folded away until opened or needed.
 */
import { useEffect, useId, useState } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import {
  EXCEPTION_KINDS,
  type ExceptionDraft,
  type ExceptionKind,
  type ExceptionProblem,
} from './exceptions-draft.ts';
import styles from './places.module.css';
import settings from './settings.module.css';
import type { ExceptionsState } from './use-exceptions.ts';

export interface DatedHoursProps {
  calendar: string;
  name: string;
  exceptions: ExceptionsState;
  /** The problem a row shows, if any. */
  issueOf: (key: string) => ExceptionProblem | undefined;
  /** Moves the focus to a field once drawn ("x3:from", "addx:leonie"). */
  focus: (field: string) => void;
  register: (key: string) => (element: HTMLElement | null) => void;
}

export function DatedHours({ calendar, name, exceptions, issueOf, focus, register }: DatedHoursProps) {
  const { t } = usePart('admin');
  const id = useId();
  const rows = exceptions.draft[calendar] ?? [];
  const withIssue = rows.some((row) => issueOf(row.key));
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (withIssue) setOpen(true);
  }, [withIssue]);
  const add = (kind: ExceptionKind) => {
    setOpen(true);
    focus(`${exceptions.add(calendar, kind)}:from`);
  };

  const row = (exception: ExceptionDraft, index: number) => {
    const problem = issueOf(exception.key);
    const rowId = `${id}-${exception.key}`;
    const set = (patch: Partial<ExceptionDraft>) => exceptions.set(calendar, exception.key, patch);
    const label = t('admin.settings.hours.exceptions.row', { number: index + 1, name });
    const bad = (field: ExceptionProblem) => problem === field || (problem === 'order' && field === 'to');
    const dateField = (which: 'from' | 'to') => (
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${rowId}-${which}`}>
          {t(`admin.settings.hours.exceptions.${which}`)}
          <span className="visually-hidden"> ({label})</span>
        </label>
        <input
          id={`${rowId}-${which}`}
          className={forms.input}
          type="datetime-local"
          value={exception[which]}
          onChange={(event) => set({ [which]: event.target.value })}
          ref={register(`${exception.key}:${which}`)}
          aria-invalid={bad(which) || undefined}
          aria-describedby={problem ? `${rowId}-error` : undefined}
          data-testid={`exception-${which}`}
        />
      </div>
    );
    return (
      <li key={exception.key} className={styles.exception} data-testid="hours-exception">
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${rowId}-kind`}>
            {t('admin.settings.hours.exceptions.kind')}
            <span className="visually-hidden"> ({label})</span>
          </label>
          <select
            id={`${rowId}-kind`}
            className={forms.input}
            value={exception.kind}
            onChange={(event) => set({ kind: event.target.value as ExceptionKind })}
            data-testid="exception-kind"
          >
            {EXCEPTION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`admin.settings.hours.exceptions.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        {dateField('from')}
        {dateField('to')}
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${rowId}-label`}>
            {t('admin.settings.hours.exceptions.label')}
            <span className="visually-hidden"> ({label})</span>
          </label>
          <input
            id={`${rowId}-label`}
            className={forms.input}
            type="text"
            maxLength={255}
            value={exception.label}
            onChange={(event) => set({ label: event.target.value })}
            aria-invalid={problem === 'label' || undefined}
            data-testid="exception-label"
          />
        </div>
        <Button
          variant="ghost"
          size="s"
          iconOnly
          aria-label={t('admin.settings.hours.exceptions.remove', { row: label })}
          title={t('admin.settings.hours.exceptions.remove', { row: label })}
          onClick={() => {
            exceptions.remove(calendar, exception.key);
            focus(`addx:${calendar}`);
          }}
          className={styles.exceptionRemove}
          data-testid="exception-remove"
        >
          <Icon name="close" size={18} />
        </Button>
        {problem && (
          <p
            id={`${rowId}-error`}
            className={`${forms.error} ${styles.exceptionError}`}
            data-testid="exception-error"
          >
            <Icon name="alert" size={16} />
            <span>{t(`admin.settings.hours.exceptions.errors.${problem}`)}</span>
          </p>
        )}
      </li>
    );
  };

  return (
    <details
      className={styles.dated}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="hours-exceptions"
    >
      <summary className={styles.datedSummary}>
        {t('admin.settings.hours.exceptions.summary', { count: rows.length })}
        <span className="visually-hidden">, {name}</span>
      </summary>
      <p className={settings.hint}>{t('admin.settings.hours.exceptions.intro')}</p>
      {rows.length > 0 ? (
        <ul className={styles.exceptions}>{rows.map(row)}</ul>
      ) : (
        <p className={settings.hint}>{t('admin.settings.hours.exceptions.none')}</p>
      )}
      <div className={settings.itemActions}>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 's' })}
          onClick={() => add('closure')}
          ref={register(`addx:${calendar}`)}
          data-testid="exception-add-closed"
        >
          <Icon name="calendar" size={16} />
          {t('admin.settings.hours.exceptions.addClosed')}
          <span className="visually-hidden"> ({name})</span>
        </button>
        <button
          type="button"
          className={buttonClass({ variant: 'ghost', size: 's' })}
          onClick={() => add('opening')}
          data-testid="exception-add-opening"
        >
          <Icon name="clock" size={16} />
          {t('admin.settings.hours.exceptions.addOpening')}
          <span className="visually-hidden"> ({name})</span>
        </button>
      </div>
    </details>
  );
}
