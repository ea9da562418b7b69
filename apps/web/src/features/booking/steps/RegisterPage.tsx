/** Booking page "register": creating an account without leaving the booking (docs/requirements/accounts-and-appointments.md §2). */
import { useId } from 'react';
import { groupPath } from '../../../app/paths.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useLocation, useNavigate } from '../../../routing/routing.ts';
import { RegisterForm, RegistrationDisabled } from '../../auth/RegisterForm.tsx';
import { useBookingStore } from '../booking-store.ts';
import { StepHeader } from '../parts/StepHeader.tsx';
import { pendingRdvOf } from '../pending-rdv.ts';
import { useBooking } from '../use-booking.ts';
import styles from './LoginPage.module.css';

export function RegisterPage() {
  const { t } = useTranslation();
  const { group } = useBooking();
  const navigate = useNavigate();
  const { search } = useLocation();
  const id = useId();
  const selection = useBookingStore((s) => s.selection);
  const itemCalendars = useBookingStore((s) => s.itemCalendars);
  return (
    <>
      <StepHeader step="register" />
      <section className={styles.card} aria-labelledby={id}>
        <h2 id={id} className={styles.title}>
          {t('booking.login.newHere')}
        </h2>
        {group.open ? (
          <RegisterForm
            group={group}
            labelledBy={id}
            autoFocus
            pendingRdv={
              pendingRdvOf(group.urlname, { selection, itemCalendars }) as Record<string, unknown> | undefined
            }
            onSuccess={(email) =>
              navigate(
                { pathname: groupPath(group.urlname, 'book/register_confirm'), search },
                { state: { email } },
              )
            }
          />
        ) : (
          <RegistrationDisabled group={group} />
        )}
      </section>
    </>
  );
}
