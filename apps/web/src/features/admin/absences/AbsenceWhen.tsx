/**
 * When an absence is (docs/back-office.md "Absences and closures"): some hours of a day, or whole
 * days from a first to a last one.
 */
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { AbsenceFieldError } from './AbsenceFieldError.tsx';
import { labelClass } from './absence-form-style.ts';
import styles from './absences.module.css';
import type { AbsenceFormState } from './use-absence-form.ts';

export function AbsenceWhen({ form }: { form: AbsenceFormState }) {
  const { t } = usePart('admin');
  const { id, draft, change } = form;
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend className={labelClass}>{t('admin.absences.form.when')}</legend>
        <div className={styles.segmented}>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-span`}
              checked={draft.span === 'hours'}
              onChange={() => change({ span: 'hours' })}
              data-testid="absence-span-hours"
            />
            <span className={styles.choiceText}>{t('admin.absences.form.hours')}</span>
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-span`}
              checked={draft.span === 'days'}
              onChange={() => change({ span: 'days' })}
              data-testid="absence-span-days"
            />
            <span className={styles.choiceText}>{t('admin.absences.form.days')}</span>
          </label>
        </div>
      </fieldset>

      <div className={styles.row}>
        <div className={forms.field}>
          <label className={labelClass} htmlFor={form.fieldId('date')}>
            {draft.span === 'days' && !draft.repeat
              ? t('admin.absences.form.firstDay')
              : t('admin.absences.form.date')}
          </label>
          <input
            {...form.fieldProps('date')}
            type="date"
            className={forms.input}
            value={draft.date}
            onChange={(event) => change({ date: event.target.value })}
          />
          <AbsenceFieldError form={form} field="date" />
        </div>
        {draft.span === 'days' && !draft.repeat && (
          <div className={forms.field}>
            <label className={labelClass} htmlFor={form.fieldId('endDate')}>
              {t('admin.absences.form.lastDay')}
            </label>
            <input
              {...form.fieldProps('endDate')}
              type="date"
              min={draft.date || undefined}
              className={forms.input}
              value={draft.endDate}
              onChange={(event) => change({ endDate: event.target.value })}
            />
            <AbsenceFieldError form={form} field="endDate" />
          </div>
        )}
      </div>
      {draft.span === 'hours' && (
        <div className={styles.row}>
          <div className={forms.field}>
            <label className={labelClass} htmlFor={form.fieldId('fromTime')}>
              {t('admin.absences.form.fromTime')}
            </label>
            <input
              {...form.fieldProps('fromTime')}
              type="time"
              step={300}
              className={forms.input}
              value={draft.fromTime}
              onChange={(event) => change({ fromTime: event.target.value })}
            />
            <AbsenceFieldError form={form} field="fromTime" />
          </div>
          <div className={forms.field}>
            <label className={labelClass} htmlFor={form.fieldId('toTime')}>
              {t('admin.absences.form.toTime')}
            </label>
            <input
              {...form.fieldProps('toTime')}
              type="time"
              step={300}
              className={forms.input}
              value={draft.toTime}
              onChange={(event) => change({ toTime: event.target.value })}
            />
            <AbsenceFieldError form={form} field="toTime" />
          </div>
        </div>
      )}
    </>
  );
}
