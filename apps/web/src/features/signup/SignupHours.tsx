/**
 * The weekly hours of a new business (docs/back-office.md "Sign-up and platform"): each day open or
 * not, from and to, with the server's problem under the day it concerns.
 */
import { useTranslation } from 'react-i18next';
import { usePart } from '../../i18n/i18n.ts';
import authStyles from '../../ui/auth/auth.module.css';
import { Icon } from '../../ui/Icon.tsx';
import styles from './SignupPage.module.css';
import { type DayHours, knownProblem, WEEKDAYS, weekdayName } from './signup-form.ts';
import type { SignupForm } from './use-signup-form.ts';

export function SignupHours({
  form,
  legend,
}: {
  form: Pick<SignupForm, 'hours' | 'updateDay' | 'problemOf' | 'dayProblem'>;
  /** The section's name; the sign-up page's own by default. */
  legend?: string;
}) {
  const { t } = usePart('account');
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const { hours, problemOf, dayProblem } = form;
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
          const update = (change: Partial<DayHours>) => form.updateDay(day, change);
          const name = weekdayName(day, locale);
          const problem = dayProblem(day);
          return (
            <li key={day} className={styles.day} data-testid={`signup-day-${day}`}>
              <label className={styles.dayName}>
                <input
                  type="checkbox"
                  checked={row.open}
                  onChange={(event) => update({ open: event.target.checked })}
                />
                {name}
              </label>
              <input
                type="time"
                className={authStyles.input}
                aria-label={t('account.signup.opens', { day: name })}
                value={row.from}
                disabled={!row.open}
                onChange={(event) => update({ from: event.target.value })}
              />
              <input
                type="time"
                className={authStyles.input}
                aria-label={t('account.signup.closes', { day: name })}
                value={row.to}
                disabled={!row.open}
                onChange={(event) => update({ to: event.target.value })}
              />
              {problem && (
                <p className={`${authStyles.error} ${styles.dayProblem}`}>
                  <Icon name="alert" />
                  <span>{t(`account.signup.errors.${knownProblem(problem)}`)}</span>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
