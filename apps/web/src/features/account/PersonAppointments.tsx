/** One person's tab of the appointments list: upcoming, then past, or the empty state with a book button. */
import { localDateIn } from '@creneau/core/time/time-zone';
import type { ListedAppointment } from '../../api/appointments.ts';
import { usePart } from '../../i18n/i18n.ts';
import { useGroupContext } from '../../lib/group-context.ts';
import { type AppointmentAction, AppointmentCard } from '../../ui/appointments/AppointmentCard.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { WaitlistForm } from '../waitlist/WaitlistForm.tsx';
import styles from './AppointmentsPage.module.css';
import type { useCleanLink } from './account-navigation.ts';
import { actionsFor, cardsOf, type PersonTab, splitByTime } from './appointment-list.ts';

interface PersonAppointmentsProps {
  person: PersonTab | null;
  appointments: readonly ListedAppointment[];
  now: Date;
  canEdit: boolean;
  linkAction: 'cancel' | 'export' | null;
  onAction: (action: AppointmentAction, appointment: ListedAppointment) => void;
  onVideoExpired: () => void;
  bookLink: ReturnType<ReturnType<typeof useCleanLink>> | null;
}

export function PersonAppointments({
  person,
  appointments,
  now,
  canEdit,
  linkAction,
  onAction,
  onVideoExpired,
  bookLink,
}: PersonAppointmentsProps) {
  const { t } = usePart('account');
  const { group, session } = useGroupContext();
  const { future, past } = splitByTime(cardsOf(appointments), now);
  const card = (appointment: ListedAppointment, isPast: boolean) => (
    <li key={appointment.id}>
      <AppointmentCard
        appointment={appointment}
        group={group}
        past={isPast}
        actions={actionsFor(appointment, { now, canEdit, linkAction })}
        onAction={onAction}
        onVideoExpired={onVideoExpired}
      />
      {/* A single appointment still to come can wait for an earlier time (docs/waitlist.md). */}
      {!isPast && canEdit && appointment.type === 'free' && !appointment.consecutive_value && (
        <WaitlistForm
          appointmentId={appointment.id}
          from={localDateIn(now, group.timezone)}
          to={localDateIn(new Date(appointment.start), group.timezone)}
          email={session.account?.email ?? undefined}
          firstname={appointment.fiche.firstname}
          lastname={appointment.fiche.lastname}
        />
      )}
    </li>
  );
  return (
    <div className={styles.sections}>
      <section aria-labelledby={`upcoming-${person?.id ?? 0}`}>
        <h2 id={`upcoming-${person?.id ?? 0}`} className={styles.sectionTitle}>
          {t('account.appointments.upcoming')}
        </h2>
        {future.length > 0 ? (
          <ul className={styles.cards} data-testid="upcoming-list">
            {future.map((a) => card(a, false))}
          </ul>
        ) : (
          <div className={styles.empty} data-testid="appointments-empty">
            <span className={styles.emptyIcon} aria-hidden="true">
              <Icon name="calendar" size={28} />
            </span>
            <p>
              {person
                ? t('account.appointments.noneFor', { name: person.firstname || person.lastname })
                : t('account.appointments.none')}
            </p>
            {bookLink && (
              <ButtonLink to={bookLink} data-testid="book-button">
                {t('account.appointments.book')}
              </ButtonLink>
            )}
          </div>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby={`past-${person?.id ?? 0}`}>
          <h2 id={`past-${person?.id ?? 0}`} className={styles.sectionTitle}>
            {t('account.appointments.past')}
          </h2>
          <ul className={styles.cards} data-testid="past-list">
            {past.map((a) => card(a, true))}
          </ul>
        </section>
      )}
    </div>
  );
}
