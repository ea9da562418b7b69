/**
 * Where an absence applies (docs/back-office.md "Absences and closures"): the whole business, for
 * those who work on every calendar, or one calendar.
 */
import type { AgendaCalendar } from '../../../api/admin-agenda.ts';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { AbsenceFieldError } from './AbsenceFieldError.tsx';
import { labelClass } from './absence-form-style.ts';
import styles from './absences.module.css';
import type { AbsenceFormState } from './use-absence-form.ts';

interface AbsenceWhereProps {
  form: AbsenceFormState;
  calendars: readonly AgendaCalendar[];
  /** May close the whole business (works on every calendar). */
  wholeGroup: boolean;
}

export function AbsenceWhere({ form, calendars, wholeGroup }: AbsenceWhereProps) {
  const { t } = usePart('admin');
  const { id, draft, change } = form;
  return (
    <>
      {wholeGroup && (
        <fieldset className={styles.fieldset}>
          <legend className={labelClass}>{t('admin.absences.form.where')}</legend>
          <div className={styles.segmented}>
            <label className={styles.choice}>
              <input
                type="radio"
                name={`${id}-scope`}
                checked={draft.scope === 'calendar'}
                onChange={() => change({ scope: 'calendar' })}
                data-testid="absence-scope-calendar"
              />
              <span className={styles.choiceText}>{t('admin.absences.form.oneCalendar')}</span>
            </label>
            <label className={styles.choice}>
              <input
                type="radio"
                name={`${id}-scope`}
                checked={draft.scope === 'group'}
                onChange={() => change({ scope: 'group' })}
                data-testid="absence-scope-group"
              />
              <span className={styles.choiceText}>
                {t('admin.absences.form.wholeGroup')}
                <span className={styles.choiceHint}>{t('admin.absences.form.wholeGroupHint')}</span>
              </span>
            </label>
          </div>
        </fieldset>
      )}
      {draft.scope === 'calendar' && (
        <div className={forms.field}>
          <label className={labelClass} htmlFor={form.fieldId('calendar')}>
            {t('admin.absences.form.calendar')}
          </label>
          <select
            {...form.fieldProps('calendar')}
            className={forms.input}
            value={draft.calendarId ?? ''}
            onChange={(event) =>
              change({ calendarId: event.target.value ? Number(event.target.value) : null })
            }
          >
            {calendars.length > 1 && <option value="">{t('admin.absences.form.chooseCalendar')}</option>}
            {calendars.map((calendar) => (
              <option key={calendar.id} value={calendar.id}>
                {calendar.name}
              </option>
            ))}
          </select>
          <AbsenceFieldError form={form} field="calendar" />
        </div>
      )}
    </>
  );
}
