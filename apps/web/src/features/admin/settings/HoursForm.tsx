/**
 * The opening hours form (docs/group-configuration.md "Weekly hours"): per calendar and weekday,
 * the opening ranges, added, removed and changed. The browser checks that each range ends after it
 * starts and that a day's ranges do not overlap; the server checks everything again and its
 * problems come back on the range they name (hours-draft.ts).
 */
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { problemsOf } from '../../../api/admin-settings.ts';
import { ApiError } from '../../../api/client.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useLeaveWarning } from '../../../lib/use-leave-warning.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { type EditorFormProps, SaveBar, useSaveFailure } from './ConfigurationEditor.tsx';
import {
  documentWith,
  draftOf,
  fieldOfProblem,
  type HoursDraft,
  type LocalProblem,
  localProblems,
  newRangeKey,
  type RangeDraft,
  type RangeProblem,
  sortProblems,
  WEEKDAYS,
  type Weekday,
} from './hours-draft.ts';
import styles from './settings.module.css';

/** A Monday, to name the weekdays in the page's language. */
const A_MONDAY = Date.UTC(2024, 0, 1, 12);

export function HoursForm({ version, document, save, onSaved, onEdit, onReload }: EditorFormProps) {
  const { t, i18n } = usePart('admin');
  const id = useId();
  const [read] = useState<HoursDraft>(() => draftOf(document));
  const [draft, setDraft] = useState<HoursDraft>(read);
  /** Problems shown: the browser's on a save, or the server's; each range's own ones show live. */
  const [serverProblems, setServerProblems] = useState<LocalProblem[]>([]);
  const [checked, setChecked] = useState(false);
  const [others, setOthers] = useState<string[]>([]);
  const fields = useRef(new Map<string, HTMLElement | null>());
  const focusNext = useRef<string | null>(null);
  const dayName = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' });
    return (day: Weekday) => {
      const name = format.format(new Date(A_MONDAY + WEEKDAYS.indexOf(day) * 86_400_000));
      return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
    };
  }, [i18n.language]);

  useLeaveWarning(!save.isPending && JSON.stringify(draft) !== JSON.stringify(read));

  useEffect(() => {
    if (!focusNext.current) return;
    const element = fields.current.get(focusNext.current);
    focusNext.current = null;
    element?.focus();
  });

  const local = useMemo(() => localProblems(draft), [draft]);
  /** The problem a range shows: after a first save attempt, the browser's own live, else the server's. */
  const problemOf = (key: string): RangeProblem | undefined =>
    (checked ? local.find((item) => item.key === key)?.problem : undefined) ??
    serverProblems.find((item) => item.key === key)?.problem;

  const change = (calendar: string, day: Weekday, update: (ranges: RangeDraft[]) => RangeDraft[]) => {
    onEdit();
    if (save.isError) save.reset();
    setDraft((current) =>
      current.map((item) =>
        item.externid === calendar
          ? { ...item, days: { ...item.days, [day]: update(item.days[day]) } }
          : item,
      ),
    );
  };
  const setTime = (calendar: string, day: Weekday, key: string, which: 'from' | 'to', value: string) => {
    change(calendar, day, (ranges) =>
      ranges.map((range) => (range.key === key ? { ...range, [which]: value } : range)),
    );
    setServerProblems((list) => list.filter((item) => item.key !== key));
  };
  const addRange = (calendar: string, day: Weekday) => {
    const key = newRangeKey();
    change(calendar, day, (ranges) => {
      const last = ranges.at(-1);
      // After the last range when there is room, else a morning: the owner adjusts it.
      const from = last && last.to < '23:00' && last.to !== '00:00' ? last.to : '09:00';
      const to =
        from === '09:00'
          ? '12:00'
          : `${String(Math.min(Number(from.slice(0, 2)) + 1, 23)).padStart(2, '0')}:${from.slice(3)}`;
      return [...ranges, { key, from, to }];
    });
    focusNext.current = `${calendar}:${day}:${key}:from`;
  };
  const removeRange = (calendar: string, day: Weekday, key: string) => {
    change(calendar, day, (ranges) => ranges.filter((range) => range.key !== key));
    setServerProblems((list) => list.filter((item) => item.key !== key));
    focusNext.current = `add:${calendar}:${day}`;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setChecked(true);
    if (local.length > 0) {
      setServerProblems([]);
      setOthers([]);
      focusNext.current = fieldOfProblem(local[0] as LocalProblem);
      // A render must run for the focus: the draft is unchanged, so force one.
      setDraft((current) => [...current]);
      return;
    }
    setServerProblems([]);
    setOthers([]);
    const sent = documentWith(document, draft);
    save.mutate(
      { document: sent, based_on: version },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const sorted = sortProblems(sent, draft, problemsOf(error.body));
            setServerProblems(sorted.ranges);
            setOthers(sorted.other);
            focusNext.current = sorted.ranges[0] ? fieldOfProblem(sorted.ranges[0]) : null;
          }
        },
      },
    );
  };
  const failure = useSaveFailure(save, serverProblems.length > 0);
  const register = (key: string) => (element: HTMLElement | null) => {
    fields.current.set(key, element);
  };

  return (
    <form className={`${styles.panel} ${forms.dense}`} onSubmit={submit} noValidate data-testid="hours-form">
      <p className={styles.hint}>{t('admin.settings.hours.intro')}</p>
      {draft.map((calendar) => {
        const headingId = `${id}-${calendar.externid}`;
        return (
          <section
            key={calendar.externid}
            className={styles.category}
            aria-labelledby={headingId}
            data-testid="hours-calendar"
            data-calendar={calendar.externid}
          >
            <h2 id={headingId} className={styles.categoryTitle}>
              {calendar.name}
            </h2>
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
                              (problem === which ||
                                problem === 'overlap' ||
                                (problem === 'order' && which === 'to'));
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
          </section>
        );
      })}
      <SaveBar
        save={save}
        version={version}
        failure={failure}
        others={others}
        localMessage={checked && local.length > 0 ? t('admin.settings.errors.invalidLocal') : null}
        onReload={onReload}
      />
    </form>
  );
}
