/**
 * The confirmed appointments inside time just blocked (docs/back-office.md "Absences and closures":
 * the answer's `affected`), each with a link to its day in the agenda, where the staff move or
 * cancel it. The agenda is opened with `?date=YYYY-MM-DD`.
 */

import type { AffectedAppointment } from '../../../api/admin-absences.ts';
import { useGroupLink } from '../../../app/paths.ts';
import { usePart } from '../../../i18n/i18n.ts';
import { Link } from '../../../routing/routing.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { useAbsenceFormat } from './absence-format.ts';
import styles from './absences.module.css';

/** What the list shows of an appointment: the settings' stranded ones carry no more. */
type ListedAppointment = Pick<
  AffectedAppointment,
  'id' | 'calendar_id' | 'starts_local' | 'ends_local' | 'intervention_name'
> & { customer: Pick<AffectedAppointment['customer'], 'firstname' | 'lastname'> };

interface AffectedListProps {
  appointments: readonly ListedAppointment[];
  /** Calendar names by id, for those the person works on. */
  calendarNames: ReadonlyMap<number, string>;
  /** The sentence above the list; by default the blocked time's. */
  intro?: string;
}

export function AffectedList({ appointments, calendarNames, intro }: AffectedListProps) {
  const { t } = usePart('admin');
  const format = useAbsenceFormat();
  const link = useGroupLink();
  if (appointments.length === 0)
    return (
      <p className={styles.muted} data-testid="affected-none">
        {t('admin.absences.result.noneAffected')}
      </p>
    );
  const agendaOn = (date: string) => {
    const target = link('admin');
    const search = new URLSearchParams(typeof target === 'string' ? '' : (target.search ?? ''));
    search.set('date', date);
    return { pathname: typeof target === 'string' ? target : target.pathname, search: `?${search}` };
  };
  return (
    <>
      <p className={styles.muted}>{intro ?? t('admin.absences.result.affectedIntro')}</p>
      <ul className={styles.affected} data-testid="affected-list">
        {appointments.map((appointment) => {
          const customer = `${appointment.customer.firstname} ${appointment.customer.lastname}`.trim();
          const when = format.when({
            starts_local: appointment.starts_local,
            ends_local: appointment.ends_local,
            wholeDays: false,
          });
          const calendar = calendarNames.get(appointment.calendar_id);
          return (
            <li key={appointment.id} className={styles.affectedItem} data-testid="affected-appointment">
              <div className={styles.affectedText}>
                <span className={styles.strong}>{customer}</span>
                <span className={styles.entryWhen}>{when}</span>
                <span className={styles.muted}>
                  {[appointment.intervention_name, calendar].filter(Boolean).join(' · ')}
                </span>
              </div>
              <Link
                to={agendaOn(appointment.starts_local.slice(0, 10))}
                className={buttonClass({ variant: 'secondary', size: 's' })}
                aria-label={t('admin.absences.result.openLabel', { customer, when })}
                data-testid="affected-open"
              >
                <Icon name="calendar" size={16} />
                {t('admin.absences.result.open')}
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
