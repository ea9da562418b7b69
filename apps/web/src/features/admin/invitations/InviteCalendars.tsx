/** Which calendars an invited staff member works on: every one, or those ticked (docs/back-office.md "Invitations"). */
import { usePart } from '../../../i18n/i18n.ts';
import forms from '../../../ui/forms/forms.module.css';
import styles from './invitations.module.css';

interface InviteCalendarsProps {
  calendars: readonly { id: number; name: string }[];
  everyCalendar: boolean;
  chosen: ReadonlySet<number>;
  /** The error that concerns the choice (none ticked), if shown. */
  errorId: string | undefined;
  onEveryCalendar: (every: boolean) => void;
  onChosen: (chosen: ReadonlySet<number>) => void;
}

export function InviteCalendars({
  calendars,
  everyCalendar,
  chosen,
  errorId,
  onEveryCalendar,
  onChosen,
}: InviteCalendarsProps) {
  const { t } = usePart('admin');
  return (
    <fieldset className={styles.calendars} aria-describedby={errorId}>
      <legend className={forms.label}>{t('admin.invite.calendars')}</legend>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={everyCalendar}
          onChange={(event) => onEveryCalendar(event.target.checked)}
          data-testid="invite-every-calendar"
        />
        {t('admin.invite.allCalendars')}
      </label>
      {!everyCalendar &&
        calendars.map((calendar) => (
          <label key={calendar.id} className={styles.check}>
            <input
              type="checkbox"
              checked={chosen.has(calendar.id)}
              onChange={() => {
                const next = new Set(chosen);
                if (next.has(calendar.id)) next.delete(calendar.id);
                else next.add(calendar.id);
                onChosen(next);
              }}
            />
            {calendar.name}
          </label>
        ))}
    </fieldset>
  );
}
