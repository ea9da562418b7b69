/**
 * An absence's repeat (docs/back-office.md "Absences and closures"): every day, every N weeks on
 * chosen weekdays, or every N months on the same day or the same weekday of the month, until a date.
 */
import { dayOfIsoDate } from '@creneau/core/time/civil-day';
import { isoWeekdayOf } from '@creneau/core/validation/calendar-date';
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import { AbsenceFieldError } from './AbsenceFieldError.tsx';
import { weekOfMonth } from './absence-draft.ts';
import { labelClass } from './absence-form-style.ts';
import { useAbsenceFormat } from './absence-format.ts';
import { FREQUENCIES, type Frequency } from './absence-request.ts';
import styles from './absences.module.css';
import type { AbsenceFormState } from './use-absence-form.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function AbsenceRepeat({ form }: { form: AbsenceFormState }) {
  const { t } = usePart('admin');
  const format = useAbsenceFormat();
  const { id, draft, change } = form;
  /** "On day 12 of the month" / "On the second Tuesday of the month", from the chosen date. */
  const monthlyLabel = (monthBy: 'day' | 'weekday') => {
    if (monthBy === 'day') return t('admin.absences.monthBy.day', { day: Number(draft.date.slice(8, 10)) });
    const nth = weekOfMonth(draft.date);
    return t(`admin.absences.monthBy.weekday.${nth >= 5 ? 'last' : nth}`, {
      weekday: format.weekdayLong(isoWeekdayOf(draft.date)),
    });
  };
  return (
    <>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.repeat}
          onChange={(event) => change({ repeat: event.target.checked })}
          data-testid="absence-repeat"
        />
        {t('admin.absences.form.repeat')}
      </label>
      {draft.repeat && (
        <>
          <div className={forms.field}>
            <label className={labelClass} htmlFor={`${id}-frequency`}>
              {t('admin.absences.form.frequency')}
            </label>
            <select
              id={`${id}-frequency`}
              className={forms.input}
              value={draft.frequency}
              onChange={(event) => change({ frequency: event.target.value as Frequency })}
              data-testid="absence-frequency"
            >
              {FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {t(`admin.absences.frequency.${frequency.replace(':', '_')}`)}
                </option>
              ))}
            </select>
          </div>
          {draft.frequency.startsWith('week') && (
            <fieldset
              className={styles.fieldset}
              aria-describedby={form.errors.weekdays ? form.errorId('weekdays') : undefined}
              data-testid="absence-weekdays"
            >
              <legend className={labelClass}>{t('admin.absences.form.weekdays')}</legend>
              <div className={styles.days}>
                {WEEKDAYS.map((weekday) => (
                  <label key={weekday} className={styles.day}>
                    <input
                      type="checkbox"
                      ref={weekday === 1 ? form.register('weekdays') : undefined}
                      checked={draft.weekdays.includes(weekday)}
                      aria-label={format.weekdayLong(weekday)}
                      onChange={(event) =>
                        change({
                          weekdays: event.target.checked
                            ? [...draft.weekdays, weekday]
                            : draft.weekdays.filter((d) => d !== weekday),
                        })
                      }
                    />
                    <span aria-hidden="true">{format.weekday(weekday)}</span>
                  </label>
                ))}
              </div>
              <AbsenceFieldError form={form} field="weekdays" />
            </fieldset>
          )}
          {draft.frequency.startsWith('month') && dayOfIsoDate(draft.date) !== undefined && (
            <fieldset className={styles.fieldset} data-testid="absence-month-by">
              <legend className={labelClass}>{t('admin.absences.form.monthBy')}</legend>
              <div className={styles.segmented}>
                {(['day', 'weekday'] as const).map((monthBy) => (
                  <label key={monthBy} className={styles.choice}>
                    <input
                      type="radio"
                      name={`${id}-month-by`}
                      checked={draft.monthBy === monthBy}
                      onChange={() => change({ monthBy })}
                      data-testid={`absence-month-by-${monthBy}`}
                    />
                    <span className={styles.choiceText}>{monthlyLabel(monthBy)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <div className={forms.field}>
            <label className={labelClass} htmlFor={form.fieldId('until')}>
              {t('admin.absences.form.until')}
            </label>
            <input
              {...form.fieldProps('until')}
              type="date"
              min={draft.date || undefined}
              className={forms.input}
              value={draft.until}
              onChange={(event) => change({ until: event.target.value })}
            />
            <AbsenceFieldError form={form} field="until" />
          </div>
        </>
      )}
    </>
  );
}
