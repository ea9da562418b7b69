/**
 * The weekly hours of a new business (docs/back-office.md "Sign-up and platform"): each day open or
 * not, with one or more openings (a lunch break makes two), each from and to, and the server's
 * problem under the opening it concerns.
 */
import { usePart, useTranslation } from '../../i18n/i18n.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { Icon } from '../../ui/Icon.tsx';
import styles from './SignupPage.module.css';
import { knownProblem, MAX_RANGES_PER_DAY, WEEKDAYS, weekdayName } from './signup-form.ts';
import type { SignupForm } from './use-signup-form.ts';

type HoursForm = Pick<
  SignupForm,
  'hours' | 'setOpen' | 'updateRange' | 'addRange' | 'removeRange' | 'problemOf' | 'rangeProblem'
>;

export function SignupHours({
  form,
  legend,
}: {
  form: HoursForm;
  /** The section's name; the sign-up page's own by default. */
  legend?: string;
}) {
  const { t } = usePart('account');
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const { hours, problemOf } = form;
  return (
    <fieldset className={styles.section}>
      <legend>{legend ?? t('account.signup.sections.hours')}</legend>
      {problemOf('business.hours') && (
        <p className={authStyles.error} role="alert">
          <Icon name="alert" />
          <span>{t(`account.signup.errors.${knownProblem(problemOf('business.hours')!)}`)}</span>
        </p>
      )}
      <ul className={styles.days}>
        {WEEKDAYS.map((day) => {
          const row = hours[day - 1]!;
          const name = weekdayName(day, locale);
          return (
            <li key={day} className={styles.day} data-testid={`signup-day-${day}`}>
              <label className={styles.dayName}>
                <input
                  type="checkbox"
                  checked={row.open}
                  onChange={(event) => form.setOpen(day, event.target.checked)}
                />
                {name}
              </label>
              <div className={styles.ranges}>
                {row.ranges.map((range, index) => (
                  <DayRange
                    // biome-ignore lint/suspicious/noArrayIndexKey: an opening is its place in the day
                    key={index}
                    form={form}
                    day={day}
                    dayName={name}
                    index={index}
                    count={row.ranges.length}
                    open={row.open}
                    from={range.from}
                    to={range.to}
                  />
                ))}
                {row.open && row.ranges.length < MAX_RANGES_PER_DAY && (
                  <button
                    type="button"
                    className={styles.addRange}
                    onClick={() => form.addRange(day)}
                    data-testid={`signup-add-range-${day}`}
                  >
                    {/* Its name is the words shown, then which day (for a list of seven alike). */}
                    <span aria-hidden="true">+ </span>
                    {t('account.signup.addRange')}
                    <span className="visually-hidden"> ({name})</span>
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** One opening of a day: its two times, a button to remove it when the day has others, its problem. */
function DayRange({
  form,
  day,
  dayName,
  index,
  count,
  open,
  from,
  to,
}: {
  form: HoursForm;
  day: number;
  dayName: string;
  index: number;
  count: number;
  open: boolean;
  from: string;
  to: string;
}) {
  const { t } = usePart('account');
  const problem = form.rangeProblem(day, index);
  // The first opening keeps the day's own names; the next ones say which they are.
  const label = (which: 'opens' | 'closes') =>
    index === 0
      ? t(`account.signup.${which}`, { day: dayName })
      : t(`account.signup.${which}Range`, { day: dayName, n: index + 1 });
  return (
    <div className={styles.range} data-testid={`signup-range-${day}-${index}`}>
      <input
        type="time"
        className={authStyles.input}
        aria-label={label('opens')}
        value={from}
        disabled={!open}
        onChange={(event) => form.updateRange(day, index, { from: event.target.value })}
      />
      <input
        type="time"
        className={authStyles.input}
        aria-label={label('closes')}
        value={to}
        disabled={!open}
        onChange={(event) => form.updateRange(day, index, { to: event.target.value })}
      />
      {count > 1 && (
        <button
          type="button"
          className={styles.removeRange}
          onClick={() => form.removeRange(day, index)}
          disabled={!open}
          aria-label={t('account.signup.removeRange', { day: dayName, from, to })}
          data-testid={`signup-remove-range-${day}-${index}`}
        >
          <Icon name="close" />
        </button>
      )}
      {problem && (
        <p className={`${authStyles.error} ${styles.dayProblem}`}>
          <Icon name="alert" />
          <span>{t(`account.signup.errors.${knownProblem(problem)}`)}</span>
        </p>
      )}
    </div>
  );
}
