/**
 * Public holidays (docs/back-office.md "Public holidays"): the holidays of the group's country in
 * this year or the next two, which are closed already, and closing the chosen ones for the whole
 * business in one step. The answer's appointments on those days are listed for the staff.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { type ClosedHolidays, useCloseHolidays, useHolidays } from '../../../api/admin-absences.ts';
import { useSessionToken } from '../../../api/session-token.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { Button } from '../../../ui/Button.tsx';
import forms from '../../../ui/forms/forms.module.css';
import { Icon } from '../../../ui/Icon.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { AffectedList } from './AffectedList.tsx';
import { useAbsenceErrorText } from './absence-errors.ts';
import { useAbsenceFormat } from './absence-format.ts';
import styles from './absences.module.css';

/** This year and the next two (packages/contract: HOLIDAY_YEARS_AHEAD). */
const YEARS_AHEAD = 2;

interface HolidaysPanelProps {
  /** Today on the group's calendar, YYYY-MM-DD: its year is the first offered, past days stay as they are. */
  today: string;
  calendarNames: ReadonlyMap<number, string>;
}

export function HolidaysPanel({ today, calendarNames }: HolidaysPanelProps) {
  const thisYear = Number(today.slice(0, 4));
  const { t } = usePart('admin');
  const { group } = useGroupContext();
  const token = useSessionToken();
  const format = useAbsenceFormat();
  const id = useId();
  const [year, setYear] = useState(thisYear);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [result, setResult] = useState<ClosedHolidays | null>(null);
  const [missing, setMissing] = useState(false);
  const resultTitle = useRef<HTMLHeadingElement>(null);
  const holidays = useHolidays(group.id, token, year);
  const close = useCloseHolidays(group.id);
  const errorText = useAbsenceErrorText();

  // The answer takes the focus once shown: it says what happened and lists what needs doing.
  useEffect(() => {
    if (result) resultTitle.current?.focus();
  }, [result]);
  const open = holidays.data?.holidays.filter((holiday) => !holiday.closed && holiday.date >= today) ?? [];
  const allChosen = open.length > 0 && open.every((holiday) => chosen.has(holiday.date));

  const toggle = (date: string, on: boolean) => {
    setMissing(false);
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(date);
      else next.delete(date);
      return next;
    });
  };
  const submit = () => {
    if (close.isPending) return;
    const dates = open.filter((holiday) => chosen.has(holiday.date)).map((holiday) => holiday.date);
    if (dates.length === 0) {
      setMissing(true);
      return;
    }
    setResult(null);
    close.mutate(
      { year, dates },
      {
        onSuccess: (answer) => {
          setChosen(new Set());
          setResult(answer);
        },
      },
    );
  };
  const closedDays = result ? new Set(result.blocks.map((block) => block.starts_local.slice(0, 10))).size : 0;

  return (
    <section
      className={`${styles.panel} ${forms.dense}`}
      aria-labelledby={`${id}-title`}
      data-testid="holidays-panel"
    >
      <div className={styles.panelHead}>
        <h2 id={`${id}-title`} className={styles.panelTitle}>
          {t('admin.holidays.title')}
        </h2>
        <div className={styles.yearField}>
          <label className={`${forms.label} ${styles.spaced}`} htmlFor={`${id}-year`}>
            {t('admin.holidays.year')}
          </label>
          <select
            id={`${id}-year`}
            className={forms.input}
            value={year}
            onChange={(event) => {
              setYear(Number(event.target.value));
              setChosen(new Set());
              setResult(null);
              setMissing(false);
              close.reset();
            }}
            data-testid="holidays-year"
          >
            {Array.from({ length: YEARS_AHEAD + 1 }, (_, index) => thisYear + index).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      </div>
      {holidays.data && (
        <p className={styles.muted}>
          {t('admin.holidays.intro', { country: format.country(holidays.data.country) })}
        </p>
      )}
      {holidays.isPending && <Spinner label={t('admin.loading')} />}
      {holidays.isError && (
        <p className={forms.error} role="alert">
          <Icon name="alert" size={16} />
          <span>{errorText(holidays.error)}</span>
        </p>
      )}
      {holidays.data && holidays.data.holidays.length === 0 && (
        <p className={styles.empty}>{t('admin.holidays.empty')}</p>
      )}
      {holidays.data && holidays.data.holidays.length > 0 && (
        <fieldset
          className={styles.fieldset}
          aria-describedby={missing ? `${id}-missing` : undefined}
          data-testid="holidays-list"
        >
          <legend className="visually-hidden">{t('admin.holidays.legend', { year })}</legend>
          {open.length > 1 && (
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={allChosen}
                onChange={(event) =>
                  setChosen(event.target.checked ? new Set(open.map((holiday) => holiday.date)) : new Set())
                }
                data-testid="holidays-all"
              />
              {t('admin.holidays.selectAll')}
            </label>
          )}
          <ul className={styles.holidays}>
            {holidays.data.holidays.map((holiday) => (
              <li
                key={holiday.date}
                className={styles.holiday}
                data-testid="holiday"
                data-date={holiday.date}
              >
                {holiday.closed || holiday.date < today ? (
                  <span className={styles.holidayStatic}>
                    <span className={styles.holidayMark}>
                      {holiday.closed && <Icon name="check" size={18} />}
                    </span>
                    <span className={styles.holidayName}>
                      <span className={styles.strong} data-testid="holiday-name">
                        {holiday.name}
                      </span>
                      <span className={styles.muted}>{format.day(holiday.date)}</span>
                    </span>
                  </span>
                ) : (
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={chosen.has(holiday.date)}
                      onChange={(event) => toggle(holiday.date, event.target.checked)}
                      data-testid="holiday-choose"
                    />
                    <span className={styles.holidayName}>
                      <span className={styles.strong} data-testid="holiday-name">
                        {holiday.name}
                      </span>
                      <span className={styles.muted}>{format.day(holiday.date)}</span>
                    </span>
                  </label>
                )}
                {holiday.closed ? (
                  <span className={styles.badgeStrong} data-testid="holiday-closed">
                    {t('admin.holidays.closed')}
                  </span>
                ) : holiday.date < today ? (
                  <span className={styles.badge}>{t('admin.holidays.past')}</span>
                ) : (
                  <span className={styles.badge}>{t('admin.holidays.open')}</span>
                )}
              </li>
            ))}
          </ul>
          {missing && (
            <p id={`${id}-missing`} className={forms.error} role="alert">
              <Icon name="alert" size={16} />
              <span>{t('admin.holidays.noneChosen')}</span>
            </p>
          )}
        </fieldset>
      )}
      {open.length > 0 && (
        <div className={styles.actions}>
          <Button onClick={submit} aria-disabled={close.isPending || undefined} data-testid="holidays-close">
            {close.isPending ? t('admin.holidays.closing') : t('admin.holidays.close')}
          </Button>
        </div>
      )}
      <div aria-live="assertive">
        {close.isError && (
          <p className={forms.error} role="alert">
            <Icon name="alert" size={16} />
            <span>{errorText(close.error)}</span>
          </p>
        )}
      </div>
      {result && (
        <section className={styles.result} aria-labelledby={`${id}-result`} data-testid="holidays-result">
          <h3 id={`${id}-result`} ref={resultTitle} tabIndex={-1} className={styles.resultTitle}>
            <Icon name="check" className={styles.success} />
            {closedDays > 0 ? t('admin.holidays.done', { n: closedDays }) : t('admin.holidays.nothing')}
          </h3>
          <AffectedList appointments={result.affected} calendarNames={calendarNames} />
        </section>
      )}
      <p className={styles.credit}>{t('admin.holidays.credit')}</p>
    </section>
  );
}
