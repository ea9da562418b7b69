/**
 * The form that blocks time (docs/back-office.md "Absences and closures"): the whole business (for
 * those who work on every calendar) or one calendar, some hours of a day or whole days, once or every
 * week on chosen weekdays, with a reason. The answer's appointments inside the new time are listed
 * below it, to be moved or cancelled from the agenda.
 */
import { dayOfIsoDate } from '@creneau/core/time/civil-day';
import { addDays, isoWeekdayOf } from '@creneau/core/validation/calendar-date';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type CreatedAbsence, useCreateAbsence } from '../../../api/admin-absences.ts';
import type { AgendaCalendar } from '../../../api/admin-agenda.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { AffectedList } from './AffectedList.tsx';
import { useAbsenceErrorText } from './absence-errors.ts';
import { useAbsenceFormat } from './absence-format.ts';
import {
  type AbsenceDraft,
  type DraftErrors,
  type DraftField,
  FREQUENCIES,
  type Frequency,
  firstError,
  MAX_LABEL,
  requestOf,
  validateDraft,
} from './absence-request.ts';
import styles from './absences.module.css';

/** Labels and legends: the shared look, set a little apart from what they name. */
const labelClass = `${forms.label} ${styles.spaced}`;

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

interface AbsenceFormProps {
  calendars: readonly AgendaCalendar[];
  /** May close the whole business (works on every calendar). */
  wholeGroup: boolean;
  /** Today on the group's calendar, YYYY-MM-DD. */
  today: string;
}

function initialDraft(calendars: readonly AgendaCalendar[], today: string): AbsenceDraft {
  return {
    scope: 'calendar',
    calendarId: calendars.length === 1 ? calendars[0]!.id : null,
    span: 'hours',
    date: today,
    endDate: today,
    fromTime: '12:00',
    toTime: '14:00',
    repeat: false,
    frequency: 'week:1',
    weekdays: [isoWeekdayOf(today)],
    monthBy: 'day',
    until: addDays(today, 28),
    label: '',
  };
}

export function AbsenceForm({ calendars, wholeGroup, today }: AbsenceFormProps) {
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const format = useAbsenceFormat();
  const create = useCreateAbsence(group.id);
  const errorText = useAbsenceErrorText();

  const [draft, setDraft] = useState(() => initialDraft(calendars, today));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [result, setResult] = useState<CreatedAbsence | null>(null);
  const fields = useRef(new Map<DraftField, HTMLElement | null>());
  const resultTitle = useRef<HTMLHeadingElement>(null);
  // The answer takes the focus once shown: it says what happened and lists what needs doing.
  useEffect(() => {
    if (result) resultTitle.current?.focus();
  }, [result]);
  const id = useId();
  const fieldId = (field: DraftField) => `${id}-${field}`;
  const errorId = (field: DraftField) => `${id}-${field}-error`;
  const calendarNames = new Map(calendars.map((calendar) => [calendar.id, calendar.name]));

  const change = (next: Partial<AbsenceDraft>) => {
    setDraft((current) => {
      const updated = { ...current, ...next };
      // Until the person picks weekdays, the repeat follows the chosen date.
      if (next.date && dayOfIsoDate(next.date) !== undefined && !current.repeat)
        updated.weekdays = [isoWeekdayOf(next.date)];
      if (next.date && current.endDate < next.date) updated.endDate = next.date;
      return updated;
    });
    const touched = Object.keys(next) as DraftField[];
    if (touched.some((field) => errors[field]))
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([f]) => !touched.includes(f as DraftField))),
      );
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

  const described = (field: DraftField, hint?: string) =>
    [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;
  const fieldProps = (field: DraftField) => ({
    id: fieldId(field),
    ref: (element: HTMLElement | null) => {
      fields.current.set(field, element);
    },
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': described(field),
    'data-testid': `absence-${field}`,
  });
  const errorOf = (field: DraftField) =>
    errors[field] ? (
      <p id={errorId(field)} className={forms.error} data-testid={`absence-${field}-error`}>
        <Icon name="alert" size={16} />
        <span>{t(`admin.absences.errors.${errors[field]}`)}</span>
      </p>
    ) : null;
  const days = result ? new Set(result.blocks.map((block) => block.starts_local.slice(0, 10))).size : 0;
  /** "On day 12 of the month" / "On the second Tuesday of the month", from the chosen date. */
  const monthlyLabel = (monthBy: 'day' | 'weekday') => {
    const dayOfMonth = Number(draft.date.slice(8, 10));
    if (monthBy === 'day') return t('admin.absences.monthBy.day', { day: dayOfMonth });
    const nth = Math.ceil(dayOfMonth / 7);
    return t(`admin.absences.monthBy.weekday.${nth >= 5 ? 'last' : nth}`, {
      weekday: format.weekdayLong(isoWeekdayOf(draft.date)),
    });
  };

  return (
    <form className={`${styles.form} ${forms.dense}`} onSubmit={submit} noValidate data-testid="absence-form">
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
          <label className={labelClass} htmlFor={fieldId('calendar')}>
            {t('admin.absences.form.calendar')}
          </label>
          <select
            {...fieldProps('calendar')}
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
          {errorOf('calendar')}
        </div>
      )}

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
          <label className={labelClass} htmlFor={fieldId('date')}>
            {draft.span === 'days' && !draft.repeat
              ? t('admin.absences.form.firstDay')
              : t('admin.absences.form.date')}
          </label>
          <input
            {...fieldProps('date')}
            type="date"
            className={forms.input}
            value={draft.date}
            onChange={(event) => change({ date: event.target.value })}
          />
          {errorOf('date')}
        </div>
        {draft.span === 'days' && !draft.repeat && (
          <div className={forms.field}>
            <label className={labelClass} htmlFor={fieldId('endDate')}>
              {t('admin.absences.form.lastDay')}
            </label>
            <input
              {...fieldProps('endDate')}
              type="date"
              min={draft.date || undefined}
              className={forms.input}
              value={draft.endDate}
              onChange={(event) => change({ endDate: event.target.value })}
            />
            {errorOf('endDate')}
          </div>
        )}
      </div>
      {draft.span === 'hours' && (
        <div className={styles.row}>
          <div className={forms.field}>
            <label className={labelClass} htmlFor={fieldId('fromTime')}>
              {t('admin.absences.form.fromTime')}
            </label>
            <input
              {...fieldProps('fromTime')}
              type="time"
              step={300}
              className={forms.input}
              value={draft.fromTime}
              onChange={(event) => change({ fromTime: event.target.value })}
            />
            {errorOf('fromTime')}
          </div>
          <div className={forms.field}>
            <label className={labelClass} htmlFor={fieldId('toTime')}>
              {t('admin.absences.form.toTime')}
            </label>
            <input
              {...fieldProps('toTime')}
              type="time"
              step={300}
              className={forms.input}
              value={draft.toTime}
              onChange={(event) => change({ toTime: event.target.value })}
            />
            {errorOf('toTime')}
          </div>
        </div>
      )}

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
              aria-describedby={errors.weekdays ? errorId('weekdays') : undefined}
              data-testid="absence-weekdays"
            >
              <legend className={labelClass}>{t('admin.absences.form.weekdays')}</legend>
              <div className={styles.days}>
                {WEEKDAYS.map((weekday) => (
                  <label key={weekday} className={styles.day}>
                    <input
                      type="checkbox"
                      ref={
                        weekday === 1
                          ? (element) => {
                              fields.current.set('weekdays', element);
                            }
                          : undefined
                      }
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
              {errorOf('weekdays')}
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
            <label className={labelClass} htmlFor={fieldId('until')}>
              {t('admin.absences.form.until')}
            </label>
            <input
              {...fieldProps('until')}
              type="date"
              min={draft.date || undefined}
              className={forms.input}
              value={draft.until}
              onChange={(event) => change({ until: event.target.value })}
            />
            {errorOf('until')}
          </div>
        </>
      )}

      <div className={forms.field}>
        <label className={labelClass} htmlFor={fieldId('label')}>
          {t('admin.absences.form.label')}
        </label>
        <input
          {...fieldProps('label')}
          aria-describedby={described('label', `${id}-label-hint`)}
          type="text"
          maxLength={MAX_LABEL + 20}
          className={forms.input}
          value={draft.label}
          onChange={(event) => change({ label: event.target.value })}
        />
        <p id={`${id}-label-hint`} className={styles.hint}>
          {t('admin.absences.form.labelHint')}
        </p>
        {errorOf('label')}
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
        <section className={styles.result} aria-labelledby={`${id}-result`} data-testid="absence-result">
          <h3 id={`${id}-result`} ref={resultTitle} tabIndex={-1} className={styles.resultTitle}>
            <Icon name="check" className={styles.success} />
            {t('admin.absences.result.title')}
          </h3>
          <p className={styles.muted}>{t('admin.absences.result.days', { n: days })}</p>
          <AffectedList appointments={result.affected} calendarNames={calendarNames} />
        </section>
      )}
    </form>
  );
}
