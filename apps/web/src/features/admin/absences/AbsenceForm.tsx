/**
 * The form that blocks time (docs/back-office.md "Absences and closures"): the whole business (for
 * those who work on every calendar) or one calendar, some hours of a day or whole days, once or every
 * week on chosen weekdays, with a reason. The answer's appointments inside the new time are listed
 * below it, to be moved or cancelled from the agenda.
 */
import type { AgendaCalendar } from '../../../api/admin-agenda.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { AbsenceFieldError } from './AbsenceFieldError.tsx';
import { AbsenceRepeat } from './AbsenceRepeat.tsx';
import { AbsenceResult } from './AbsenceResult.tsx';
import { AbsenceWhen } from './AbsenceWhen.tsx';
import { AbsenceWhere } from './AbsenceWhere.tsx';
import { useAbsenceErrorText } from './absence-errors.ts';
import { labelClass } from './absence-form-style.ts';
import { MAX_LABEL } from './absence-request.ts';
import styles from './absences.module.css';
import { useAbsenceForm } from './use-absence-form.ts';

interface AbsenceFormProps {
  calendars: readonly AgendaCalendar[];
  /** May close the whole business (works on every calendar). */
  wholeGroup: boolean;
  /** Today on the group's calendar, YYYY-MM-DD. */
  today: string;
}

export function AbsenceForm({ calendars, wholeGroup, today }: AbsenceFormProps) {
  const { t } = usePart('admin');
  const errorText = useAbsenceErrorText();
  const form = useAbsenceForm(calendars, today);
  const { id, draft, change, create, result } = form;

  return (
    <form
      className={`${styles.form} ${forms.dense}`}
      onSubmit={form.submit}
      noValidate
      data-testid="absence-form"
    >
      <AbsenceWhere form={form} calendars={calendars} wholeGroup={wholeGroup} />
      <AbsenceWhen form={form} />
      <AbsenceRepeat form={form} />

      <div className={forms.field}>
        <label className={labelClass} htmlFor={form.fieldId('label')}>
          {t('admin.absences.form.label')}
        </label>
        <input
          {...form.fieldProps('label')}
          aria-describedby={form.described('label', `${id}-label-hint`)}
          type="text"
          maxLength={MAX_LABEL + 20}
          className={forms.input}
          value={draft.label}
          onChange={(event) => change({ label: event.target.value })}
        />
        <p id={`${id}-label-hint`} className={styles.hint}>
          {t('admin.absences.form.labelHint')}
        </p>
        <AbsenceFieldError form={form} field="label" />
      </div>

      <div className={styles.actions}>
        <Button type="submit" aria-disabled={create.isPending || undefined} data-testid="absence-submit">
          <Icon name="pause" size={18} />
          {create.isPending ? t('admin.absences.form.saving') : t('admin.absences.form.submit')}
        </Button>
      </div>
      <div aria-live="assertive">
        {create.isError && (
          <p className={forms.error} role="alert" data-testid="absence-server-error">
            <Icon name="alert" size={16} />
            <span>{errorText(create.error)}</span>
          </p>
        )}
      </div>
      {result && (
        <AbsenceResult formId={id} result={result} calendars={calendars} titleRef={form.resultTitle} />
      )}
    </form>
  );
}
