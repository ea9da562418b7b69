/**
 * One calendar's weekly opening ranges in the opening hours form (docs/group-configuration.md
 * "Weekly hours"): per weekday its ranges, each with its start, end, remove button and problem, and
 * the button that adds one. The form (HoursForm.tsx) holds the draft and the problems.
 */
import { useId } from 'react';
import { usePart } from '../../../i18n/i18n.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { type CalendarHours, type RangeProblem, WEEKDAYS, type Weekday } from './hours-draft.ts';
import styles from './settings.module.css';

export interface WeekHoursProps {
  calendar: CalendarHours;
  dayName: (day: Weekday) => string;
  problemOf: (key: string) => RangeProblem | undefined;
  setTime: (calendar: string, day: Weekday, key: string, which: 'from' | 'to', value: string) => void;
  addRange: (calendar: string, day: Weekday) => void;
  removeRange: (calendar: string, day: Weekday, key: string) => void;
  register: (key: string) => (element: HTMLElement | null) => void;
}

export function WeekHours({
  calendar,
  dayName,
  problemOf,
  setTime,
  addRange,
  removeRange,
  register,
}: WeekHoursProps) {
  const { t } = usePart('admin');
  const id = useId();
  return (
    <ul className={styles.days}>
      {WEEKDAYS.map((day) => {
        const ranges = calendar.days[day];
        const dayId = `${id}-${calendar.externid}-${day}`;
        return (
          <li key={day} className={styles.day} data-testid="hours-day" data-day={day}>
            <fieldset
              className={styles.dayFields}
              aria-describedby={ranges.length === 0 ? `${dayId}-closed` : undefined}
            >
              <legend className={styles.dayName}>
                {dayName(day)}
                <span className="visually-hidden">, {calendar.name}</span>
              </legend>
              <div className={styles.ranges}>
                {ranges.length === 0 && (
                  <p id={`${dayId}-closed`} className={styles.closed}>
                    {t('admin.settings.hours.closed')}
                  </p>
                )}
                {ranges.map((range, index) => {
                  const problem = problemOf(range.key);
                  const errorId = `${dayId}-${range.key}-error`;
                  const rangeLabel = t('admin.settings.hours.range', { number: index + 1 });
                  const time = (which: 'from' | 'to') => {
                    const bad =
                      problem !== undefined &&
                      (problem === which || problem === 'overlap' || (problem === 'order' && which === 'to'));
                    const inputId = `${dayId}-${range.key}-${which}`;
                    return (
                      <div className={styles.time}>
                        <label htmlFor={inputId} className={styles.timeLabel}>
                          {t(`admin.settings.hours.${which}`)}
                          <span className="visually-hidden">
                            {' '}
                            ({dayName(day)}, {rangeLabel})
                          </span>
                        </label>
                        <input
                          id={inputId}
                          className={forms.input}
                          type="time"
                          step={300}
                          value={range[which]}
                          onChange={(event) =>
                            setTime(calendar.externid, day, range.key, which, event.target.value)
                          }
                          ref={register(`${calendar.externid}:${day}:${range.key}:${which}`)}
                          aria-invalid={bad || undefined}
                          aria-describedby={problem ? errorId : undefined}
                          data-testid={`hours-${which}`}
                        />
                      </div>
                    );
                  };
                  return (
                    <div key={range.key} className={styles.range} data-testid="hours-range">
                      {time('from')}
                      {time('to')}
                      <Button
                        variant="ghost"
                        size="s"
                        iconOnly
                        aria-label={t('admin.settings.hours.remove', {
                          day: dayName(day),
                          range: rangeLabel,
                        })}
                        title={t('admin.settings.hours.remove', {
                          day: dayName(day),
                          range: rangeLabel,
                        })}
                        onClick={() => removeRange(calendar.externid, day, range.key)}
                        data-testid="hours-remove"
                      >
                        <Icon name="close" size={18} />
                      </Button>
                      {problem && (
                        <p
                          id={errorId}
                          className={`${forms.error} ${styles.rangeError}`}
                          data-testid="hours-error"
                        >
                          <Icon name="alert" size={16} />
                          <span>{t(`admin.settings.hours.errors.${problem}`)}</span>
                        </p>
                      )}
                    </div>
                  );
                })}
                <button
                  type="button"
                  className={buttonClass({ variant: 'ghost', size: 's' }, styles.addRange)}
                  onClick={() => addRange(calendar.externid, day)}
                  ref={register(`add:${calendar.externid}:${day}`)}
                  data-testid="hours-add"
                >
                  <Icon name="clock" size={16} />
                  {t('admin.settings.hours.add')}
                  <span className="visually-hidden">
                    {' '}
                    ({dayName(day)}, {calendar.name})
                  </span>
                </button>
              </div>
            </fieldset>
          </li>
        );
      })}
    </ul>
  );
}
